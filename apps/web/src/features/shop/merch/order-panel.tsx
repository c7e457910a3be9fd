import { MERCH_MESSAGES, type MerchOrder, type MerchOrderLine } from '@outpost/contracts/merch';
import { ROUTES } from '@outpost/contracts/routes';
import { shortNumber } from '@outpost/contracts/short-numbers';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { failureNotice } from '../../../components/form/failure-notice';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { useCancelOrder } from '../../../lib/commerce/cancel-order';
import { ordersQueryOptions } from '../../../lib/commerce/get-orders';
import {
  awaitingPayment,
  creditsText,
  orderLineText,
  orderTotalText,
  PAYMENT_METHOD_LABELS,
} from '../../../lib/commerce/order-text';
import { usePayOrderWithCredits } from '../../../lib/commerce/pay-order-with-credits';
import { refreshAfterPurchase } from '../../../lib/commerce/query-keys';
import { newRequestKey } from '../../../lib/request-key';
import { Link } from '../../../lib/router/router';
import { PayPalButtons } from '../components/paypal-buttons';
import { processMerchPayPalOrder } from './api/process-paypal-order';
import styles from './merch.module.css';
import { isPaid, newerOrder, orderStanding, type StripeReturn } from './order-state';

/** The order the screen follows: one just placed (with what its payment said), or one named in the address. */
export interface ActiveOrder {
  orderID: string;
  order: MerchOrder | null;
  balance?: number;
  notice?: FormNotice;
  /** Set when Stripe Checkout sent the player back here (?checkout=success|cancelled). */
  stripe: StripeReturn;
}

interface OrderPanelProps {
  active: ActiveOrder;
  /** Null while the session is still loading. */
  signedIn: boolean | null;
  paypalClientId: string | null;
  stripeOn: boolean;
  onClose: () => void;
  /** The order was given up: its lines go back in the bag. */
  onGivenUp: (lines: readonly MerchOrderLine[]) => void;
}

/** How often the screen asks for the order while Stripe's confirmation (its webhook) is on its way. */
const STRIPE_POLL_MS = 2000;

/**
 * The order step: the order as the server has it, its payment (credits, PayPal's buttons loaded
 * only now, or Stripe's page), and Cancel while it waits. After Stripe the screen never trusts the
 * address: it asks for the order until the server (told by Stripe's webhook) says it is paid.
 */
