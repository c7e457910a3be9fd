import { type AdminMerchOrder, MERCH_MESSAGES, type MerchRefund, PAID_MERCH_STATUSES } from '@outpost/contracts/merch';
import { shortNumber } from '@outpost/contracts/short-numbers';
import { CellValue, cellProps, DataTable } from '../../../../components/admin-list/data-table';
import { FormField } from '../../../../components/form/form-field';
import { TextAreaField } from '../../../../components/form/text-area-field';
import { useFollowedDraft } from '../../../../components/form/use-draft';
import { creditsText, dollarsText } from '../../../../lib/commerce/order-text';
import adminStyles from '../../components/admin-screen.module.css';
import { formatInstant } from '../../components/local-time';
import { PersonLink } from '../../components/person-link';
import styles from '../merch.module.css';
import { providerName, refundableCents, refundStatusText } from '../merch-text';
import { checkRefund, newRefundDraft, type RefundDraft } from '../order-form';
import { type OrderChange, OrderChangeForm } from './order-change';
import { OrderChangedNotice } from './order-changed-notice';

interface RefundsProps {
  order: AdminMerchOrder;
  change: OrderChange;
}

/** Where a refund of this order goes: credits back to the player, or money back through PayPal or the card. */
function refundRoute(order: AdminMerchOrder): string {
  if (order.payment === 'credits') return 'Paid in credits: the player gets the matching credits back.';
  return order.payment === 'paypal'
    ? 'Paid with PayPal: the money goes back to the player’s PayPal account.'
    : 'Paid by card: the money goes back to the card through Stripe.';
}

/**
 * A refund the provider has not confirmed (it did not answer, or the server stopped before it
 * recorded the answer): it is asked again for the same amount, under the refund's own key, so it
 * is made once however often it is asked. No other refund is taken meanwhile.
 */
function PendingRefund({ order, refund, change }: RefundsProps & { refund: MerchRefund }) {
  const provider = providerName(order.payment) ?? 'The payment provider';
  const amount = dollarsText(refund.amountCents);

  const askAgain = () => {
    const confirmation = () => ({
      message: (
        <p>
          This asks {provider} again for the pending refund of {amount} of order {shortNumber(order.orderNumber)} in
          production.
        </p>
      ),
      items: ['It is made once, however often it is asked.'],
      confirmLabel: 'Ask again in production',
    });
    const input = { amountCents: refund.amountCents, reason: refund.reason };
    void change.send(confirmation, { kind: 'refund', input }, () => `Refund of ${amount} made at ${provider}.`);
  };

  return (
    <OrderChangeForm
      change={change}
      labelledBy="merch-order-refund-title"
      onSubmit={askAgain}
      submitLabel={`Ask ${provider} again`}
    >
      <h3 id="merch-order-refund-title">Refund pending at {provider}</h3>
      <p className={adminStyles.note}>
        {provider} has not confirmed the refund of {amount} asked on {formatInstant(refund.createdAt)}. Its dashboard
        shows whether the money went back. Asking again is safe: {provider} makes the refund once, and this page records
        it when {provider} answers. Another refund can follow once this one is done.
      </p>
    </OrderChangeForm>
  );
}

/** What the refund form says when the order changed while a refund was being typed: what it stands at now. */
function refundChangedText(order: AdminMerchOrder): string {
  const refundable = refundableCents(order);
  return `This order changed while you were typing the refund (another refund, or its status): ${dollarsText(order.refundedCents)} refunded so far, ${refundable > 0 ? `up to ${dollarsText(refundable)} left` : 'nothing left'} to refund. Check the refunds above before sending yours.`;
}

