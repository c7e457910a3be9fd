import { randomUUID } from 'node:crypto';
import type { Environment } from '@outpost/contracts/environments';
import type { Kysely } from 'kysely';
import { insertPushOutboxEntries, type PushOutboxHandle, pushOutboxStore } from './queries';
import { assertSendable, type PushSender } from './sender';
import type { PushOutboxTables } from './tables';

/** The subset of Fastify's (pino's) logger the push senders write to. */
export interface PushLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface OutboxPushSenderOptions<DB extends PushOutboxTables> {
  /** The identity store, which holds push_outbox for every environment. */
  identity: PushOutboxHandle<DB>;
  environment: Environment;
  logger: PushLogger;
  /** Clock for created_at; tests pin it. */
  now?: () => Date;
}

/**
 * The embedded default: every token "receives" the message as a row of push_outbox, so a machine
 * without FCM credentials still runs every send to the end, with real outcomes to record.
 */
export function createOutboxPushSender<DB extends PushOutboxTables>(options: OutboxPushSenderOptions<DB>): PushSender {
  const db: Kysely<PushOutboxTables> = pushOutboxStore(options.identity);
  const now = options.now ?? (() => new Date());
  return {
    transport: 'outbox',
    async send(tokens, message) {
      assertSendable(tokens, message);
      const rows = tokens.map((token) => ({ id: randomUUID(), token }));
      // One statement per chunk: either every token of the chunk is in the outbox or none is,
      // and the caller's checkpoint after the chunk stays true.
      await insertPushOutboxEntries(db, {
        environment: options.environment,
        message,
        rows,
        createdAt: now().toISOString(),
      });
      options.logger.info(
        { environment: options.environment, tokens: tokens.length, title: message.title },
        'Push written to the outbox',
      );
      return rows.map(({ id, token }) => ({ token, status: 'sent', messageId: id }));
    },
  };
}