export function OrderPanel({ active, signedIn, paypalClientId, stripeOn, onClose, onGivenUp }: OrderPanelProps) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const queryClient = useQueryClient();
  const [known, setKnown] = useState<MerchOrder | null>(active.order);
  const [balance, setBalance] = useState<number | null>(active.balance ?? null);
  const [notice, setNotice] = useState<FormNotice | null>(active.notice ?? null);
  const pay = usePayOrderWithCredits();
  const cancel = useCancelOrder();
  const listed = useQuery({
    ...ordersQueryOptions(1),
    enabled: signedIn === true,
    refetchInterval: (query) => {
      if (active.stripe !== 'success') return false;
      // Until the order is no longer reserved: paid, or expired by the server's sweep.
      const row = query.state.data?.rows.find((candidate) => candidate.orderID === active.orderID);
      return row?.status === 'reserved' ? STRIPE_POLL_MS : false;
    },
  });
  const order = newerOrder(known, listed.data?.rows.find((row) => row.orderID === active.orderID) ?? null);

  useEffect(() => heading.current?.focus(), []);

  const payInCredits = async (orderID: string) => {
    try {
      const result = await pay.run(orderID);
      if (!result) return;
      setKnown(result.order);
      setBalance(result.balance);
      setNotice(null);
    } catch (error) {
      setNotice(failureNotice(error, 'The payment did not go through.'));
    }
  };

  const settlePayPal = async (paypalOrderID: string) => {
    try {
      // One approval, one intent: PayPal calls onApprove once for it.
      const result = await processMerchPayPalOrder(paypalOrderID, newRequestKey());
      setKnown(result.order);
      setNotice(null);
    } catch (error) {
      setNotice(failureNotice(error, 'The payment could not be completed.'));
    } finally {
      await refreshAfterPurchase(queryClient);
    }
  };

  const giveUp = (target: MerchOrder) =>
    cancel.mutate(target.orderID, {
      onSuccess: (cancelled) => {
        setKnown(cancelled);
        onGivenUp(cancelled.lines);
        setNotice({ tone: 'ok', text: 'Order cancelled; nothing was charged. Its items are back in your bag.' });
      },
      onError: (error) => setNotice(failureNotice(error, 'The order could not be cancelled.')),
    });

  const waiting = order !== null && awaitingPayment(order);
  const busy = pay.busy || cancel.isPending;

  return (
    <section className={`${styles.panel} ${styles.order}`} aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        Your order
      </h2>
      {signedIn === false ? (
        <p>
          <Link to={`${ROUTES.login}?next=${encodeURIComponent(`${ROUTES.shop}?order=${active.orderID}`)}`}>
            Sign in
          </Link>{' '}
          to see this order.
        </p>
      ) : order === null ? (
        signedIn === null || listed.isPending ? (
          <p role="status">Loading your order…</p>
        ) : (
          <p role="alert">
            This order is not among your latest ones. All your orders are on{' '}
            <Link to={ROUTES.account}>your account page</Link>.
          </p>
        )
      ) : (
        <>
          <p className={styles.left}>
            Order {shortNumber(order.orderNumber)} · {PAYMENT_METHOD_LABELS[order.payment]}
          </p>
          <ul>
            {order.lines.map((line) => (
              <li key={`${line.productID}-${line.varietyID}`}>{orderLineText(line)}</li>
            ))}
          </ul>
          <p className={styles.total}>
            Total: <strong>{orderTotalText(order)}</strong>
          </p>
          <p role="status" className={isPaid(order) ? styles.added : undefined}>
            {orderStanding(order, active.stripe, balance)}
          </p>
          {waiting && order.payment === 'credits' && (
            <div>
              <button
                type="button"
                className={`button ${styles.action}`}
                disabled={busy}
                onClick={() => payInCredits(order.orderID)}
              >
                {pay.busy ? 'Paying…' : `Pay ${order.totalCredits === null ? '' : creditsText(order.totalCredits)}`}
              </button>
            </div>
          )}
          {waiting &&
            order.payment === 'paypal' &&
            (paypalClientId && order.paypalOrderID ? (
              <PayPalButtons
                clientId={paypalClientId}
                createOrder={async () => order.paypalOrderID ?? ''}
                onApprove={settlePayPal}
                onError={(text) => setNotice({ tone: 'error', text })}
              />
            ) : (
              <p>{MERCH_MESSAGES.paypalOff}</p>
            ))}
          {waiting &&
            order.payment === 'stripe' &&
            active.stripe !== 'success' &&
            (stripeOn && order.checkoutUrl ? (
              <>
                {active.stripe === 'cancelled' && <p>You left the card payment before paying; nothing was charged.</p>}
                <div>
                  <a className="button" href={order.checkoutUrl}>
                    Continue to card payment
                  </a>
                </div>
              </>
            ) : (
              <p>{MERCH_MESSAGES.stripeOff}</p>
            ))}
          {isPaid(order) && (
            <p>
              Follow it on <Link to={ROUTES.account}>your account page</Link>.
            </p>
          )}
        </>
      )}
      <FormAlert notice={notice} />
      <div className={styles.lineControls}>
        {/* Once Stripe took the payment, only its confirmation is awaited: nothing to cancel. */}
        {waiting && order && !(order.payment === 'stripe' && active.stripe === 'success') && (
          <button type="button" className={`button ${styles.action}`} disabled={busy} onClick={() => giveUp(order)}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel order'}
          </button>
        )}
        <button type="button" className={styles.textButton} onClick={onClose}>
          {waiting ? 'Pay later' : 'Close'}
        </button>
      </div>
    </section>
  );
}