/** The refunds recorded against the order, and the form that records another (or asks again for a pending one). */
export function Refunds({ order, change }: RefundsProps) {
  // A refund being typed is kept when the order changes (another refund, a payment): the form says so,
  // since two people may be refunding the same thing.
  const { draft, setDraft, startFrom, changedElsewhere } = useFollowedDraft<AdminMerchOrder, RefundDraft>(
    order,
    newRefundDraft,
  );
  const refundable = refundableCents(order);
  const paid = (PAID_MERCH_STATUSES as readonly string[]).includes(order.status);
  const pendingRefund = order.refunds.find((refund) => refund.status === 'pending');
  const set = <Field extends keyof RefundDraft>(field: Field, value: RefundDraft[Field]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const recordRefund = () => {
    const checked = checkRefund(draft, refundable);
    if (!checked.ok) return change.refuse(checked.message, checked.fields);
    const input = checked.value;
    const amount = dollarsText(input.amountCents);
    const confirmation = () => ({
      message: (
        <p>
          This refunds {amount} of order {shortNumber(order.orderNumber)} in production. {refundRoute(order)}
        </p>
      ),
      items: ['A refund cannot be taken back.'],
      confirmLabel: 'Refund in production',
    });
    void change.send(confirmation, { kind: 'refund', input }, (saved) => {
      startFrom(saved);
      const recorded = saved.refunds.at(-1);
      const credits = recorded?.credits ? `; ${creditsText(recorded.credits)} went back to the player` : '';
      return `Refund of ${amount} recorded${credits}.`;
    });
  };

  return (
    <section aria-labelledby="merch-order-refunds">
      <h2 id="merch-order-refunds">Refunds</h2>
      {order.refunds.length === 0 ? (
        <p className={adminStyles.note}>No refunds yet.</p>
      ) : (
        <DataTable label="Refunds of this order" hideCaption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col" {...cellProps({ amount: true })}>
                Amount
              </th>
              <th scope="col" {...cellProps({ amount: true })}>
                Credits back
              </th>
              <th scope="col">Reason</th>
              <th scope="col">By</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {order.refunds.map((refund) => (
              <tr key={refund.refundID}>
                <td {...cellProps({ label: 'When', nowrap: true })}>{formatInstant(refund.createdAt)}</td>
                <td {...cellProps({ label: 'Amount', amount: true })}>{dollarsText(refund.amountCents)}</td>
                <td {...cellProps({ label: 'Credits back', amount: true })}>
                  {refund.credits === null ? '—' : creditsText(refund.credits)}
                </td>
                <td {...cellProps({ label: 'Reason' })}>
                  <CellValue>{refund.reason}</CellValue>
                </td>
                <td {...cellProps({ label: 'By' })}>
                  <PersonLink person={refund.refundedBy} withEmail={false} />
                </td>
                <td {...cellProps({ label: 'Status' })}>
                  <span className={refund.status === 'pending' ? adminStyles.failure : undefined}>
                    {refundStatusText(refund, order.payment)}
                  </span>
                  {refund.providerReference && <div className={styles.mono}>{refund.providerReference}</div>}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {pendingRefund ? (
        <PendingRefund order={order} refund={pendingRefund} change={change} />
      ) : refundable > 0 ? (
        <OrderChangeForm
          change={change}
          labelledBy="merch-order-refund-title"
          onSubmit={recordRefund}
          submitLabel="Refund"
        >
          <h3 id="merch-order-refund-title">Refund this order</h3>
          <FormField
            label="Amount (USD)"
            inputMode="decimal"
            autoComplete="off"
            value={draft.amount}
            error={change.errors.amountCents}
            hint={`Up to ${dollarsText(refundable)} can still be refunded. ${refundRoute(order)}`}
            onChange={(event) => set('amount', event.target.value)}
          />
          <TextAreaField
            label="Reason"
            rows={3}
            maxLength={500}
            value={draft.reason}
            error={change.errors.reason}
            onChange={(event) => set('reason', event.target.value)}
          />
        </OrderChangeForm>
      ) : (
        <p className={adminStyles.note}>
          {order.status === 'refunded' || paid
            ? 'Everything paid for this order has been refunded.'
            : MERCH_MESSAGES.refundUnpaid}
        </p>
      )}
      <OrderChangedNotice
        changed={changedElsewhere}
        text={refundChangedText(order)}
        discardLabel="Clear the refund form"
        onDiscard={() => startFrom(order)}
      />
      {/* Outside the form: the alert region stays in place when a full refund takes the form away. */}
      {change.outcome}
    </section>
  );
}
