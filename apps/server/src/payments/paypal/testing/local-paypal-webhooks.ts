import { generateKeyPairSync, randomUUID, sign, verify } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { invalidRequest, type LocalAnswer, parseJson, randomHex } from './local-paypal-answers';

/*
 * The local PayPal's webhooks: the events it makes (a subscription activated, a sale completed, …),
 * their deliveries over HTTP to each registered webhook with PayPal's transmission headers, and
 * POST /v1/notifications/verify-webhook-signature answering SUCCESS or FAILURE for them. Each
 * delivery is signed as PayPal signs it: SHA256withRSA over
 * `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the body, decimal>`, with a key
 * made at start whose public half is served at the paypal-cert-url.
 */

/** An event as PayPal posts it: `{id, event_type, resource_type, resource, create_time, …}`. */
export interface LocalWebhookEvent {
  id: string;
  event_version: '1.0';
  create_time: string;
  resource_type: string;
  resource_version?: string;
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
  links: { href: string; rel: string; method: string }[];
}

/** One delivery's request, as it goes out: a test may change it to forge one. */
export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookDelivery {
  eventId: string;
  eventType: string;
  webhookId: string;
  status: number;
  answer: string;
}

export interface DeliverOptions {
  /** The events to deliver (default: every one not delivered yet), in this order. */
  events?: readonly LocalWebhookEvent[];
  /** Post them all at once rather than one after the other. */
  concurrently?: boolean;
}

export interface LocalWebhooks {
  /** PayPal makes an event; it waits to be delivered. */
  emit(
    eventType: string,
    resourceType: string,
    resource: Record<string, unknown>,
    createTime: string,
    summary: string,
  ): void;
  route(method: string, path: string, body: string): LocalAnswer | undefined;
  /** The public half of the signing key, served without a token as PayPal serves its certificates. */
  certificate(path: string): string | undefined;
  addWebhook(url: string): string;
  events(eventType?: string): LocalWebhookEvent[];
  /** The signed request a delivery of `event` to the webhook makes. */
  request(event: LocalWebhookEvent, webhookId: string): WebhookRequest;
  deliver(options?: DeliverOptions): Promise<WebhookDelivery[]>;
}

const AUTH_ALGO = 'SHA256withRSA';

const FIELD_PATTERNS: Record<string, RegExp> = {
  auth_algo: /^[a-zA-Z0-9]{1,100}$/,
  webhook_id: /^[a-zA-Z0-9]{1,50}$/,
  transmission_id: /^\S{1,50}$/,
  transmission_sig: /^\S{1,500}$/,
  cert_url: /^\S{1,500}$/,
};

export function localWebhooks(apiUrl: () => string): LocalWebhooks {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certPath = `/v1/notifications/certs/CERT-360caa42-${randomHex(4)}-${randomHex(4)}`;
  const webhooks = new Map<string, string>();
  const made: LocalWebhookEvent[] = [];
  let undelivered: LocalWebhookEvent[] = [];

  const signed = (transmissionId: string, time: string, webhookId: string, body: string) =>
    Buffer.from(`${transmissionId}|${time}|${webhookId}|${crc32(Buffer.from(body, 'utf8'))}`, 'utf8');

  function request(event: LocalWebhookEvent, webhookId: string): WebhookRequest {
    const url = webhooks.get(webhookId);
    if (!url) throw new Error(`No local PayPal webhook ${webhookId}`);
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const time = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    const signature = sign('sha256', signed(transmissionId, time, webhookId, body), privateKey).toString('base64');
    return {
      url,
      body,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'PayPal/AUHD-214.0-58395034',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': signature,
        'paypal-cert-url': `${apiUrl()}${certPath}`,
        'paypal-auth-algo': AUTH_ALGO,
      },
    };
  }

  async function post(event: LocalWebhookEvent, webhookId: string): Promise<WebhookDelivery> {
    const { url, headers, body } = request(event, webhookId);
    const response = await fetch(url, { method: 'POST', headers, body });
    return {
      eventId: event.id,
      eventType: event.event_type,
      webhookId,
      status: response.status,
      answer: await response.text(),
    };
  }

  /** POST /v1/notifications/verify-webhook-signature: SUCCESS only for a delivery this PayPal signed for that webhook. */
  function verifySignature(text: string): LocalAnswer {
    const input = parseJson(text) as Record<string, unknown> | undefined;
    for (const field of [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ]) {
      if (typeof input?.[field] !== 'string' || input[field] === '')
        return invalidRequest(`/${field}`, 'MISSING_REQUIRED_PARAMETER');
    }
    if (typeof input?.webhook_event !== 'object' || input.webhook_event === null) {
      return invalidRequest('/webhook_event', 'MISSING_REQUIRED_PARAMETER');
    }
    const field = (name: string) => String(input[name]);
    // PayPal's request schema: alphanumeric algorithm and webhook id, bounded lengths.
    for (const [name, pattern] of Object.entries(FIELD_PATTERNS)) {
      if (!pattern.test(field(name))) return invalidRequest(`/${name}`, 'INVALID_PARAMETER_SYNTAX');
    }
    const body = JSON.stringify(input.webhook_event);
    const verified =
      webhooks.has(field('webhook_id')) &&
      field('auth_algo') === AUTH_ALGO &&
      field('cert_url') === `${apiUrl()}${certPath}` &&
      verify(
        'sha256',
        signed(field('transmission_id'), field('transmission_time'), field('webhook_id'), body),
        publicKey,
        Buffer.from(field('transmission_sig'), 'base64'),
      );
    return { status: 200, body: { verification_status: verified ? 'SUCCESS' : 'FAILURE' } };
  }

  return {
    emit(eventType, resourceType, resource, createTime, summary) {
      const id = `WH-${randomHex(8).toUpperCase()}-${randomHex(8).toUpperCase()}`;
      const event: LocalWebhookEvent = {
        id,
        event_version: '1.0',
        create_time: createTime,
        resource_type: resourceType,
        ...(resourceType === 'subscription' ? { resource_version: '2.0' } : {}),
        event_type: eventType,
        summary,
        resource,
        links: [
          { href: `${apiUrl()}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
          { href: `${apiUrl()}/v1/notifications/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
        ],
      };
      made.push(event);
      undelivered.push(event);
    },
    route(method, path, body) {
      if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') return verifySignature(body);
      return undefined;
    },
    certificate: (path) =>
      path === certPath ? publicKey.export({ type: 'spki', format: 'pem' }).toString() : undefined,
    addWebhook(url) {
      const id = randomHex(9).toUpperCase().slice(0, 17);
      webhooks.set(id, url);
      return id;
    },
    events: (eventType) => made.filter((event) => eventType === undefined || event.event_type === eventType),
    request,
    async deliver(options = {}) {
      const events = options.events ?? undelivered;
      undelivered = undelivered.filter((event) => !events.includes(event));
      const posts = events.flatMap((event) => [...webhooks.keys()].map((webhookId) => ({ event, webhookId })));
      if (options.concurrently) return Promise.all(posts.map(({ event, webhookId }) => post(event, webhookId)));
      const deliveries: WebhookDelivery[] = [];
      for (const { event, webhookId } of posts) deliveries.push(await post(event, webhookId));
      return deliveries;
    },
  };
}
