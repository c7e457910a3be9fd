import {
  REVENUE_CHANNEL_LABELS,
  REVENUE_MAX_DAYS,
  type Revenue,
  type RevenueDay,
  type RevenueQuery,
  revenueQuerySchema,
} from '@outpost/contracts/backoffice';
import { centsToDollars } from '@outpost/contracts/products';
import { STORE_SALES_TOPIC } from '@outpost/contracts/store-purchases/contract';
import { SUBSCRIBERS_TOPIC } from '@outpost/contracts/subscriptions/contract';
import { type FormEvent, useState } from 'react';
import { z } from 'zod/mini';
import { cellProps, DataTable } from '../../../components/admin-list/data-table';
import { FormField } from '../../../components/form/form-field';
import { LiveUpdates } from '../../../components/live-status/live-status';
import { useAdminAccessContext } from '../../admin/admin-access-context';
import adminStyles from '../../admin/components/admin-screen.module.css';
import { LoadState } from '../../admin/components/load-state';
import { formatDate } from '../../admin/components/local-time';
import { useRevenue } from '../api';
import { MoneyScreen } from './money-screen';

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The last 30 days, today included (UTC). */
function lastThirtyDays(): RevenueQuery {
  const today = Date.now();
  return { from: isoDay(today - 29 * DAY_MS), to: isoDay(today) };
}

/** Money in a currency: "$7.99" for dollars, "7.99 EUR" for the rest. */
function money(cents: number, currency: string): string {
  const sign = cents < 0 ? '−' : '';
  const amount = centsToDollars(Math.abs(cents));
  return currency === 'USD' ? `${sign}$${amount}` : `${sign}${amount} ${currency}`;
}

/**
 * Revenue: what the environment took in per channel (card payments through Stripe, PayPal, the App
 * Store, Google Play) and day, with refunds and what is left, over a range of days the admin picks.
 */
export default function RevenueScreen() {
  const { environment } = useAdminAccessContext();
  const [range, setRange] = useState<RevenueQuery>(lastThirtyDays);
  const [draft, setDraft] = useState<RevenueQuery>(range);
  const [error, setError] = useState<string | null>(null);
  const revenue = useRevenue(environment, range);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = z.safeParse(revenueQuerySchema, draft);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Check the days.');
    setError(null);
    setRange(checked.data);
  };

  return (
    <MoneyScreen
      id="revenue-title"
      title="Revenue"
      lead={`Money ${environment} took in per channel and day (UTC): gross, refunds and net. Currencies are never converted.`}
    >
      <form className={adminStyles.form} onSubmit={submit} noValidate aria-label="Revenue range">
        <FormField
          label="From"
          type="date"
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
        <FormField
          label="To"
          type="date"
          hint={`Up to ${REVENUE_MAX_DAYS} days at once.`}
          value={draft.to}
          error={error ?? undefined}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
        <div className={adminStyles.submitRow}>
          <button type="submit" className={`button ${adminStyles.submit}`}>
            Show revenue
          </button>
        </div>
      </form>
      <LoadState query={revenue} what="revenue" missing="The revenue could not be found.">
        {(loaded) => <RevenueTables revenue={loaded} range={range} />}
      </LoadState>
      <LiveUpdates topics={[SUBSCRIBERS_TOPIC, STORE_SALES_TOPIC]} environment={environment} />
    </MoneyScreen>
  );
}

const MoneyHeads = () => (
  <>
    <th scope="col" {...cellProps({ amount: true, nowrap: false })}>
      Gross
    </th>
    <th scope="col" {...cellProps({ amount: true, nowrap: false })}>
      Refunds
    </th>
    <th scope="col" {...cellProps({ amount: true, nowrap: false })}>
      Net
    </th>
  </>
);

/** A line's gross, refunds and net, in its currency. */
function MoneyCells({ line }: { line: Omit<RevenueDay, 'day'> }) {
  return (
    <>
      <td {...cellProps({ label: 'Gross', amount: true })}>{money(line.grossCents, line.currency)}</td>
      <td {...cellProps({ label: 'Refunds', amount: true })}>{money(line.refundCents, line.currency)}</td>
      <td {...cellProps({ label: 'Net', amount: true })}>{money(line.netCents, line.currency)}</td>
    </>
  );
}

function RevenueTables({ revenue, range }: { revenue: Revenue; range: RevenueQuery }) {
  if (revenue.days.length === 0) {
    return (
      <p role="status">
        No money came in or went back from {formatDate(range.from)} to {formatDate(range.to)}.
      </p>
    );
  }
  return (
    <>
      <h2>
        By channel, {formatDate(range.from)} to {formatDate(range.to)}
      </h2>
      <DataTable label="Revenue by channel" hideCaption>
        <thead>
          <tr>
            <th scope="col">Channel</th>
            <MoneyHeads />
          </tr>
        </thead>
        <tbody>
          {revenue.totals.map((total) => (
            <tr key={`${total.channel}-${total.currency}`}>
              <th scope="row">{REVENUE_CHANNEL_LABELS[total.channel]}</th>
              <MoneyCells line={total} />
            </tr>
          ))}
        </tbody>
      </DataTable>
      <h2>By day</h2>
      <DataTable label="Revenue by day" hideCaption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Channel</th>
            <MoneyHeads />
          </tr>
        </thead>
        <tbody>
          {revenue.days.map((day) => (
            <tr key={`${day.day}-${day.channel}-${day.currency}`}>
              <td {...cellProps({ label: 'Day', nowrap: true })}>{formatDate(`${day.day}T12:00:00Z`)}</td>
              <td {...cellProps({ label: 'Channel' })}>{REVENUE_CHANNEL_LABELS[day.channel]}</td>
              <MoneyCells line={day} />
            </tr>
          ))}
        </tbody>
      </DataTable>
    </>
  );
}
