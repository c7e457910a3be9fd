import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml } from '../../../platform/http/document-head';
import { sendStandInPage, standInPage } from '../../testing/stand-in-page';
import type { LocalSubscriptions, PendingApproval } from './local-paypal-subscriptions';
import type { LocalWebhookEvent, LocalWebhooks, WebhookDelivery } from './local-paypal-webhooks';

/*
 * The buyer's side of PayPal's Subscriptions flow, for browser tests: the page a subscription's
 * `approve` link opens (GET /webapps/billing/subscriptions?ba_token=BA-…, the path PayPal's link
 * has). It shows the merchant, the plan and its price, an Approve button and a link to cancel.
 * Approving does what the buyer's approval does on PayPal (approveSubscription: ACTIVE, the first
 * payment, BILLING.SUBSCRIPTION.ACTIVATED and PAYMENT.SALE.COMPLETED) and sends the browser to the
 * subscription's application_context.return_url with PayPal's query parameters (subscription_id,
 * ba_token, token); the events then go to every webhook, signed, over HTTP, as PayPal delivers them
 * after the buyer is back. Cancelling goes to the cancel_url with ba_token and token.
 */

export interface ApprovalPage {
  /** Answers a request to the approve page's path. */
  serve(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void>;
  /** Keeps the approvals' deliveries until the returned function sends them (to see a page update live). */
  holdWebhooks(): () => Promise<WebhookDelivery[]>;
  /** Resolves once every approval's deliveries are done. */
  settled(): Promise<void>;
}

export function localApprovalPage(
  subscriptions: Pick<LocalSubscriptions, 'approvalOf' | 'approveSubscription'>,
  webhooks: Pick<LocalWebhooks, 'events' | 'deliver'>,
): ApprovalPage {
  let held: LocalWebhookEvent[] | undefined;
  const running = new Set<Promise<unknown>>();

  function deliverLater(events: LocalWebhookEvent[]) {
    if (held) {
      held.push(...events);
      return;
    }
    // A site that is down misses them, as it would miss PayPal's; the test can deliver them again.
    const delivery = webhooks.deliver({ events }).catch(() => []);
    running.add(delivery);
    void delivery.finally(() => running.delete(delivery));
  }

  async function serve(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const approval = subscriptions.approvalOf(url.searchParams.get('ba_token') ?? '');
    const method = request.method ?? 'GET';
    if (!approval)
      return sendStandInPage(response, 404, payPalPage('Link expired', '<p>This subscription link is not valid.</p>'));
    if (method !== 'GET' && method !== 'POST') return sendStandInPage(response, 405, payPalPage('Not allowed', ''));
    if (approval.status !== 'APPROVAL_PENDING') {
      const body = `<p>This subscription is ${escapeHtml(approval.status.toLowerCase())}: there is nothing to approve.</p>`;
      return sendStandInPage(response, method === 'GET' ? 200 : 409, payPalPage('Subscription', body));
    }
    if (method === 'GET') return sendStandInPage(response, 200, approvalHtml(approval));
    const before = webhooks.events().length;
    subscriptions.approveSubscription(approval.subscriptionId);
    const made = webhooks.events().slice(before);
    if (approval.returnUrl === undefined) {
      sendStandInPage(response, 200, payPalPage('You’re subscribed', `<p>${escapeHtml(summary(approval))}</p>`));
    } else {
      const location = withParams(approval.returnUrl, {
        subscription_id: approval.subscriptionId,
        ba_token: approval.approveToken,
        token: approval.redirectToken,
      });
      response.writeHead(303, { location, 'cache-control': 'no-store' });
      response.end();
    }
    deliverLater(made);
  }

  return {
    serve,
    holdWebhooks() {
      held ??= [];
      return async () => {
        const events = held ?? [];
        held = undefined;
        return webhooks.deliver({ events });
      };
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}

/** The redirect PayPal makes back to the merchant: its URL with PayPal's parameters added. */
function withParams(address: string, params: Record<string, string>): string {
  const url = new URL(address);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** "$7.99 USD every month", as PayPal states a plan's price. */
function priceText(approval: PendingApproval): string {
  const { count, unit } = approval.interval;
  const every = count === 1 ? unit.toLowerCase() : `${count} ${unit.toLowerCase()}s`;
  return `$${approval.price.value} ${approval.price.currency_code} every ${every}`;
}

function summary(approval: PendingApproval): string {
  return `${approval.planName}: ${priceText(approval)}`;
}

function approvalHtml(approval: PendingApproval): string {
  const merchant = approval.brandName ?? 'the merchant';
  const action = `?ba_token=${encodeURIComponent(approval.approveToken)}`;
  const cancel =
    approval.cancelUrl === undefined
      ? ''
      : `<p><a href="${escapeHtml(
          withParams(approval.cancelUrl, { ba_token: approval.approveToken, token: approval.redirectToken }),
        )}">Cancel and return to ${escapeHtml(merchant)}</a></p>`;
  return payPalPage(
    'Subscribe with PayPal',
    `<p>${escapeHtml(merchant)} asks you to approve a subscription.</p>
<p><strong>${escapeHtml(approval.planName)}</strong></p>
<p>${escapeHtml(priceText(approval))}, starting today, until you cancel.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Approve</button></form>
${cancel}`,
  );
}

const payPalPage = (title: string, body: string) =>
  standInPage(title, 'A stand-in for PayPal&rsquo;s approval page, served by the tests&rsquo; local PayPal.', body);
