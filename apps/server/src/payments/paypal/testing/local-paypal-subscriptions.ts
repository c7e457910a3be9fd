import { payPalValueToCents } from '../paypal-client';
import {
  breakdown,
  invalidRequest,
  type LocalAnswer,
  parseJson,
  randomHex,
  unprocessable,
} from './local-paypal-answers';
import type { LocalWebhooks } from './local-paypal-webhooks';

/*
 * The local PayPal's Subscriptions API, as PayPal documents it: catalog products, billing plans
 * with their billing cycles, and subscriptions (APPROVAL_PENDING → ACTIVE → SUSPENDED, CANCELLED
 * or EXPIRED) with their billing info, transactions and payments (Payments v1 sales, refunded
 * through Payments v2 as captures). What happens on PayPal's side — the buyer approving, a billing
 * run charging or failing, the end of the cycles, the buyer cancelling in their account, a payment
 * reversed — is scripted by the test (the approval also on the approve page, local-paypal-approval.ts),
 * and each makes the webhook events PayPal makes.
 */

/** A subscription's payment, in the shape the local PayPal's capture refunds read and update. */
export interface LocalSale {
  id: string;
  /** COMPLETED, PARTIALLY_REFUNDED, REFUNDED or REVERSED (taken back by a chargeback or a dispute). */
  status: string;
  amount: { currency_code: string; value: string };
  subscriptionId: string;
  customId: string | undefined;
  time: string;
}

