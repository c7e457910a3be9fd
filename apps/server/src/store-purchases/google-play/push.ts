import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { z } from 'zod/mini';
import { StoreRefusedError, StoreUnreachableError } from '../store-report';

/*
 * A real-time developer notification as Pub/Sub's push delivers it: a POST whose Authorization is a
 * Google-signed OIDC token for the push subscription's audience, and whose body's message.data is
 * the base64 of Google Play's DeveloperNotification.
 */

/** Google's OIDC issuers, as its ID tokens spell them. */
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export interface PushSettings {
  /** The audience set on the Pub/Sub push subscription (usually the endpoint's URL). */
  audience: string;
  /** Google's OIDC keys (https://www.googleapis.com/oauth2/v3/certs), or a local server's. */
  jwksUrl: string;
  /** The service account the push subscription authenticates as; when set, a token of any other is refused. */
  serviceAccountEmail: string | undefined;
}

const pushBodySchema = z.object({
  message: z.object({
    data: z.string(),
    messageId: z.string(),
  }),
  subscription: z.optional(z.string()),
});

const millis = z.union([z.string().check(z.regex(/^\d+$/)), z.number()]);

const developerNotificationSchema = z.object({
  packageName: z.string(),
  eventTimeMillis: millis,
  subscriptionNotification: z.optional(
    z.object({ notificationType: z.number(), purchaseToken: z.string(), subscriptionId: z.string() }),
  ),
  oneTimeProductNotification: z.optional(
    z.object({ notificationType: z.number(), purchaseToken: z.string(), sku: z.string() }),
  ),
  voidedPurchaseNotification: z.optional(
    z.object({
      purchaseToken: z.string(),
      orderId: z.string(),
      productType: z.number(),
      refundType: z.optional(z.number()),
    }),
  ),
  testNotification: z.optional(z.object({})),
});

export type DeveloperNotification = z.infer<typeof developerNotificationSchema>;

export interface PushedNotification {
  /** Pub/Sub's message id: the same notification redelivered has the same one. */
  messageId: string;
  /** When it happened, as Google Play says (ISO 8601, UTC). */
  at: string;
  notification: DeveloperNotification;
}

/** Checks a push's OIDC token and reads its notification; throws StoreRefusedError for anything not Google's. */
export function createPushReader(settings: PushSettings) {
  // jose fetches the keys once and again only for a key id it has not seen (Google rotates them).
  const keys = createRemoteJWKSet(new URL(settings.jwksUrl));

  async function checkToken(authorization: string | string[] | undefined) {
    const token = typeof authorization === 'string' ? /^Bearer (\S+)$/i.exec(authorization)?.[1] : undefined;
    if (token === undefined) {
      throw new StoreRefusedError('The notification carries no Google-signed token (Authorization: Bearer).');
    }
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: GOOGLE_ISSUERS,
        audience: settings.audience,
        algorithms: ['RS256'],
      }));
    } catch (error) {
      if (
        error instanceof errors.JWKSTimeout ||
        error instanceof errors.JWKSInvalid ||
        !(error instanceof errors.JOSEError)
      ) {
        throw new StoreUnreachableError(
          `Google's signing keys could not be read from ${settings.jwksUrl} (${String(error)})`,
        );
      }
      throw new StoreRefusedError(`The notification's token is not Google's for this endpoint (${error.code}).`);
    }
    if (
      settings.serviceAccountEmail !== undefined &&
      (payload.email !== settings.serviceAccountEmail || payload.email_verified !== true)
    ) {
      throw new StoreRefusedError("The notification's token was not issued to the configured push service account.");
    }
  }

  return async function readPush(request: {
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }): Promise<PushedNotification> {
    await checkToken(request.headers.authorization);
    const body = pushBodySchema.safeParse(parseJson(request.body.toString('utf8')));
    if (!body.success) throw new StoreRefusedError('The notification is not a Pub/Sub push message.');
    const notification = developerNotificationSchema.safeParse(
      parseJson(Buffer.from(body.data.message.data, 'base64').toString('utf8')),
    );
    if (!notification.success) {
      throw new StoreRefusedError("The Pub/Sub message's data is not a Google Play developer notification.");
    }
    return {
      messageId: body.data.message.messageId,
      at: new Date(Number(notification.data.eventTimeMillis)).toISOString(),
      notification: notification.data,
    };
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
