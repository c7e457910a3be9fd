import { personName } from '@outpost/contracts/people';
import { STORE_SALES_TOPIC } from '@outpost/contracts/store-purchases/contract';
import { moneyAdminQueryKey, SUBSCRIBERS_TOPIC } from '@outpost/contracts/subscriptions/contract';
import {
  PREMIUM_PLAN_IDS,
  PREMIUM_PLAN_LABELS,
  SUBSCRIPTION_CHANNEL_LABELS,
  SUBSCRIPTION_CHANNELS,
  SUBSCRIPTION_STATE_LABELS,
  SUBSCRIPTION_STATES,
  type Subscriber,
  type SubscriberListPage,
} from '@outpost/contracts/subscriptions/schemas';
import { useQuery } from '@tanstack/react-query';
import { AdminList } from '../../../components/admin-list/admin-list';
import { adminColumnHelper } from '../../../components/admin-list/columns';
import { cellProps, DataTable } from '../../../components/admin-list/data-table';
import type { AdminListFilter } from '../../../components/admin-list/list-view';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { useAdminAccessContext } from '../../admin/admin-access-context';
import { formatDate } from '../../admin/components/local-time';
import { PersonLink } from '../../admin/components/person-link';
import { getSubscribers } from '../api';
import { MoneyScreen } from './money-screen';

const column = adminColumnHelper<Subscriber>();
const columns = column.columns([
  column.accessor((row) => personName(row.player), {
    id: 'player',
    header: 'Player',
    cell: (cell) => <PersonLink person={cell.row.original.player} withEmail={false} />,
  }),
  column.accessor((row) => SUBSCRIPTION_CHANNEL_LABELS[row.channel], { id: 'channel', header: 'Channel' }),
  column.accessor((row) => (row.plan ? PREMIUM_PLAN_LABELS[row.plan] : '—'), { id: 'plan', header: 'Plan' }),
  column.accessor((row) => (row.state ? SUBSCRIPTION_STATE_LABELS[row.state] : '—'), { id: 'state', header: 'State' }),
  column.accessor('periodEnd', {
    header: 'Period ends',
    cell: (cell) => (cell.getValue() ? formatDate(cell.getValue() ?? '') : '—'),
  }),
  column.accessor('updatedAt', { header: 'Last change', cell: (cell) => formatDate(cell.getValue()) }),
]);
const sortable = ['updatedAt', 'periodEnd'] as const;
const filters: readonly AdminListFilter[] = [
  {
    kind: 'select',
    param: 'channel',
    label: 'Channel',
    allLabel: 'Every channel',
    options: SUBSCRIPTION_CHANNELS.map((channel) => ({ value: channel, label: SUBSCRIPTION_CHANNEL_LABELS[channel] })),
  },
  {
    kind: 'select',
    param: 'plan',
    label: 'Plan',
    allLabel: 'Every plan',
    options: PREMIUM_PLAN_IDS.map((plan) => ({ value: plan, label: PREMIUM_PLAN_LABELS[plan] })),
  },
  {
    kind: 'select',
    param: 'state',
    label: 'State',
    allLabel: 'Every state',
    options: SUBSCRIPTION_STATES.map((state) => ({ value: state, label: SUBSCRIPTION_STATE_LABELS[state] })),
  },
];

/** Subscribers: every premium subscription of the environment, whatever the channel, with a count of each channel and state. */
export default function SubscriberList() {
  const { environment } = useAdminAccessContext();
  const queryKey = moneyAdminQueryKey(environment, 'subscribers');
  const summary = useQuery({
    queryKey: [...queryKey, 'summary'],
    queryFn: () => getSubscribers(environment, { page: 1, pageSize: 1, sort: 'updatedAt', order: 'desc', filters: {} }),
  });
  return (
    <MoneyScreen
      id="subscribers-title"
      title="Subscribers"
      lead={`Premium subscriptions of ${environment} from the web and the game's stores, newest change first.`}
    >
      {summary.data && <Summary summary={summary.data.summary} />}
      <AdminList
        label="Subscribers"
        hideCaption
        columns={columns}
        sortable={sortable}
        filters={filters}
        queryKey={queryKey}
        fetchPage={(query) => getSubscribers(environment, query)}
        getRowId={(row) => row.subscriptionId}
        csvFileName={`subscribers-${environment}`}
        emptyText="No subscriptions match."
      />
      <LiveUpdates topics={[SUBSCRIBERS_TOPIC, STORE_SALES_TOPIC]} environment={environment} />
    </MoneyScreen>
  );
}

/** How many subscriptions each channel has in each state. */
function Summary({ summary }: { summary: SubscriberListPage['summary'] }) {
  if (summary.length === 0) return null;
  const channels = SUBSCRIPTION_CHANNELS.filter((channel) => summary.some((row) => row.channel === channel));
  const states = SUBSCRIPTION_STATES.filter((state) => summary.some((row) => row.state === state));
  const count = (channel: string, state: string) =>
    summary.find((row) => row.channel === channel && row.state === state)?.count ?? 0;
  return (
    <DataTable label="Subscriptions by channel and state" hideCaption>
      <thead>
        <tr>
          <th scope="col">Channel</th>
          {states.map((state) => (
            <th scope="col" key={state} {...cellProps({ amount: true, nowrap: false })}>
              {SUBSCRIPTION_STATE_LABELS[state]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {channels.map((channel) => (
          <tr key={channel}>
            <th scope="row">{SUBSCRIPTION_CHANNEL_LABELS[channel]}</th>
            {states.map((state) => (
              <td key={state} {...cellProps({ label: SUBSCRIPTION_STATE_LABELS[state], amount: true })}>
                {count(channel, state)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
