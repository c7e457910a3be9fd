import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { SMTPServer, type SMTPServerError } from 'smtp-server';
import type { MailLogger } from './mailer';

// Test helpers for the mail seam. Not imported by the app, so smtp-server stays a dev dependency.

export interface LoggedLine {
  level: 'info' | 'warn' | 'error';
  obj: Record<string, unknown>;
  msg: string;
}

/** A logger that keeps what it is given, so tests can read what a developer would see (mail's and push's). */
export function captureLogger(): {
  logger: MailLogger & { warn(obj: object, msg: string): void };
  lines: LoggedLine[];
} {
  const lines: LoggedLine[] = [];
  const keep = (level: LoggedLine['level']) => (obj: object, msg: string) => {
    lines.push({ level, obj: { ...obj }, msg });
  };
  return { logger: { info: keep('info'), warn: keep('warn'), error: keep('error') }, lines };
}

export interface ReceivedMail {
  /** Envelope sender (MAIL FROM). */
  from: string | false;
  /** Envelope recipients (RCPT TO). */
  to: string[];
  /** The user the client logged in as, if it did. */
  user: string | undefined;
  /** The message as transmitted: headers and encoded body. */
  raw: string;
}

export interface TestSmtpServer {
  /** smtp://[user:pass@]127.0.0.1:<port> */
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 and an ephemeral port, speaking plain SMTP (no STARTTLS, so no
 * certificate is needed). Logging in is optional; when `credentials` are given, only they are accepted.
 */
export async function startTestSmtpServer(
  options: { credentials?: { user: string; pass: string }; rejectRecipient?: (address: string) => boolean } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Credentials travel in clear over loopback only; the server refuses that by default.
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      const expected = options.credentials;
      if (expected && auth.username === expected.user && auth.password === expected.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      }
    },
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipient?.(address.address)) {
        const error: SMTPServerError = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        callback(error);
      } else {
        callback();
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom === false ? false : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const auth = options.credentials ? `${options.credentials.user}:${options.credentials.pass}@` : '';
  return {
    url: `smtp://${auth}127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

/** A loopback port nothing listens on: bound, then released. */
export async function unusedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => probe.close((error) => (error ? reject(error) : resolve())));
  return port;
}
