import type { Mailer, MailerDeps } from './mailer';
import { insertOutboxEntry } from './queries';

/**
 * The embedded default: the outbox table is the mailbox and the log is where a developer reads it.
 * Nothing leaves the machine, so a single-machine install works with no mail account at all.
 */
export function createOutboxMailer(deps: MailerDeps): Mailer {
  return {
    transport: 'outbox',
    async send(message) {
      const mailId = await insertOutboxEntry(deps.identity, {
        message,
        transport: 'outbox',
        createdAt: deps.now().toISOString(),
      });
      // Outside production the text body is logged on purpose: it carries the link (password
      // reset) that the developer running `npm start` follows from the console.
      deps.logger.info(
        { mailId, to: message.to, subject: message.subject, ...(deps.logBodies ? { text: message.text } : {}) },
        'Mail written to the outbox',
      );
    },
    async close() {
      // Nothing to release: the identity store belongs to the caller.
    },
  };
}
