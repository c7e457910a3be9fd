import { centsToDollars } from '@outpost/contracts/products';
import type {
  Premium,
  PremiumPlan,
  PremiumPlanId,
  SubscriptionChannel,
  WebSubscriptionChannel,
} from '@outpost/contracts/subscriptions/schemas';
import { useId, useState } from 'react';
import { formatDay } from '../../../lib/format-day';
import styles from '../account.module.css';
import { useChangeRenewal, usePremium, usePremiumPlans, useStartPremium } from '../api/premium';
import { AccountSection } from '../components/account-section';
import { SectionLoadState } from '../components/section-load-state';

const CHANNEL_NAMES: Record<SubscriptionChannel, string> = {
  stripe: 'a card on this site',
  paypal: 'PayPal on this site',
  'app-store': 'the App Store',
  'google-play': 'Google Play',
};

const WEB: ReadonlySet<SubscriptionChannel> = new Set(['stripe', 'paypal']);

const price = (plan: PremiumPlan) => `$${centsToDollars(plan.priceCents)} a ${plan.interval}`;

/**
 * "Premium": what the player's subscription gives them now, whichever channel it came from, with
 * its renewal to turn off for the upcoming period or back on before the period ends; without one,
 * the plans to buy on the web. The terms' rules stand beside it (docs/product.md's legal terms).
 */
export function PremiumSection() {
  const premium = usePremium();
  return (
    <AccountSection
      title="Premium"
      intro="Premium lasts 30 days from activation (a year on the annual plan) and renews until you cancel it for the upcoming period. When it ends, premium features stop and every item you got stays yours."
    >
      <SectionLoadState query={premium} what="your premium">
        {(data) => (data.premium ? <PremiumHeld premium={data} /> : <PremiumOffer premium={data} />)}
      </SectionLoadState>
    </AccountSection>
  );
}

function PremiumHeld({ premium }: { premium: Premium }) {
  const renewal = useChangeRenewal();
  const until = premium.until ? formatDay(premium.until) : '';
  const channel = premium.channel ?? 'stripe';
  const web = WEB.has(channel);
  const cancelled = premium.state === 'cancelled';
  return (
    <>
      <p className={styles.stateLine} role="status">
        <strong className={styles.accepted}>Premium is on</strong>, paid through {CHANNEL_NAMES[channel]}.{' '}
        {cancelled
          ? `Renewal is off: premium ends on ${until}.`
          : premium.state === 'grace'
            ? `The last renewal did not go through; premium holds until ${until} while the store tries again.`
            : `It renews on ${until}.`}
      </p>
      {web ? (
        <>
          <button
            type="button"
            className="button"
            aria-disabled={renewal.isPending || undefined}
            onClick={() => !renewal.isPending && renewal.mutate(cancelled)}
          >
            {renewal.isPending ? 'Saving…' : cancelled ? 'Resume premium' : 'Cancel for the upcoming period'}
          </button>
          {renewal.isError && <p role="alert">{renewal.error.message}</p>}
        </>
      ) : (
        <p className={styles.note}>
          Turn its renewal off or on in your device's subscription settings for {CHANNEL_NAMES[channel]}.
        </p>
      )}
    </>
  );
}

const ENDED: Partial<Record<NonNullable<Premium['state']>, string>> = {
  expired: 'Your premium ended.',
  refunded: 'Your premium was refunded, so it ended.',
  revoked: 'Your premium was revoked by the store, so it ended.',
  'billing-retry': 'Your last renewal did not go through; premium is paused while the store tries again.',
};

function PremiumOffer({ premium }: { premium: Premium }) {
  const plans = usePremiumPlans();
  const start = useStartPremium();
  const [planId, setPlanId] = useState<PremiumPlanId>('monthly');
  const legend = useId();
  const search = new URLSearchParams(globalThis.location?.search ?? '');
  const started = search.get('premium') === 'started';
  // PayPal sends a buyer who cancels on its page back with its ba_token on the address.
  const leftPayPal = !started && search.has('ba_token');
  const buy = (channel: WebSubscriptionChannel) => !start.isPending && start.mutate({ planId, channel });
  return (
    <>
      {started ? (
        <p className={styles.stateLine} role="status">
          Thank you! Premium starts as soon as the payment is confirmed; this page shows it by itself.
        </p>
      ) : leftPayPal ? (
        <p className={styles.stateLine} role="status">
          You left PayPal without subscribing, so nothing was charged. Choose a plan whenever you like.
        </p>
      ) : (
        premium.state && ENDED[premium.state] && <p className={styles.note}>{ENDED[premium.state]}</p>
      )}
      <SectionLoadState query={plans} what="the premium plans">
        {(list) => (
          <form className={styles.form} onSubmit={(event) => event.preventDefault()}>
            <fieldset className={styles.fieldset} aria-labelledby={legend}>
              <legend id={legend}>Choose a plan</legend>
              {list.map((plan) => (
                <label key={plan.planId} className={styles.choice}>
                  <input
                    type="radio"
                    name="premium-plan"
                    value={plan.planId}
                    checked={planId === plan.planId}
                    onChange={() => setPlanId(plan.planId)}
                  />
                  <span>
                    {plan.planId === 'monthly' ? 'Monthly' : 'Annual'}: {price(plan)}
                    {plan.discountPercent > 0 && ` (save ${plan.discountPercent}%)`}
                  </span>
                </label>
              ))}
            </fieldset>
            <div className={styles.actions}>
              <button
                type="button"
                className="button"
                aria-disabled={start.isPending || undefined}
                onClick={() => buy('stripe')}
              >
                Pay by card, Apple Pay or Google Pay
              </button>
              <button
                type="button"
                className="button"
                aria-disabled={start.isPending || undefined}
                onClick={() => buy('paypal')}
              >
                Pay with PayPal
              </button>
            </div>
            {start.isPending && <p role="status">Opening the payment page…</p>}
            {start.isError && <p role="alert">{start.error.message}</p>}
          </form>
        )}
      </SectionLoadState>
    </>
  );
}
