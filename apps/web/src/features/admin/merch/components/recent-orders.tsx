import { ADMIN_ROUTES, adminMerchOrderPath } from '@outpost/contracts/admin-routes';
import type { Environment } from '@outpost/contracts/environments';
import { MERCH_ORDER_STATUS_LABELS, RECENT_MERCH_ORDERS } from '@outpost/contracts/merch';
import { shortNumber } from '@outpost/contracts/short-numbers';
import { orderTotalText } from '../../../../lib/commerce/order-text';
import { Link } from '../../../../lib/router/router';
import adminStyles from '../../components/admin-screen.module.css';
import { formatInstant } from '../../components/local-time';
import { useRecentMerchOrders } from '../api/get-merch-orders';
import styles from '../merch.module.css';
import { shippingName } from '../merch-text';

/**
 * The dashboard's recent merch orders (docs/product.md §9.2: the 20 newest by orderTime), each linking to its
 * order screen, then the whole list. The admin home shows it to those who handle orders (manageShop).
 */
export function RecentMerchOrders({ environment }: { environment: Environment }) {
  const orders = useRecentMerchOrders(environment);
  const all = (
    <p className={adminStyles.note}>
      <Link to={ADMIN_ROUTES.adminMerchOrders}>All merch orders</Link>: filter, sort and export them.
    </p>
  );
  if (orders.isPending) {
    return (
      <p role="status" className={adminStyles.note}>
        Loading the recent orders…
      </p>
    );
  }
  if (orders.isError) {
    return (
      <div role="alert" className={adminStyles.failure}>
        <p>The recent orders could not be loaded: {orders.error.message}</p>
        <button type="button" className="button" onClick={() => orders.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const rows = orders.data.rows.slice(0, RECENT_MERCH_ORDERS);
  return (
    <>
      {rows.length === 0 ? (
        <p className={adminStyles.note}>No merch orders in {environment} yet.</p>
      ) : (
        <ol className={styles.recent} aria-label="Recent merch orders" aria-busy={orders.isFetching}>
          {rows.map((order) => (
            <li key={order.orderID}>
              <time dateTime={order.orderTime}>{formatInstant(order.orderTime)}</time>
              <Link to={adminMerchOrderPath(order.orderID)}>Order {shortNumber(order.orderNumber)}</Link>
              <span>{shippingName(order.shipping)}</span>
              <span className={styles.nowrap}>{orderTotalText(order)}</span>
              <span className={styles.status}>{MERCH_ORDER_STATUS_LABELS[order.status]}</span>
            </li>
          ))}
        </ol>
      )}
      {all}
    </>
  );
}
