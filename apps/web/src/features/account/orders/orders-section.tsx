import { ROUTES } from '@outpost/contracts/routes';
import { useState } from 'react';
import { useOrders } from '../../../lib/commerce/get-orders';
import { Link } from '../../../lib/router/router';
import styles from '../account.module.css';
import { AccountSection } from '../components/account-section';
import { OrderCard } from './order-card';

/** "Your orders": the player's merch orders, newest first, a page at a time. */
export function OrdersSection() {
  const [page, setPage] = useState(1);
  const orders = useOrders(page);
  const data = orders.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

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
            {pages > 1 && (
              <nav className={styles.pager} aria-label="Pages of your orders">
                <button
                  type="button"
                  className="button"
                  aria-disabled={page <= 1}
                  onClick={() => page > 1 && setPage(page - 1)}
                >
                  Newer orders
                </button>
                <span>
                  Page {page} of {pages}
                </span>
                <button
                  type="button"
                  className="button"
                  aria-disabled={page >= pages}
                  onClick={() => page < pages && setPage(page + 1)}
                >
                  Older orders
                </button>
              </nav>
            )}
          </>
        )
      )}
    </AccountSection>
  );
}
