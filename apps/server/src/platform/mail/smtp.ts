import { createTransport } from 'nodemailer';
import { MailDeliveryError } from './errors';
import type { Mailer, MailerDeps } from './mailer';
import { insertOutboxEntry, markOutboxFailed, markOutboxSent } from './queries';

/**
 * The production adapter: messages go to an SMTP server, and each attempt is recorded in the
 * outbox with how it ended, so an operator can see what was sent and what failed.
 */
export function createSmtpMailer(deps: MailerDeps, smtpUrl: string): Mailer {
  const target = smtpTarget(smtpUrl);
  // Created once for the app's lifetime. Not pooled: the app sends little mail (resets,
  // notices), so a connection per message costs nothing and leaves no idle connection to go stale.
  // Nodemailer's default timeouts (2 min to connect, 10 min idle) would hold a request that much
  // longer; query parameters of the URL still override these.
  const transporter = createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });

  return {
    transport: 'smtp',
    async send(message) {
      // Recorded before sending: if the process dies mid-send, the row (neither sent nor failed) says so.
      const mailId = await insertOutboxEntry(deps.identity, {
        message,
        transport: 'smtp',
        createdAt: deps.now().toISOString(),
      });
      const logged = { mailId, to: message.to, subject: message.subject, target };

      let messageId: string;
      try {
        const info = await transporter.sendMail({
          from: deps.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        messageId = info.messageId;
      } catch (error) {
        const cause = error instanceof Error ? error : new Error(String(error));
        const failure = new MailDeliveryError(`SMTP delivery to ${message.to} via ${target} failed: ${cause.message}`, {
          cause,
        });
        try {
          await markOutboxFailed(deps.identity, mailId, failure.message);
        } catch (recordError) {
          deps.logger.error({ ...logged, err: recordError }, 'Mail delivery failure could not be recorded');
        }
        // Logged here as well as thrown: callers such as a password reset may deliberately answer
        // the same whatever happened, and the operator still has to learn that mail is failing.
        deps.logger.error({ ...logged, err: cause }, 'Mail delivery over SMTP failed');
        throw failure;
      }

      try {
        await markOutboxSent(deps.identity, mailId, deps.now().toISOString());
      } catch (recordError) {
        // The server has the message: failing the call now would invite a retry and a duplicate.
        deps.logger.error({ ...logged, messageId, err: recordError }, 'Mail sent over SMTP but not marked as sent');
        return;
      }
      deps.logger.info({ ...logged, messageId }, 'Mail sent over SMTP');
    },
    async close() {
      transporter.close();
    },
  };
}

/**
 * Checks the URL up front (a typo should stop the start, not the first reset mail) and returns
 * what may be shown of it: scheme, host and port, never the credentials.
 */
export function smtpTarget(smtpUrl: string): string {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    // The input is not echoed: it may hold a password.
    throw new Error('The SMTP URL is not a valid URL (expected smtp://user:pass@host:port or smtps://…)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`The SMTP URL must start with smtp:// or smtps://, not ${url.protocol}//`);
  }
  if (url.hostname === '') throw new Error('The SMTP URL names no host');
  return `${url.protocol}//${url.host}`;
}
