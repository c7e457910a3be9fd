import { ROUTES } from '@outpost/contracts/routes';
import { useOrderProfile } from '../../../lib/commerce/get-order-profile';
import { Link, useSearchParams } from '../../../lib/router/router';
import { AccountSection } from '../components/account-section';
import { OrderProfileForm } from './order-profile-form';

/** "Order profile": the shipping details merch orders need, loaded before the form shows them. */
export function OrderProfileSection({ accountEmail }: { accountEmail: string }) {
  const saved = useOrderProfile(true);
  const [params] = useSearchParams();
  // The shop's checkout sends players here to add their details, and back afterwards.
  const fromShop = params.get('next') === ROUTES.shop;

  return (
    <AccountSection
      title="Order profile"
      intro="Where we ship your merch, how to reach you about it, and your sizes. Every order takes these details as they are when you place it."
    >
      {saved.isPending ? (
        <p role="status">Loading your order profile…</p>
      ) : saved.isError ? (
        <p role="alert">Your order profile could not be loaded. Check your connection and reload the page.</p>
      ) : (
        <OrderProfileForm profile={saved.data.profile} accountEmail={accountEmail} />
      )}
      {fromShop && (
        <p>
          <Link to={ROUTES.shop}>Back to your bag in the shop</Link>
        </p>
      )}
    </AccountSection>
  );
}
