import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import type { Environment } from '@outpost/contracts/environments';
import { type AdminMerchOrder, MERCH_MESSAGES } from '@outpost/contracts/merch';
import { shortNumber } from '@outpost/contracts/short-numbers';
import { useQuery } from '@tanstack/react-query';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { Link, useParams } from '../../../lib/router/router';
import { useAdminAccessContext } from '../admin-access-context';
import { LoadState } from '../components/load-state';
import { useGuardedSave } from '../components/use-guarded-save';
import { merchOrderQueryOptions, useMerchOrder } from './api/get-merch-order';
import { FulfilmentForm } from './components/fulfilment-form';
import { MerchScreen } from './components/merch-screen';
import { useOrderChange } from './components/order-change';
import { OrderLines, OrderSummary, OrderTimeline, ShippingDetails } from './components/order-facts';
import { Refunds } from './components/refunds';
import { StaffOnlyNotice } from './components/staff-only-notice';
import styles from './merch.module.css';

/**
 * One merch order: its lines, where it ships, its way from placed to shipped, and the changes the
 * shop's staff make to it (packed, shipped with a tracking reference, refunds). After each change
 * the screen shows the order as the server answered it, and it follows the changes made elsewhere.
 * Staff and admins only.
 */
export default function MerchOrderEdit() {
  const { environment, capabilities } = useAdminAccessContext();
  const { orderID = '' } = useParams();
  // The title names the order by its number once it is loaded (the loader below shares this query).
  const loaded = useQuery({ ...merchOrderQueryOptions(environment, orderID), enabled: capabilities.manageShop });
  return (
    <MerchScreen
      id="merch-order-title"
      title={loaded.data ? `Merch order ${shortNumber(loaded.data.orderNumber)}` : 'Merch order'}
      lead={
        <>
          In {environment}. <Link to={ADMIN_ROUTES.adminMerchOrders}>Back to the orders</Link>
        </>
      }
    >
      {capabilities.manageShop ? (
        <OrderLoader key={`${environment}/${orderID}`} environment={environment} orderID={orderID} />
      ) : (
        <StaffOnlyNotice what="Merch orders" />
      )}
    </MerchScreen>
  );
}

/**
 * The order, live (merch-orders): another staff member packing, shipping or refunding it, the player paying,
 * a provider confirming a refund show here at once. Its forms follow it while nothing is typed in them; one
 * being typed in keeps what was typed and says the order changed.
 */
function OrderLoader({ environment, orderID }: { environment: Environment; orderID: string }) {
  const order = useMerchOrder(environment, orderID);
  return (
    <>
      <LiveUpdates topics={['merch-orders']} environment={environment} />
      <LoadState query={order} what="order" missing={`${MERCH_MESSAGES.orderNotFound} (${environment})`}>
        {(loaded) => (
          <OrderDetails
            environment={environment}
            order={loaded}
            refreshing={order.isFetching}
            onReload={order.refetch}
          />
        )}
      </LoadState>
    </>
  );
}

interface OrderDetailsProps {
  environment: Environment;
  order: AdminMerchOrder;
  refreshing: boolean;
  onReload: () => Promise<unknown>;
}

function OrderDetails({ environment, order, refreshing, onReload }: OrderDetailsProps) {
  // One guard for the screen: one change of the order at a time, each confirmed in production.
  const guard = useGuardedSave(environment);
  const changes = { environment, orderID: order.orderID, guard, onReload };
  const fulfilment = useOrderChange(changes);
  const refund = useOrderChange(changes);
  return (
    <div className={styles.order} aria-busy={refreshing}>
      <OrderSummary order={order} />
      <OrderLines order={order} />
      <ShippingDetails order={order} />
      <OrderTimeline order={order} />
      <FulfilmentForm order={order} change={fulfilment} />
      <Refunds order={order} change={refund} />
      {guard.dialog}
    </div>
  );
}
