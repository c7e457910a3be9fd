import type { Partner } from '@outpost/contracts/partners';
import { personName } from '@outpost/contracts/people';
import { Fragment } from 'react';
import { AdminList } from '../../../components/admin-list/admin-list';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import { useAdminAccessContext } from '../admin-access-context';
import { PersonLink } from '../components/person-link';
import { getPartners } from './api/get-partners';
import { partnersAdminQueryKey } from './api/query-keys';
import { PartnersScreen } from './components/partners-screen';

const column = adminColumnHelper<Partner>();
/** How many joined beyond the latest ones the list names (at most PARTNER_LIST_CLAIMED_BY). */
const moreThanNamed = (partner: Partner) => partner.referralCount - partner.claimedBy.length;

/** The latest players who joined, and how many more did: the text the CSV and sorting read. */
const claimedByText = (partner: Partner) => {
  const names = partner.claimedBy.map(personName).join(', ');
  const more = moreThanNamed(partner);
  return more > 0 ? `${names} and ${more} more` : names;
};

/** The same, each player linking to their page. */
function ClaimedBy({ partner }: { partner: Partner }) {
  if (partner.claimedBy.length === 0) return <>—</>;
  const more = moreThanNamed(partner);
  return (
    <>
      {partner.claimedBy.map((player, index) => (
        <Fragment key={player.userID}>
          {index > 0 && ', '}
          <PersonLink person={player} withEmail={false} />
        </Fragment>
      ))}
      {more > 0 && ` and ${more} more`}
    </>
  );
}

const columns = column.columns([
  column.accessor('displayName', {
    header: 'Partner',
    cell: (cell) => <PersonLink person={cell.row.original} withEmail={false} />,
  }),
  column.accessor('email', { header: 'Email', meta: { priority: 2 } }),
  column.accessor((partner) => partner.referralID ?? '', {
    id: 'referralID',
    header: 'Referral ID',
    meta: { priority: 2, nowrap: true },
    cell: (cell) => cell.getValue() || 'No link yet',
  }),
  column.accessor('referralCount', { header: 'Referrals' }),
  column.accessor(claimedByText, {
    id: 'claimedBy',
    header: 'Joined through the link',
    meta: { priority: 2 },
    cell: (cell) => <ClaimedBy partner={cell.row.original} />,
  }),
  column.accessor((partner) => partner.rewardID ?? '', {
    id: 'rewardID',
    header: 'Reward',
    cell: (c) => c.getValue() || '—',
  }),
  column.accessor((partner) => partner.rewardTierClaims.join(', '), {
    id: 'rewardTierClaims',
    header: 'Tiers claimed',
    meta: { priority: 2 },
    cell: (cell) => cell.getValue() || '—',
  }),
]);
// The server also sorts by account creation, which the list does not show: only the name is offered.
const sortable = ['displayName'] as const;

/** Players whose keys include 'partner' (docs/product.md §6.3), with their link's referrals in this environment. */
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
