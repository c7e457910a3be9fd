import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { centsToPayPalValue, payPalValueToCents } from '../paypal-client';

/*
 * What the local PayPal's parts (orders, subscriptions, webhooks) answer with: PayPal's error
 * bodies, fees and ids, and reading a request.
 */

/** An answer of the local PayPal: an HTTP status and a JSON body. */
export interface LocalAnswer {
  status: number;
  body: unknown;
}

export const MESSAGES: Record<string, string> = {
  UNPROCESSABLE_ENTITY:
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
  RESOURCE_NOT_FOUND: 'The specified resource does not exist.',
  INVALID_REQUEST: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  INTERNAL_SERVER_ERROR: 'An internal server error has occurred.',
  SERVICE_UNAVAILABLE: 'Service Unavailable.',
};

export const ISSUES: Record<string, string> = {
  ORDER_ALREADY_CAPTURED: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
  INSTRUMENT_DECLINED:
    "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
  ORDER_NOT_APPROVED:
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
  INVALID_RESOURCE_ID: 'Specified resource ID does not exist. Please check the resource ID and try again.',
  CAPTURE_FULLY_REFUNDED: 'The capture has already been fully refunded.',
  REFUND_AMOUNT_EXCEEDED:
    'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
  CURRENCY_MISMATCH: 'Currency of capture must be the same as currency of refund.',
  REFUND_NOT_ALLOWED: 'Full refund refused - partial refund has already been done on this payment.',
  SUBSCRIPTION_STATUS_INVALID: 'Invalid subscription status for cancel/suspend/activate action.',
  DUPLICATE_RESOURCE_IDENTIFIER: 'A resource with the specified identifier already exists.',
  PLAN_STATUS_INVALID: 'Invalid plan status for subscription creation.',
};

export function unprocessable(issue: string, status = 422, name = 'UNPROCESSABLE_ENTITY') {
  return errorAnswer(status, name, issue, [{ issue, description: ISSUES[issue] ?? issue }]);
}

export function invalidRequest(field: string, issue: string) {
  const details = [{ field, location: 'body', issue, description: `The value of ${field} is not valid.` }];
  return errorAnswer(400, 'INVALID_REQUEST', issue, details);
}

export function failure(status: number): { status: number; body: unknown } {
  const name = status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_SERVER_ERROR';
  return errorAnswer(status, name, name);
}

/** PayPal's error body: `{name, message, debug_id, details?, links}` with a link to the error's documentation. */
export function errorAnswer(status: number, name: string, topic: string, details?: Record<string, string>[]) {
  return {
    status,
    body: {
      name,
      ...(details ? { details } : {}),
      message: MESSAGES[name],
      debug_id: debugId(),
      links: [
        {
          href: `https://developer.paypal.com/docs/api/orders/v2/#error-${topic}`,
          rel: 'information_link',
          method: 'GET',
        },
      ],
    },
  };
}

export function debugId(): string {
  return randomHex(7).slice(0, 13);
}

/** PayPal's fee (3.49 % + 0.49 USD), in cents so the local figures are exact too. */
export function breakdown(amount: { currency_code: string; value: string }) {
  const gross = payPalValueToCents(amount.value) ?? 0;
  const fee = Math.min(gross - 1, Math.round(gross * 0.0349) + 49);
  const money = (cents: number) => ({
    currency_code: amount.currency_code,
    value: cents === 0 ? '0.00' : centsToPayPalValue(cents),
  });
  return { gross_amount: amount, paypal_fee: money(fee), net_amount: money(gross - fee) };
}

export function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}
