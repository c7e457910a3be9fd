import type { Partner } from '@outpost/contracts/partners';
import { AdminList } from '../../../components/admin-list/admin-list';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import { useAdminAccessContext } from '../admin-access-context';
import { getPartners } from './api/get-partners';
import { partnersAdminQueryKey } from './api/query-keys';
import { PartnersScreen } from './components/partners-screen';

const column = adminColumnHelper<Partner>();
const columns = column.columns([
  column.accessor('displayName', { header: 'Partner' }),
  column.accessor('email', { header: 'Email' }),
  column.accessor((partner) => partner.referralID ?? '', {
    id: 'referralID',
    header: 'Referral ID',
    cell: (cell) => cell.getValue() || 'No link yet',
  }),
  column.accessor('referralCount', { header: 'Referrals' }),
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
const sortable = ['displayName', 'created'] as const;

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
