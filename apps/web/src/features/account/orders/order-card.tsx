import type { MerchOrder } from '@outpost/contracts/merch';
import { ROUTES } from '@outpost/contracts/routes';
import { shortNumber } from '@outpost/contracts/short-numbers';
import { useId, useState } from 'react';
import { failureNotice } from '../../../components/form/failure-notice';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { useCancelOrder } from '../../../lib/commerce/cancel-order';
import {
  awaitingPayment,
  creditsText,
  dateTimeText,
  orderLineText,
  orderStatusText,
  orderTotalText,
  PAYMENT_METHOD_LABELS,
} from '../../../lib/commerce/order-text';
import { usePayOrderWithCredits } from '../../../lib/commerce/pay-order-with-credits';
import { Link } from '../../../lib/router/router';
import styles from '../account.module.css';

/** One merch order: when, what, the total as paid, its status, tracking once shipped, and payment while it waits. */
export function OrderCard({ order }: { order: MerchOrder }) {
  const titleId = useId();
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const pay = usePayOrderWithCredits();
  const cancel = useCancelOrder();
  const waiting = awaitingPayment(order);
  const busy = pay.busy || cancel.isPending;
  const paid = order.status === 'paid' || order.status === 'packed' || order.status === 'shipped';

  const payInCredits = () =>
    pay.start(order.orderID, {
      onSuccess: (result) =>
        setNotice({ tone: 'ok', text: `Paid. Your balance is now ${creditsText(result.balance)}.` }),
      onError: (error) => setNotice(failureNotice(error, 'The payment did not go through.')),
    });
  const cancelOrder = () =>
    cancel.mutate(order.orderID, {
      onSuccess: () => setNotice({ tone: 'ok', text: 'Order cancelled. Nothing was charged.' }),
      onError: (error) => setNotice(failureNotice(error, 'The order could not be cancelled.')),
    });

  return (
    <li className={styles.order} aria-labelledby={titleId}>
      <h3 id={titleId}>Order {shortNumber(order.orderNumber)}</h3>
      <p className={styles.placed}>
        Placed <time dateTime={order.orderTime}>{dateTimeText(order.orderTime)}</time>
      </p>
      <ul className={styles.lines} aria-label="Items">
        {order.lines.map((line) => (
          <li key={`${line.productID}-${line.varietyID}`}>{orderLineText(line)}</li>
        ))}
      </ul>
      <dl className={styles.facts}>
        <dt>Status</dt>
        <dd className={paid ? `${styles.status} ${styles.paid}` : styles.status}>{orderStatusText(order)}</dd>
        <dt>Total</dt>
        <dd>{orderTotalText(order)}</dd>
        <dt>Paid with</dt>
        <dd>{PAYMENT_METHOD_LABELS[order.payment]}</dd>
        {waiting && order.reservedUntil && (
          <>
            <dt>Reserved until</dt>
            <dd>
              <time dateTime={order.reservedUntil}>{dateTimeText(order.reservedUntil)}</time>
            </dd>
          </>
        )}
        {order.status === 'shipped' && order.trackingReference && (
          <>
            <dt>Tracking</dt>
            <dd>{order.trackingReference}</dd>
          </>
        )}
      </dl>
      {waiting && (
        <div className={styles.actions}>
          {order.payment === 'credits' && (
            <button type="button" className={`button ${styles.action}`} disabled={busy} onClick={payInCredits}>
              {pay.busy ? 'Paying…' : `Pay ${order.totalCredits === null ? '' : creditsText(order.totalCredits)}`}
            </button>
          )}
          {order.payment === 'paypal' && (
            <Link className="button" to={`${ROUTES.shop}?order=${encodeURIComponent(order.orderID)}`}>
              Pay with PayPal
            </Link>
          )}
          {order.payment === 'stripe' && order.checkoutUrl && (
            <a className="button" href={order.checkoutUrl}>
              Continue to payment
            </a>
          )}
          <button type="button" className={`button ${styles.action}`} disabled={busy} onClick={cancelOrder}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel order'}
          </button>
        </div>
      )}
      <FormAlert notice={notice} />
    </li>
  );
}
