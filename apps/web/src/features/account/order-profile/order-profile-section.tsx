import { ROUTES } from '@outpost/contracts/routes';
import { useOrderProfile } from '../../../lib/commerce/get-order-profile';
import { Link, useSearchParams } from '../../../lib/router/router';
import { AccountSection } from '../components/account-section';
import { SectionLoadState } from '../components/section-load-state';
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
      <SectionLoadState query={saved} what="your order profile">
        {(data) => <OrderProfileForm profile={data.profile} accountEmail={accountEmail} />}
      </SectionLoadState>
      {fromShop && (
        <p>
          <Link to={ROUTES.shop}>Back to your bag in the shop</Link>
        </p>
      )}
    </AccountSection>
  );
}
