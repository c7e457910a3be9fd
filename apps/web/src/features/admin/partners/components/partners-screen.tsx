import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import type { ReactNode } from 'react';
import { useAdminAccessContext } from '../../admin-access-context';
import { AdminScreen, type AdminScreenLinks, type DomainScreenProps } from '../../components/admin-screen';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import styles from '../partners.module.css';

const PARTNER_LINKS: AdminScreenLinks = {
  label: 'Partner programme',
  links: [
    { to: ADMIN_ROUTES.adminPartners, label: 'Partners' },
    { to: ADMIN_ROUTES.adminPartnerInvites, label: 'Partner invites' },
    { to: ADMIN_ROUTES.adminReferralRewards, label: 'Referral rewards' },
    { to: ADMIN_ROUTES.adminPartnerSettings, label: 'Settings' },
  ],
};

/**
 * Every partner screen's frame: heading, lead and the four screens' links. Partner data is for
 * admins only (`managePartners`, docs/architecture.md §4); anyone else is told so, and the server refuses anyway.
 */
export function PartnersScreen({ children, ...props }: DomainScreenProps & { children: ReactNode }) {
  const { capabilities } = useAdminAccessContext();
  return (
    <AdminScreen {...props} links={PARTNER_LINKS} className={styles.screen}>
      {capabilities.managePartners ? (
        children
      ) : (
        <ReadOnlyNotice>The partner programme is run by admins; your role may not see it.</ReadOnlyNotice>
      )}
    </AdminScreen>
  );
}
