import { ROUTES } from '@outpost/contracts/routes';
import { useState } from 'react';
import { useOrders } from '../../../lib/commerce/get-orders';
import { Link } from '../../../lib/router/router';
import styles from '../account.module.css';
import { AccountSection } from '../components/account-section';
import { Pager, pageCount } from '../components/pager';
import { OrderCard } from './order-card';

/** "Your orders": the player's merch orders, newest first, a page at a time. */
export function OrdersSection() {
  const [page, setPage] = useState(1);
  const orders = useOrders(page);
  const data = orders.data;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;

  return (
    <AccountSection title="Your orders">
      {orders.isPending ? (
        <p role="status">Loading your orders…</p>
      ) : orders.isError && !data ? (
        <p role="alert">Your orders could not be loaded. Check your connection and reload the page.</p>
      ) : data && data.rows.length === 0 ? (
        <p className={styles.note}>
          No orders yet. The merch is in the <Link to={ROUTES.shop}>shop</Link>.
        </p>
      ) : (
        data && (
          <>
            <ol className={styles.orders} aria-busy={orders.isPlaceholderData || undefined}>
              {data.rows.map((order) => (
                <OrderCard key={order.orderID} order={order} />
              ))}
            </ol>
            <Pager
              of="your orders"
              page={page}
              pages={pages}
              onPage={setPage}
              newer="Newer orders"
              older="Older orders"
            />
          </>
        )
      )}
    </AccountSection>
  );
}
