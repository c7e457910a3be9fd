import { adminProductPath } from '@outpost/contracts/admin-routes';
import { type AdminMerchOrder, MERCH_ORDER_STATUS_LABELS } from '@outpost/contracts/merch';
import { cellProps, DataTable } from '../../../../components/admin-list/data-table';
import { creditsText, dollarsText, orderTotalText, PAYMENT_METHOD_LABELS } from '../../../../lib/commerce/order-text';
import { Link } from '../../../../lib/router/router';
import adminStyles from '../../components/admin-screen.module.css';
import { CopyButton } from '../../components/copy-button';
import { formatInstant } from '../../components/local-time';
import { PersonLink } from '../../components/person-link';
import styles from '../merch.module.css';
import { addressLines, cutText, mailtoHref, orderTimeline, phoneText, shippingName, sizesText } from '../merch-text';

type OrderProps = { order: AdminMerchOrder };

/** Where the order stands: status, payment, money in and out, tracking. */
export function OrderSummary({ order }: OrderProps) {
  return (
    <section aria-labelledby="merch-order-summary">
      <h2 id="merch-order-summary">Summary</h2>
      <dl className={`${adminStyles.facts} ${styles.facts}`}>
        <dt>Status</dt>
        <dd>{MERCH_ORDER_STATUS_LABELS[order.status]}</dd>
        <dt>Order ID</dt>
        <dd>
          <span className={styles.mono}>{order.orderID}</span> <CopyButton text={order.orderID} what="order ID" />
        </dd>
        <dt>Payment</dt>
        <dd>
          {PAYMENT_METHOD_LABELS[order.payment]}
          {order.paypalOrderID && (
            <>
              {' '}
              (PayPal order <span className={styles.mono}>{order.paypalOrderID}</span>)
            </>
          )}
        </dd>
        <dt>Total</dt>
        <dd>
          {orderTotalText(order)}
          {order.payment === 'credits' && order.totalCredits !== null && ` (${dollarsText(order.total)})`}
        </dd>
        <dt>Refunded</dt>
        <dd>{order.refundedCents > 0 ? dollarsText(order.refundedCents) : 'Nothing'}</dd>
        <dt>Tracking reference</dt>
        <dd className={styles.mono}>{order.trackingReference ?? 'None yet'}</dd>
        <dt>Player</dt>
        <dd>
          <PersonLink person={order.buyer} />
        </dd>
      </dl>
    </section>
  );
}

/** The lines as ordered, at the price of the day, and their total. */
export function OrderLines({ order }: OrderProps) {
  return (
    <section aria-labelledby="merch-order-lines">
      <h2 id="merch-order-lines">Items</h2>
      <DataTable label="Order lines" hideCaption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Variety</th>
            <th scope="col" {...cellProps({ amount: true })}>
              Quantity
            </th>
            <th scope="col" {...cellProps({ amount: true })}>
              Unit price
            </th>
            <th scope="col" {...cellProps({ amount: true })}>
              Line total
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={`${line.productID}/${line.varietyID}`}>
              <td {...cellProps({ label: 'Product' })}>
                <Link to={adminProductPath(line.productID)}>{line.productName}</Link>
              </td>
              <td {...cellProps({ label: 'Variety' })}>{line.varietyName}</td>
              <td {...cellProps({ label: 'Quantity', amount: true })}>{line.quantity}</td>
              <td {...cellProps({ label: 'Unit price', amount: true })}>{dollarsText(line.unitPrice)}</td>
              <td {...cellProps({ label: 'Line total', amount: true })}>
                {dollarsText(line.unitPrice * line.quantity)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              Total
            </th>
            <td {...cellProps({ amount: true })}>
              {dollarsText(order.total)}
              {order.payment === 'credits' && order.totalCredits !== null && (
                <>
                  <br />
                  {creditsText(order.totalCredits)}
                </>
              )}
            </td>
          </tr>
        </tfoot>
      </DataTable>
    </section>
  );
}

/** Where and to whom it ships, as the order profile said when the order was placed. */
export function ShippingDetails({ order }: OrderProps) {
  const { shipping } = order;
  return (
    <section aria-labelledby="merch-order-shipping">
      <h2 id="merch-order-shipping">Shipping details</h2>
      <dl className={`${adminStyles.facts} ${styles.facts}`}>
        <dt>Name</dt>
        <dd>{shippingName(shipping)}</dd>
        <dt>Address</dt>
        <dd>
          <address className={styles.address}>
            {addressLines(shipping.address).map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        </dd>
        <dt>Phone</dt>
        <dd>
          <a href={`tel:${phoneText(shipping).replace(/[^+\d]/g, '')}`}>{phoneText(shipping)}</a>
        </dd>
        <dt>Email</dt>
        <dd>
          <a href={mailtoHref(shipping.email)}>{shipping.email}</a>
        </dd>
        <dt>Cut</dt>
        <dd>{cutText(shipping.cut)}</dd>
        <dt>Sizes</dt>
        <dd>{sizesText(shipping.sizes)}</dd>
      </dl>
    </section>
  );
}

/** Placed, paid, packed, shipped: each step with its time once it happened. */
export function OrderTimeline({ order }: OrderProps) {
  return (
    <section aria-labelledby="merch-order-timeline">
      <h2 id="merch-order-timeline">Timeline</h2>
      <ol className={styles.timeline}>
        {orderTimeline(order).map((step) => (
          <li key={step.label} className={step.at ? styles.done : undefined}>
            <span className={styles.step}>{step.label}</span>
            {step.at ? (
              <time dateTime={step.at}>{formatInstant(step.at)}</time>
            ) : (
              <span className={styles.pending}>Not yet</span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
