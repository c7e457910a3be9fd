import type { Kysely } from 'kysely';
import { createOutboxMailer } from './outbox';
import { outboxStore } from './queries';
import { createSmtpMailer } from './smtp';
import type { MailTables } from './tables';
import { assertSendable, assertValidSender } from './validate';

export interface MailMessage {
  /** One bare address; lists and display names are refused. */
  to: string;
  /**
   * The account the message is sent for (the one resetting its password, the one subscribed to a
   * drop): its deletion erases the message, whatever address it went to.
   */
  userId?: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /**
   * Resolves once the message is delivered: stored in the outbox, or accepted by the SMTP server.
   * Rejects with InvalidMailError (nothing stored) or MailDeliveryError (failure recorded).
   */
  send(message: MailMessage): Promise<void>;
  readonly transport: 'outbox' | 'smtp';
  /** Waits for messages in flight, then releases the transport; later sends reject. */
  close(): Promise<void>;
}

/** The subset of Fastify's (pino's) logger the mailer writes to. */
export interface MailLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MailerOptions<DB extends MailTables = MailTables> {
  /** The identity store, which holds mail_outbox. */
  identity: Kysely<DB>;
  /** Sender of every message; may carry a display name. */
  from: string;
  /** smtp://user:pass@host:port or smtps://…; unset or empty means the outbox only. */
  smtpUrl?: string | undefined;
  logger: MailLogger;
  /**
   * Print message bodies in the outbox log line. They carry live reset links, so production
   * keeps them in the outbox table only.
   */
  logBodies?: boolean;
  /** Clock for created_at / sent_at; tests pin it. */
  now?: () => Date;
}

/** What a transport needs from createMailer, already checked and defaulted. */
export interface MailerDeps {
  identity: Kysely<MailTables>;
  from: string;
  logger: MailLogger;
  logBodies: boolean;
  now: () => Date;
}

/** The mail seam (docs/architecture.md §5): the outbox by default, SMTP when a URL is configured. */
export function createMailer<DB extends MailTables>(options: MailerOptions<DB>): Mailer {
  assertValidSender(options.from);
  const deps: MailerDeps = {
    identity: outboxStore(options.identity),
    from: options.from,
    logger: options.logger,
    logBodies: options.logBodies ?? true,
    now: options.now ?? (() => new Date()),
  };
  const transport = options.smtpUrl ? createSmtpMailer(deps, options.smtpUrl) : createOutboxMailer(deps);

  // Sends in flight are tracked so close() lets them finish and record their outcome before the
  // caller closes the stores underneath them.
  const inFlight = new Set<Promise<void>>();
  let closed = false;
  return {
    transport: transport.transport,
    async send(message) {
      if (closed) throw new Error('The mailer is closed');
      assertSendable(message);
      const sending = transport.send(message);
      inFlight.add(sending);
      try {
        await sending;
      } finally {
        inFlight.delete(sending);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled(inFlight);
      await transport.close();
    },
  };
}
