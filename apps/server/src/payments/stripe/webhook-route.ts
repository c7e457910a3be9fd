import type { FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { FunctionError } from '../../platform/http/errors';
import { verifyStripeWebhook, WebhookSignatureError } from './stripe-client';

/*
 * What every Stripe webhook endpoint of Outpost does before reading an event (its route keeps the
 * body as raw bytes, platform/http/raw-body.ts): refuse (400, in words) anything not signed with the
 * endpoint's own secret. Stripe lets an account have several endpoints, each with its own secret
 * and its own list of events.
 */

export const stripeEventSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(255)),
  type: z.string().check(z.minLength(1), z.maxLength(255)),
  created: z.int(),
  data: z.object({ object: z.unknown(), previous_attributes: z.optional(z.unknown()) }),
});
export type StripeEvent = z.infer<typeof stripeEventSchema>;

/** The signed event of a delivery: 400 for anything Stripe did not sign with this endpoint's secret. */
export function verifiedStripeEvent(request: FastifyRequest, webhookSecret: string | undefined): StripeEvent {
  const signature = request.headers['stripe-signature'];
  // Checked before Stripe's configuration: a request without the header is not Stripe's, wherever it lands.
  if (typeof signature !== 'string' || signature.trim() === '') {
    throw new FunctionError('invalid-argument', 'Missing the Stripe-Signature header: only Stripe posts events here.');
  }
  if (webhookSecret === undefined) {
    throw new FunctionError('unavailable', 'Stripe is not set up in this environment, so its events are not taken.');
  }
  const body = request.body;
  if (!Buffer.isBuffer(body) || body.length === 0) {
    throw new FunctionError('invalid-argument', 'The event body is empty.');
  }
  let event: unknown;
  try {
    event = verifyStripeWebhook(body, signature, webhookSecret);
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) throw error;
    throw new FunctionError('invalid-argument', `The Stripe-Signature does not verify this event: ${error.message}.`);
  }
  const parsed = z.safeParse(stripeEventSchema, event);
  if (!parsed.success) throw new FunctionError('invalid-argument', 'The signed body is not a Stripe event.');
  return parsed.data;
}
