/** What a push shows on the phone, and the key-value pairs the game's client reads from it. */
export interface PushMessage {
  title: string;
  body: string;
  data?: Readonly<Record<string, string>>;
}

/**
 * How one device token fared: `sent` with the provider's id for the message, `unregistered` when
 * the provider says the token will never work again (the caller forgets it), `failed` when
 * sending did not succeed after the retries (the token may work another time).
 */
export type PushOutcome =
  | { token: string; status: 'sent'; messageId: string }
  | { token: string; status: 'unregistered' }
  | { token: string; status: 'failed'; reason: string };

/**
 * The push seam (docs/architecture.md §5, docs/decisions/0048-push-delivery.md): one sender per environment, the outbox
 * by default, FCM's HTTP v1 API when configured. A call sends one message to at most
 * PUSH_CHUNK_LIMIT tokens and answers one outcome per token, in the tokens' order; one token's
 * failure never rejects it; a sender that cannot answer at all (FCM's thread ended, fcm-thread.ts)
 * rejects, and the chunk counts as interrupted. The caller (a durable job) claims each chunk before
 * sending it and records its outcomes after, so a crash resends nothing (push/send-job.ts).
 */
export interface PushSender {
  readonly transport: 'outbox' | 'fcm';
  send(tokens: readonly string[], message: PushMessage): Promise<PushOutcome[]>;
}

/** Large enough to keep 16 requests busy for a while, small enough that a resumed send repeats little. */
export const PUSH_CHUNK_LIMIT = 500;

/** The call itself was wrong (too many tokens, an unsendable message): nothing was sent for any token. */
export class InvalidPushError extends Error {
  override readonly name = 'InvalidPushError';
}

// FCM refuses these data keys (its own fields); the outbox refuses them too, so a message that
// passes on a developer's machine also passes in production.
const RESERVED_DATA_KEY = /^(from|notification|message_type|google\..*|gcm\..*)$/;

export function assertSendable(tokens: readonly string[], message: PushMessage): void {
  if (tokens.length > PUSH_CHUNK_LIMIT) {
    throw new InvalidPushError(`A push goes to at most ${PUSH_CHUNK_LIMIT} tokens a call, not ${tokens.length}`);
  }
  if (message.title.trim() === '' || message.body.trim() === '') {
    throw new InvalidPushError('A push needs a title and a body');
  }
  for (const key of Object.keys(message.data ?? {})) {
    if (key === '' || RESERVED_DATA_KEY.test(key)) {
      throw new InvalidPushError(`The push data key "${key}" is empty or reserved by FCM`);
    }
  }
}
