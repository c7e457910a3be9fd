import type { Environment } from '@outpost/contracts/environments';
import type { PremiumPlan } from '@outpost/contracts/subscriptions/schemas';
import {
  centsToPayPalValue,
  type PayPalBillingCycle,
  PayPalError,
  type PayPalPlan,
  type PayPalSubscriptionsApi,
} from '../../payments/index';

/*
 * Premium as PayPal sells it in one environment: one catalog product, and a billing plan for each
 * of Outpost's plans at Outpost's price. They are made the first time a player subscribes and found
 * again afterwards — the product by the id Outpost gives it, a plan by its name, which carries the
 * price and period — so every instance, and every restart, subscribes players to the same plans,
 * and a new price (the annual one admins set) makes a new plan while subscribers keep theirs.
 * Creates carry a stable PayPal-Request-Id, so instances racing to make one make one.
 */

export type CatalogApi = Pick<
  PayPalSubscriptionsApi,
  'getProduct' | 'createProduct' | 'listPlans' | 'getPlan' | 'createPlan'
>;

/** Failed payments in a row after which PayPal suspends a subscription (it retries each in between). */
const PAYMENT_FAILURE_THRESHOLD = 3;

const INTERVAL_UNITS = { month: 'MONTH', year: 'YEAR' } as const;

/** The catalog product premium is sold as in an environment (PayPal product ids: 6 to 50 characters). */
export const premiumProductId = (environment: Environment) => `OUTPOST-PREMIUM-${environment.toUpperCase()}`;

/** A plan's name on PayPal: what it is and what it costs, so a plan at another price is another plan. */
export const premiumPlanName = (plan: PremiumPlan) =>
  `Outpost Premium ${plan.planId}, ${centsToPayPalValue(plan.priceCents)} USD a ${plan.interval}`;

/** The regular cycle's period and price: what a plan bills, whatever else PayPal's answer holds. */
export function regularCycle(plan: PayPalPlan): PayPalBillingCycle | undefined {
  return plan.billing_cycles?.find((cycle) => cycle.tenure_type === 'REGULAR');
}

function sells(paypalPlan: PayPalPlan, plan: PremiumPlan): boolean {
  const cycle = regularCycle(paypalPlan);
  const price = cycle?.pricing_scheme?.fixed_price;
  return (
    cycle?.frequency?.interval_unit === INTERVAL_UNITS[plan.interval] &&
    (cycle.frequency.interval_count ?? 1) === 1 &&
    price?.currency_code === 'USD' &&
    price.value === centsToPayPalValue(plan.priceCents)
  );
}

export interface PremiumCatalog {
  /** The id of the PayPal billing plan selling `plan`, made if it is not there yet. */
  planIdFor(plan: PremiumPlan): Promise<string>;
}

export function premiumCatalog(paypal: CatalogApi, environment: Environment): PremiumCatalog {
  const productId = premiumProductId(environment);
  let product: Promise<string> | undefined;
  const plans = new Map<string, Promise<string>>();

  /** Shared by concurrent callers, forgotten when it fails so the next call tries again. */
  function once(key: string, cache: Map<string, Promise<string>>, make: () => Promise<string>): Promise<string> {
    const known = cache.get(key);
    if (known) return known;
    const made = make().catch((error: unknown) => {
      cache.delete(key);
      throw error;
    });
    cache.set(key, made);
    return made;
  }

  async function findOrMakeProduct(): Promise<string> {
    try {
      return (await paypal.getProduct(productId)).id;
    } catch (error) {
      if (!(error instanceof PayPalError) || error.status !== 404) throw error;
    }
    const input = {
      id: productId,
      name: 'Outpost Premium',
      description: `The game's premium subscription (${environment})`,
      type: 'DIGITAL' as const,
      category: 'SOFTWARE',
    };
    try {
      return (await paypal.createProduct(input, `outpost-premium-product-${environment}`)).id;
    } catch (error) {
      // Another instance made it in between (DUPLICATE_RESOURCE_IDENTIFIER): it is there now.
      if (!(error instanceof PayPalError) || error.status === undefined || error.status >= 500) throw error;
      return (await paypal.getProduct(productId)).id;
    }
  }

  async function findOrMakePlan(plan: PremiumPlan): Promise<string> {
    product ??= findOrMakeProduct().catch((error: unknown) => {
      product = undefined;
      throw error;
    });
    await product;
    const name = premiumPlanName(plan);
    const named = (await paypal.listPlans(productId)).filter((each) => each.name === name && each.status === 'ACTIVE');
    for (const candidate of named) {
      // A list answers without billing cycles; the plan itself says what it bills.
      if (sells(await paypal.getPlan(candidate.id), plan)) return candidate.id;
    }
    const created = await paypal.createPlan(
      {
        productId,
        name,
        description: `Premium, billed every ${plan.interval} until cancelled`,
        amountCents: plan.priceCents,
        currency: 'USD',
        intervalUnit: INTERVAL_UNITS[plan.interval],
        paymentFailureThreshold: PAYMENT_FAILURE_THRESHOLD,
      },
      `outpost-premium-plan-${environment}-${plan.planId}-${plan.priceCents}-${plan.interval}`,
    );
    return created.id;
  }

  return {
    planIdFor: (plan) => once(`${plan.planId}:${plan.priceCents}:${plan.interval}`, plans, () => findOrMakePlan(plan)),
  };
}
