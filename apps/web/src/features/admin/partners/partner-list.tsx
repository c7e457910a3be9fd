import type { Partner } from '@outpost/contracts/partners';
import { AdminList } from '../../../components/admin-list/admin-list';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import { useAdminAccessContext } from '../admin-access-context';
import { getPartners } from './api/get-partners';
import { partnersAdminQueryKey } from './api/query-keys';
import { PartnersScreen } from './components/partners-screen';

const column = adminColumnHelper<Partner>();
/** The latest players who joined (the list names at most PARTNER_LIST_CLAIMED_BY), and how many more did. */
const claimedByText = (partner: Partner) => {
  const names = partner.claimedBy.map((player) => player.displayName).join(', ');
  const more = partner.referralCount - partner.claimedBy.length;
  return more > 0 ? `${names} and ${more} more` : names;
};
const columns = column.columns([
  column.accessor('displayName', { header: 'Partner' }),
  column.accessor('email', { header: 'Email' }),
  column.accessor((partner) => partner.referralID ?? '', {
    id: 'referralID',
    header: 'Referral ID',
    cell: (cell) => cell.getValue() || 'No link yet',
  }),
  column.accessor('referralCount', { header: 'Referrals' }),
  column.accessor(claimedByText, {
    id: 'claimedBy',
    header: 'Joined through the link',
    cell: (c) => c.getValue() || '—',
  }),
  column.accessor((partner) => partner.rewardID ?? '', {
    id: 'rewardID',
    header: 'Reward',
    cell: (c) => c.getValue() || '—',
  }),
  column.accessor((partner) => partner.rewardTierClaims.join(', '), {
    id: 'rewardTierClaims',
    header: 'Tiers claimed',
    cell: (cell) => cell.getValue() || '—',
  }),
]);
// The server also sorts by account creation, which the list does not show: only the name is offered.
const sortable = ['displayName'] as const;

/** Players whose keys include 'partner' (spec §6), with their link's referrals in this environment. */
export default function PartnerList() {
  const { environment } = useAdminAccessContext();
  return (
    <PartnersScreen
      id="partner-list-title"
      title="Partners"
      lead={`Players with the partner key, and how many players joined through each one's link in ${environment}.`}
    >
      <AdminList
        label="Partners"
        columns={columns}
        sortable={sortable}
        defaultOrder="asc"
        queryKey={partnersAdminQueryKey(environment, 'partners')}
        fetchPage={(query) => getPartners(environment, query)}
        getRowId={(partner) => partner.userID}
        csvFileName={`partners-${environment}`}
        emptyText="No partners yet: a player becomes one by claiming a partner invite."
      />
    </PartnersScreen>
  );
}
