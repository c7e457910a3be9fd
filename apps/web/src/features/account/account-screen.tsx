import type { LiveTopicName } from '@outpost/contracts/live-topics';
import { ROUTES } from '@outpost/contracts/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { LiveUpdates } from '../../components/live-status/live-status';
import { LoadingScreen } from '../../components/loading/loading-screen';
import { usePreparedAttestationToken } from '../../lib/attestation/use-prepared-token';
import { pageTitle, usePageTitle } from '../../lib/page-title';
import { QueryProvider } from '../../lib/query-client';
import { Link } from '../../lib/router/router';
import { useMe } from '../../lib/session';
import styles from './account.module.css';
import { AvatarsSection } from './avatars/avatars-section';
import { BetaSection } from './beta/beta-section';
import { SectionNavProvider } from './components/section-nav';
import { CreditsSection } from './credits/credits-section';
import { FeedbackSection } from './feedback/feedback-section';
import { LightingPresetsSection } from './lighting/lighting-presets-section';
import { OrderProfileSection } from './order-profile/order-profile-section';
import { OrdersSection } from './orders/orders-section';
import { PartnerSection } from './partner/partner-section';
import { PremiumSection } from './premium/premium-section';
import { StorePurchasesSection } from './premium/store-purchases-section';
import { ProfileSection } from './profile/profile-section';
import { ReportSection } from './report/report-section';
import { AccountDeleted } from './your-data/account-deleted';
import { forgetDeletedAccount } from './your-data/api/delete-account';
import { DataSection } from './your-data/data-section';

const ACCOUNT_TITLE = pageTitle('Your account');
const DELETED_TITLE = pageTitle('Account deleted');
/**
 * What a signed-in player's sections show that changes elsewhere: their profile (the display name)
 * and order profile, saved from another tab or device, and the beta programme's settings and
 * testing objectives (the feedback form's choices), changed by staff; their beta request (accepted by
 * staff) and the invites they share (claimed by friends); their premium and store
 * purchases, which a provider's or a store's report changes.
 */
const ACCOUNT_TOPICS: readonly LiveTopicName[] = [
  'profile',
  'order-profile',
  'beta-config',
  'testing-objectives',
  'account-beta',
  'premium',
  'store-purchases',
];

/**
 * /account: a beta player's home, a list of sections with in-page links to each. Visitors are
 * asked to sign in and come back, and can still use the lighting presets (docs/product.md §6.3: guests do).
 */
export default function AccountScreen() {
  return (
    <QueryProvider>
      <Account />
    </QueryProvider>
  );
}

function Account() {
  const queryClient = useQueryClient();
  const [deleted, setDeleted] = useState(false);
  usePageTitle(deleted ? DELETED_TITLE : ACCOUNT_TITLE);
  const me = useMe();
  // Avatar claims and payments in credits carry it: ready before the player's first click.
  usePreparedAttestationToken(Boolean(me.data?.user) && !deleted);

  const accountDeleted = () => {
    // The sections go first, so the player's queries are reset unobserved rather than asked again
    // without a session; the session's own query is asked again, and the bar then shows Login.
    flushSync(() => setDeleted(true));
    void forgetDeletedAccount(queryClient);
  };

  if (deleted) return <AccountDeleted />;
  if (me.isPending) return <LoadingScreen />;
  const user = me.data?.user ?? null;
  const profile = me.data?.profile ?? null;

  return (
    <section className={`page ${styles.screen}`} aria-labelledby="account-title">
      <h1 id="account-title">Your account</h1>
      <SectionNavProvider>
        {(nav) =>
          me.isError ? (
            <p role="alert">Your account could not be loaded. Check your connection and reload the page.</p>
          ) : (
            <>
              {user ? (
                <p className={styles.intro}>
                  Signed in as <strong>{profile ? `@${profile.displayName}` : user.email}</strong>.
                </p>
              ) : (
                <p className={styles.intro}>
                  <Link to={`${ROUTES.login}?next=${encodeURIComponent(ROUTES.account)}`}>Sign in</Link> to see your
                  profile, credits, orders and the beta programme. Lighting presets work without an account.
                </p>
              )}
              {nav}
              {user && (
                <>
                  <ProfileSection displayName={profile?.displayName ?? null} email={user.email} />
                  <PremiumSection />
                  <CreditsSection />
                  <StorePurchasesSection />
                  <OrderProfileSection accountEmail={user.email} />
                  <OrdersSection />
                  <BetaSection />
                  <FeedbackSection />
                  <ReportSection />
                  <PartnerSection />
                  <AvatarsSection userId={user.id} />
                  <DataSection onDeleted={accountDeleted} />
                  <LiveUpdates topics={ACCOUNT_TOPICS} />
                </>
              )}
              <LightingPresetsSection />
            </>
          )
        }
      </SectionNavProvider>
    </section>
  );
}