interface StoredPlan {
  id: string;
  product_id: string;
  name: string;
  description: string | undefined;
  status: string;
  billing_cycles: Record<string, unknown>[];
  payment_preferences: Record<string, unknown>;
  price: { currency_code: string; value: string };
  interval: { unit: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR'; count: number };
  failureThreshold: number;
  create_time: string;
}

interface StoredSubscription {
  id: string;
  planId: string;
  customId: string | undefined;
  email: string | undefined;
  status: 'APPROVAL_PENDING' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';
  statusUpdateTime: string;
  startTime: string;
  createTime: string;
  updateTime: string;
  nextBillingTime: string | undefined;
  cyclesCompleted: number;
  failedPayments: number;
  lastFailedPayment: { time: string } | undefined;
  /** The ba_token of its approve link, which PayPal hands back on the return and cancel redirects. */
  approveToken: string;
  /** The `token` those redirects carry besides. */
  redirectToken: string;
  brandName: string | undefined;
  returnUrl: string | undefined;
  cancelUrl: string | undefined;
}

/** A subscription waiting on the buyer, as its approve page shows it (local-paypal-approval.ts). */
export interface PendingApproval {
  subscriptionId: string;
  status: string;
  planName: string;
  price: { currency_code: string; value: string };
  interval: StoredPlan['interval'];
  brandName: string | undefined;
  approveToken: string;
  redirectToken: string;
  returnUrl: string | undefined;
  cancelUrl: string | undefined;
}

/**
 * What the test scripts on PayPal's side (the buyer, PayPal's billing runs). A billing run happens
 * when the test says, as if the next billing time had come: stamped now (PayPal reports nothing
 * ahead of its clock), and paying the period that follows the one paid before.
 */
export interface LocalSubscriptionScripts {
  /** The buyer approves on PayPal: ACTIVE, the first cycle paid now (ACTIVATED, PAYMENT.SALE.COMPLETED). */
  approveSubscription(subscriptionId: string): void;
  /** PayPal's billing run charges the next cycle (PAYMENT.SALE.COMPLETED). */
  renewSubscription(subscriptionId: string): void;
  /** PayPal's billing run fails (BILLING.SUBSCRIPTION.PAYMENT.FAILED; SUSPENDED at the plan's threshold). */
  failSubscriptionPayment(subscriptionId: string): void;
  /** The subscription's cycles are over (BILLING.SUBSCRIPTION.EXPIRED). */
  expireSubscription(subscriptionId: string): void;
  /** The buyer cancels in their PayPal account (BILLING.SUBSCRIPTION.CANCELLED). */
  cancelSubscriptionAsBuyer(subscriptionId: string): void;
  /**
   * PayPal takes a payment back from the merchant (PAYMENT.SALE.REVERSED): a card chargeback by
   * default, or a dispute decided for the buyer (reason BUYER_COMPLAINT).
   */
  reverseSubscriptionPayment(saleId: string, reasonCode?: 'CHARGEBACK' | 'BUYER_COMPLAINT'): void;
  /** The subscription's status as PayPal holds it. */
  subscriptionStatus(subscriptionId: string): string | undefined;
  /** The ids of the subscriptions made with this custom_id. */
  subscriptionsOf(customId: string): string[];
  /** Payments made for the subscription, in order. */
  sales(subscriptionId: string): LocalSale[];
  /** How many products and plans were made (to check they are made once). */
  catalogSize(): { products: number; plans: number };
}

export interface LocalSubscriptions extends LocalSubscriptionScripts {
  route(method: string, path: string, query: URLSearchParams, body: string): LocalAnswer | undefined;
  findSale(saleId: string): LocalSale | undefined;
  /** PayPal refunded (part of) a sale: PAYMENT.SALE.REFUNDED. */
  refunded(sale: LocalSale, refund: { id: string; amount: { currency_code: string; value: string } }): void;
  /** The subscription whose approve link carries this ba_token. */
  approvalOf(approveToken: string): PendingApproval | undefined;
}

const BUYER = {
  payer_id: 'QYR5Z8XDVJNXQ',
  name: { given_name: 'John', surname: 'Doe' },
};

const upperHex = (bytes: number) => randomHex(bytes).toUpperCase();

/** The path of PayPal's page where the buyer approves a subscription (the `approve` link's). */
export const APPROVAL_PAGE_PATH = '/webapps/billing/subscriptions';

const stringOrUndefined = (value: unknown) => (typeof value === 'string' ? value : undefined);

function addInterval(iso: string, interval: StoredPlan['interval']): string {
  const date = new Date(iso);
  if (interval.unit === 'YEAR') date.setUTCFullYear(date.getUTCFullYear() + interval.count);
  else if (interval.unit === 'MONTH') date.setUTCMonth(date.getUTCMonth() + interval.count);
  else date.setUTCDate(date.getUTCDate() + interval.count * (interval.unit === 'WEEK' ? 7 : 1));
  return date.toISOString();
}

/** Where the approve links point: PayPal's sandbox, or the local server's own approve page. */
export interface ApprovalSite {
  /** https://www.sandbox.paypal.com unless the local server serves the page itself. */
  origin(): string;
}

export function localSubscriptions(
  apiUrl: () => string,
  webhooks: LocalWebhooks,
  approvalSite: ApprovalSite,
): LocalSubscriptions {
  const products = new Map<string, Record<string, unknown>>();
  const plans = new Map<string, StoredPlan>();
  const subscriptions = new Map<string, StoredSubscription>();
  const sales: LocalSale[] = [];

  // Each happening a millisecond after the one before at least, so scripts run back to back keep their order.
  let clock = 0;
  const now = () => {
    clock = Math.max(Date.now(), clock + 1);
    return new Date(clock).toISOString();
  };
  const notFound = () => unprocessable('INVALID_RESOURCE_ID', 404, 'RESOURCE_NOT_FOUND');

  function createProduct(text: string): LocalAnswer {
    const input = parseJson(text) as Record<string, unknown> | undefined;
    if (typeof input?.name !== 'string' || input.name === '')
      return invalidRequest('/name', 'MISSING_REQUIRED_PARAMETER');
    if (!['PHYSICAL', 'DIGITAL', 'SERVICE'].includes(String(input.type))) {
      return invalidRequest('/type', 'INVALID_PARAMETER_VALUE');
    }
    const id = input.id === undefined ? `PROD-${upperHex(9).slice(0, 17)}` : String(input.id);
    if (!/^[A-Za-z0-9-]{6,50}$/.test(id)) return invalidRequest('/id', 'INVALID_PARAMETER_SYNTAX');
    if (products.has(id)) return unprocessable('DUPLICATE_RESOURCE_IDENTIFIER');
    const time = now();
    const product = {
      id,
      name: input.name,
      ...(typeof input.description === 'string' ? { description: input.description } : {}),
      type: input.type,
      ...(typeof input.category === 'string' ? { category: input.category } : {}),
      create_time: time,
      update_time: time,
      links: [{ href: `${apiUrl()}/v1/catalogs/products/${id}`, rel: 'self', method: 'GET' }],
    };
    products.set(id, product);
    return { status: 201, body: product };
  }

  function createPlan(text: string): LocalAnswer {
    const input = parseJson(text) as
      | {
          product_id?: unknown;
          name?: unknown;
          description?: unknown;
          status?: unknown;
          billing_cycles?: {
            tenure_type?: unknown;
            frequency?: { interval_unit?: unknown; interval_count?: unknown };
            pricing_scheme?: { fixed_price?: { currency_code?: unknown; value?: unknown } };
          }[];
          payment_preferences?: Record<string, unknown>;
        }
      | undefined;
    if (typeof input?.product_id !== 'string' || !products.has(input.product_id)) {
      return invalidRequest('/product_id', 'INVALID_PARAMETER_VALUE');
    }
    if (typeof input.name !== 'string' || input.name === '')
      return invalidRequest('/name', 'MISSING_REQUIRED_PARAMETER');
    const regular = input.billing_cycles?.find((cycle) => cycle.tenure_type === 'REGULAR');
    const unit = regular?.frequency?.interval_unit;
    const count = regular?.frequency?.interval_count ?? 1;
    if (unit !== 'DAY' && unit !== 'WEEK' && unit !== 'MONTH' && unit !== 'YEAR') {
      return invalidRequest('/billing_cycles/0/frequency/interval_unit', 'INVALID_PARAMETER_VALUE');
    }
    const price = regular?.pricing_scheme?.fixed_price;
    if (typeof price?.currency_code !== 'string' || payPalValueToCents(price.value) === undefined) {
      return invalidRequest('/billing_cycles/0/pricing_scheme/fixed_price', 'INVALID_PARAMETER_VALUE');
    }
    const threshold = input.payment_preferences?.payment_failure_threshold;
    const plan: StoredPlan = {
      id: `P-${upperHex(12).slice(0, 24)}`,
      product_id: input.product_id,
      name: input.name,
      description: typeof input.description === 'string' ? input.description : undefined,
      status: input.status === 'CREATED' || input.status === 'INACTIVE' ? input.status : 'ACTIVE',
      billing_cycles: (input.billing_cycles ?? []) as Record<string, unknown>[],
      payment_preferences: {
        service_type: 'PREPAID',
        auto_bill_outstanding: true,
        setup_fee_failure_action: 'CONTINUE',
        payment_failure_threshold: 0,
        ...input.payment_preferences,
      },
      price: { currency_code: price.currency_code, value: String(price.value) },
      interval: { unit, count: Number(count) },
      failureThreshold: typeof threshold === 'number' ? threshold : 0,
      create_time: now(),
    };
    plans.set(plan.id, plan);
    return { status: 201, body: planJson(plan, true) };
  }

  function planJson(plan: StoredPlan, full: boolean): Record<string, unknown> {
    const summary = {
      id: plan.id,
      product_id: plan.product_id,
      name: plan.name,
      status: plan.status,
      ...(plan.description === undefined ? {} : { description: plan.description }),
      usage_type: 'LICENSED',
      create_time: plan.create_time,
      links: [{ href: `${apiUrl()}/v1/billing/plans/${plan.id}`, rel: 'self', method: 'GET' }],
    };
    if (!full) return summary;
    return {
      ...summary,
      billing_cycles: plan.billing_cycles,
      payment_preferences: plan.payment_preferences,
      taxes: { percentage: '0', inclusive: false },
      quantity_supported: false,
      update_time: plan.create_time,
    };
  }

  function listPlans(query: URLSearchParams): LocalAnswer {
    const productId = query.get('product_id');
    const size = Math.min(20, Number(query.get('page_size') ?? 10) || 10);
    const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
    const matching = [...plans.values()].filter((plan) => productId === null || plan.product_id === productId);
    const totalPages = Math.max(1, Math.ceil(matching.length / size));
    return {
      status: 200,
      body: {
        plans: matching.slice((page - 1) * size, page * size).map((plan) => planJson(plan, false)),
        ...(query.get('total_required') === 'true' ? { total_items: matching.length, total_pages: totalPages } : {}),
        links: [{ href: `${apiUrl()}/v1/billing/plans?${query}`, rel: 'self', method: 'GET' }],
      },
    };
  }

  function createSubscription(text: string): LocalAnswer {
    const input = parseJson(text) as
      | {
          plan_id?: unknown;
          custom_id?: unknown;
          subscriber?: { email_address?: unknown };
          application_context?: { brand_name?: unknown; return_url?: unknown; cancel_url?: unknown };
        }
      | undefined;
    const plan = typeof input?.plan_id === 'string' ? plans.get(input.plan_id) : undefined;
    if (!plan) return invalidRequest('/plan_id', 'INVALID_PARAMETER_VALUE');
    if (plan.status !== 'ACTIVE') return unprocessable('PLAN_STATUS_INVALID');
    if (input?.custom_id !== undefined && (typeof input.custom_id !== 'string' || input.custom_id.length > 127)) {
      return invalidRequest('/custom_id', 'INVALID_STRING_MAX_LENGTH');
    }
    for (const url of ['return_url', 'cancel_url'] as const) {
      const value = input?.application_context?.[url];
      if (value !== undefined && (typeof value !== 'string' || !/^https?:\/\//.test(value))) {
        return invalidRequest(`/application_context/${url}`, 'INVALID_PARAMETER_SYNTAX');
      }
    }
    const time = now();
    const subscription: StoredSubscription = {
      id: `I-${upperHex(6)}`,
      planId: plan.id,
      customId: input?.custom_id as string | undefined,
      email: typeof input?.subscriber?.email_address === 'string' ? input.subscriber.email_address : undefined,
      status: 'APPROVAL_PENDING',
      statusUpdateTime: time,
      startTime: time,
      createTime: time,
      updateTime: time,
      nextBillingTime: undefined,
      cyclesCompleted: 0,
      failedPayments: 0,
      lastFailedPayment: undefined,
      approveToken: `BA-${upperHex(9).slice(0, 17)}`,
      redirectToken: `EC-${upperHex(9).slice(0, 17)}`,
      brandName: stringOrUndefined(input?.application_context?.brand_name),
      returnUrl: stringOrUndefined(input?.application_context?.return_url),
      cancelUrl: stringOrUndefined(input?.application_context?.cancel_url),
    };
    subscriptions.set(subscription.id, subscription);
    emitSubscription('BILLING.SUBSCRIPTION.CREATED', subscription, time, 'Subscription created');
    return { status: 201, body: subscriptionJson(subscription) };
  }

  function subscriptionJson(subscription: StoredSubscription): Record<string, unknown> {
    const plan = plans.get(subscription.planId) as StoredPlan;
    const self = `${apiUrl()}/v1/billing/subscriptions/${subscription.id}`;
    const approved = subscription.status !== 'APPROVAL_PENDING';
    const last = lastSale(subscription.id);
    const links =
      subscription.status === 'APPROVAL_PENDING'
        ? [
            {
              href: `${approvalSite.origin()}${APPROVAL_PAGE_PATH}?ba_token=${subscription.approveToken}`,
              rel: 'approve',
              method: 'GET',
            },
            { href: self, rel: 'edit', method: 'PATCH' },
            { href: self, rel: 'self', method: 'GET' },
          ]
        : [
            { href: `${self}/cancel`, rel: 'cancel', method: 'POST' },
            { href: self, rel: 'edit', method: 'PATCH' },
            { href: self, rel: 'self', method: 'GET' },
            subscription.status === 'SUSPENDED'
              ? { href: `${self}/activate`, rel: 'activate', method: 'POST' }
              : { href: `${self}/suspend`, rel: 'suspend', method: 'POST' },
          ];
    return {
      id: subscription.id,
      plan_id: subscription.planId,
      status: subscription.status,
      status_update_time: subscription.statusUpdateTime,
      start_time: subscription.startTime,
      quantity: '1',
      shipping_amount: { currency_code: plan.price.currency_code, value: '0.0' },
      ...(subscription.customId === undefined ? {} : { custom_id: subscription.customId }),
      ...(approved
        ? {
            subscriber: {
              email_address: subscription.email ?? 'buyer@example.com',
              ...BUYER,
            },
            billing_info: {
              outstanding_balance: { currency_code: plan.price.currency_code, value: '0.0' },
              cycle_executions: [
                {
                  tenure_type: 'REGULAR',
                  sequence: 1,
                  cycles_completed: subscription.cyclesCompleted,
                  cycles_remaining: 0,
                  current_pricing_scheme_version: 1,
                  total_cycles: 0,
                },
              ],
              ...(last ? { last_payment: { amount: last.amount, time: last.time } } : {}),
              ...(subscription.status === 'ACTIVE' && subscription.nextBillingTime
                ? { next_billing_time: subscription.nextBillingTime }
                : {}),
              failed_payments_count: subscription.failedPayments,
              ...(subscription.lastFailedPayment
                ? {
                    last_failed_payment: {
                      amount: plan.price,
                      time: subscription.lastFailedPayment.time,
                      reason_code: 'PAYMENT_DENIED',
                    },
                  }
                : {}),
            },
          }
        : {}),
      create_time: subscription.createTime,
      update_time: subscription.updateTime,
      plan_overridden: false,
      links,
    };
  }

  function lastSale(subscriptionId: string): LocalSale | undefined {
    return sales.filter((sale) => sale.subscriptionId === subscriptionId).at(-1);
  }

  function emitSubscription(type: string, subscription: StoredSubscription, time: string, summary: string) {
    webhooks.emit(type, 'subscription', subscriptionJson(subscription), time, summary);
  }

  function setStatus(subscription: StoredSubscription, status: StoredSubscription['status'], time: string) {
    subscription.status = status;
    subscription.statusUpdateTime = time;
    subscription.updateTime = time;
  }

  /** POST …/suspend, …/activate, …/cancel: 204, or 422 SUBSCRIPTION_STATUS_INVALID from a status that does not allow it. */
  function act(subscription: StoredSubscription, action: string, text: string): LocalAnswer {
    const input = parseJson(text) as { reason?: unknown } | undefined;
    if (action !== 'activate' && (typeof input?.reason !== 'string' || input.reason === '')) {
      return invalidRequest('/reason', 'MISSING_REQUIRED_PARAMETER');
    }
    const allowed: Record<string, StoredSubscription['status'][]> = {
      suspend: ['ACTIVE'],
      activate: ['SUSPENDED'],
      cancel: ['ACTIVE', 'SUSPENDED'],
    };
    if (!allowed[action]?.includes(subscription.status)) return unprocessable('SUBSCRIPTION_STATUS_INVALID');
    const time = now();
    if (action === 'suspend') {
      setStatus(subscription, 'SUSPENDED', time);
      emitSubscription('BILLING.SUBSCRIPTION.SUSPENDED', subscription, time, 'Subscription suspended');
    } else if (action === 'activate') {
      setStatus(subscription, 'ACTIVE', time);
      emitSubscription('BILLING.SUBSCRIPTION.ACTIVATED', subscription, time, 'Subscription activated');
    } else {
      cancel(subscription, time);
    }
    return { status: 204, body: undefined };
  }

  function cancel(subscription: StoredSubscription, time: string) {
    setStatus(subscription, 'CANCELLED', time);
    subscription.nextBillingTime = undefined;
    emitSubscription('BILLING.SUBSCRIPTION.CANCELLED', subscription, time, 'Subscription cancelled');
  }

  function transactions(subscription: StoredSubscription, query: URLSearchParams): LocalAnswer {
    const start = query.get('start_time');
    const end = query.get('end_time');
    if (!start || Number.isNaN(Date.parse(start))) return invalidRequest('start_time', 'MISSING_REQUIRED_PARAMETER');
    if (!end || Number.isNaN(Date.parse(end))) return invalidRequest('end_time', 'MISSING_REQUIRED_PARAMETER');
    const inRange = sales.filter(
      (sale) =>
        sale.subscriptionId === subscription.id &&
        Date.parse(sale.time) >= Date.parse(start) &&
        Date.parse(sale.time) <= Date.parse(end),
    );
    return {
      status: 200,
      body: {
        transactions: inRange.map((sale) => {
          const { gross_amount, paypal_fee, net_amount } = breakdown(sale.amount);
          return {
            // The transactions' statuses PayPal documents have no REVERSED: the money is back with the buyer.
            status: sale.status === 'REVERSED' ? 'REFUNDED' : sale.status,
            id: sale.id,
            amount_with_breakdown: { gross_amount, fee_amount: paypal_fee, net_amount },
            payer_name: { given_name: BUYER.name.given_name, surname: BUYER.name.surname },
            payer_email: subscription.email ?? 'buyer@example.com',
            time: sale.time,
          };
        }),
        links: [
          {
            href: `${apiUrl()}/v1/billing/subscriptions/${subscription.id}/transactions?${query}`,
            rel: 'self',
            method: 'GET',
          },
        ],
      },
    };
  }

  /** A sale as Payments v1 shows it (GET /v1/payments/sale/{id}, and PAYMENT.SALE.* events). */
  function saleJson(sale: LocalSale): Record<string, unknown> {
    const fee = breakdown(sale.amount).paypal_fee;
    return {
      id: sale.id,
      state: sale.status.toLowerCase(),
      amount: {
        total: sale.amount.value,
        currency: sale.amount.currency_code,
        details: { subtotal: sale.amount.value },
      },
      payment_mode: 'INSTANT_TRANSFER',
      protection_eligibility: 'ELIGIBLE',
      protection_eligibility_type: 'ITEM_NOT_RECEIVED_ELIGIBLE,UNAUTHORIZED_PAYMENT_ELIGIBLE',
      transaction_fee: { value: fee.value, currency: fee.currency_code },
      billing_agreement_id: sale.subscriptionId,
      ...(sale.customId === undefined ? {} : { custom: sale.customId }),
      create_time: sale.time,
      update_time: sale.time,
      links: [
        { href: `${apiUrl()}/v1/payments/sale/${sale.id}`, rel: 'self', method: 'GET' },
        { href: `${apiUrl()}/v1/payments/sale/${sale.id}/refund`, rel: 'refund', method: 'POST' },
      ],
    };
  }

  /**
   * One cycle paid now: a sale, the next billing time a period after the one it pays (which keeps
   * the schedule), PAYMENT.SALE.COMPLETED.
   */
  function charge(subscription: StoredSubscription) {
    const time = now();
    const plan = plans.get(subscription.planId) as StoredPlan;
    const sale: LocalSale = {
      id: upperHex(9).slice(0, 17),
      status: 'COMPLETED',
      amount: { ...plan.price },
      subscriptionId: subscription.id,
      customId: subscription.customId,
      time,
    };
    sales.push(sale);
    subscription.cyclesCompleted += 1;
    subscription.failedPayments = 0;
    subscription.nextBillingTime = addInterval(subscription.nextBillingTime ?? time, plan.interval);
    subscription.updateTime = time;
    const summary = `Payment completed for $ ${sale.amount.value} ${sale.amount.currency_code}`;
    webhooks.emit('PAYMENT.SALE.COMPLETED', 'sale', saleJson(sale), time, summary);
  }

  function scripted(subscriptionId: string, ...statuses: StoredSubscription['status'][]): StoredSubscription {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`No local PayPal subscription ${subscriptionId}`);
    if (!statuses.includes(subscription.status)) {
      throw new Error(
        `Local PayPal subscription ${subscriptionId} is ${subscription.status}, not ${statuses.join(' or ')}`,
      );
    }
    return subscription;
  }

  function subscriptionRoute(method: string, rest: string, query: URLSearchParams, body: string): LocalAnswer {
    const [id, action] = rest.split('/');
    const subscription = id ? subscriptions.get(id) : undefined;
    if (!subscription) return notFound();
    if (method === 'GET' && action === undefined) return { status: 200, body: subscriptionJson(subscription) };
    if (method === 'GET' && action === 'transactions') return transactions(subscription, query);
    if (method === 'POST' && (action === 'suspend' || action === 'activate' || action === 'cancel')) {
      return act(subscription, action, body);
    }
    return notFound();
  }

  return {
    route(method, path, query, body) {
      if (method === 'POST' && path === '/v1/catalogs/products') return createProduct(body);
      const product = /^\/v1\/catalogs\/products\/([^/]+)$/.exec(path)?.[1];
      if (method === 'GET' && product) {
        const found = products.get(product);
        return found ? { status: 200, body: found } : notFound();
      }
      if (method === 'POST' && path === '/v1/billing/plans') return createPlan(body);
      if (method === 'GET' && path === '/v1/billing/plans') return listPlans(query);
      const plan = /^\/v1\/billing\/plans\/([^/]+)$/.exec(path)?.[1];
      if (method === 'GET' && plan) {
        const found = plans.get(plan);
        return found ? { status: 200, body: planJson(found, true) } : notFound();
      }
      if (method === 'POST' && path === '/v1/billing/subscriptions') return createSubscription(body);
      const rest = /^\/v1\/billing\/subscriptions\/(.+)$/.exec(path)?.[1];
      if (rest) return subscriptionRoute(method, rest, query, body);
      const sale = /^\/v1\/payments\/sale\/([^/]+)$/.exec(path)?.[1];
      if (method === 'GET' && sale) {
        const found = sales.find((each) => each.id === sale);
        return found ? { status: 200, body: saleJson(found) } : notFound();
      }
      return undefined;
    },
    findSale: (saleId) => sales.find((sale) => sale.id === saleId),
    approvalOf(approveToken) {
      const subscription = [...subscriptions.values()].find((each) => each.approveToken === approveToken);
      if (!subscription) return undefined;
      const plan = plans.get(subscription.planId) as StoredPlan;
      return {
        subscriptionId: subscription.id,
        status: subscription.status,
        planName: plan.name,
        price: plan.price,
        interval: plan.interval,
        brandName: subscription.brandName,
        approveToken: subscription.approveToken,
        redirectToken: subscription.redirectToken,
        returnUrl: subscription.returnUrl,
        cancelUrl: subscription.cancelUrl,
      };
    },
    refunded(sale, refund) {
      const time = now();
      const resource = {
        id: refund.id,
        state: 'completed',
        amount: { total: refund.amount.value, currency: refund.amount.currency_code },
        sale_id: sale.id,
        create_time: time,
        update_time: time,
        links: [
          { href: `${apiUrl()}/v1/payments/refund/${refund.id}`, rel: 'self', method: 'GET' },
          { href: `${apiUrl()}/v1/payments/sale/${sale.id}`, rel: 'sale', method: 'GET' },
        ],
      };
      const summary = `A $ ${refund.amount.value} ${refund.amount.currency_code} sale payment was refunded`;
      webhooks.emit('PAYMENT.SALE.REFUNDED', 'refund', resource, time, summary);
    },
    approveSubscription(subscriptionId) {
      const subscription = scripted(subscriptionId, 'APPROVAL_PENDING');
      const time = now();
      setStatus(subscription, 'ACTIVE', time);
      subscription.startTime = time;
      emitSubscription('BILLING.SUBSCRIPTION.ACTIVATED', subscription, time, 'Subscription activated');
      charge(subscription);
    },
    renewSubscription(subscriptionId) {
      const subscription = scripted(subscriptionId, 'ACTIVE');
      charge(subscription);
    },
    failSubscriptionPayment(subscriptionId) {
      const subscription = scripted(subscriptionId, 'ACTIVE');
      const plan = plans.get(subscription.planId) as StoredPlan;
      const time = now();
      subscription.failedPayments += 1;
      subscription.lastFailedPayment = { time };
      subscription.updateTime = time;
      emitSubscription('BILLING.SUBSCRIPTION.PAYMENT.FAILED', subscription, time, 'Subscription payment failed');
      if (plan.failureThreshold > 0 && subscription.failedPayments >= plan.failureThreshold) {
        setStatus(subscription, 'SUSPENDED', time);
        emitSubscription('BILLING.SUBSCRIPTION.SUSPENDED', subscription, time, 'Subscription suspended');
      }
    },
    expireSubscription(subscriptionId) {
      const subscription = scripted(subscriptionId, 'ACTIVE', 'SUSPENDED');
      const time = now();
      setStatus(subscription, 'EXPIRED', time);
      subscription.nextBillingTime = undefined;
      emitSubscription('BILLING.SUBSCRIPTION.EXPIRED', subscription, time, 'Subscription expired');
    },
    cancelSubscriptionAsBuyer(subscriptionId) {
      cancel(scripted(subscriptionId, 'ACTIVE', 'SUSPENDED'), now());
    },
    reverseSubscriptionPayment(saleId, reasonCode = 'CHARGEBACK') {
      const sale = sales.find((each) => each.id === saleId);
      if (!sale) throw new Error(`No local PayPal sale ${saleId}`);
      if (sale.status === 'REVERSED') throw new Error(`Local PayPal sale ${saleId} is reversed already`);
      const time = now();
      sale.status = 'REVERSED';
      const summary = `A $ ${sale.amount.value} ${sale.amount.currency_code} sale payment was reversed`;
      webhooks.emit(
        'PAYMENT.SALE.REVERSED',
        'sale',
        { ...saleJson(sale), reason_code: reasonCode, update_time: time },
        time,
        summary,
      );
    },
    subscriptionStatus: (subscriptionId) => subscriptions.get(subscriptionId)?.status,
    subscriptionsOf: (customId) =>
      [...subscriptions.values()].filter((each) => each.customId === customId).map((each) => each.id),
    sales: (subscriptionId) => sales.filter((sale) => sale.subscriptionId === subscriptionId),
    catalogSize: () => ({ products: products.size, plans: plans.size }),
  };
}
