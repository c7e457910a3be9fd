import { ROUTES } from '@outpost/contracts/routes';
import { useState } from 'react';
import { useOrders } from '../../../lib/commerce/get-orders';
import { Link } from '../../../lib/router/router';
import styles from '../account.module.css';
import { AccountSection } from '../components/account-section';
import { Pager, pageCount } from '../components/pager';
import { SectionLoadState } from '../components/section-load-state';
import { OrderCard } from './order-card';

/** "Your orders": the player's merch orders, newest first, a page at a time. */
export function OrdersSection() {
  const [page, setPage] = useState(1);
  const orders = useOrders(page);

  return (
    <AccountSection title="Your orders">
      <SectionLoadState query={orders} what="your orders">
        {(data) =>
          data.rows.length === 0 ? (
            <p className={styles.note}>
              No orders yet. The merch is in the <Link to={ROUTES.shop}>shop</Link>.
            </p>
          ) : (
            <>
              <ol className={styles.orders} aria-busy={orders.isPlaceholderData || undefined}>
                {data.rows.map((order) => (
                  <OrderCard key={order.orderID} order={order} />
                ))}
              </ol>
              <Pager
                of="your orders"
                page={page}
                pages={pageCount(data.total, data.pageSize)}
                onPage={setPage}
                newer="Newer orders"
                older="Older orders"
              />
            </>
          )
        }
      </SectionLoadState>
    </AccountSection>
  );
}
