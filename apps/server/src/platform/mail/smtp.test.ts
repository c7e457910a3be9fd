import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestStores, TEST_DIALECTS, type TestStores } from '../../testing/test-stores';
import { MailDeliveryError } from './errors';
import { createMailer, type MailMessage } from './mailer';
import { listOutbox } from './queries';
import type { MailTables } from './tables';
import { captureLogger, startTestSmtpServer, type TestSmtpServer, unusedPort } from './testing';

const FROM = 'noreply@outpost.test';
const RESET: MailMessage = {
  to: 'rider.one@example.com',
  subject: 'Reset your Outpost password',
  text: 'Follow this link to choose a new password:\r\nhttp://localhost:3000/reset?token=abc123\r\n',
};

describe.each(TEST_DIALECTS)('mailer (SMTP) on %s', (dialect) => {
  let t: TestStores;
  let smtp: TestSmtpServer | undefined;
  const identity = () => t.stores.identity as unknown as Kysely<MailTables>;
  beforeEach(async () => {
    t = await openTestStores(dialect);
  });
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
    await t.cleanup();
  });

  it('delivers to the SMTP server, logging in with the URL credentials, and records the message as sent', async () => {
    smtp = await startTestSmtpServer({ credentials: { user: 'outpost', pass: 's3cret' } });
    const { logger, lines } = captureLogger();
    const mailer = createMailer({ identity: identity(), from: FROM, smtpUrl: smtp.url, logger });
    expect(mailer.transport).toBe('smtp');

    await mailer.send({ ...RESET, html: '<p><a href="http://localhost:3000/reset?token=abc123">Reset</a></p>' });
    await mailer.close();

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail?.from).toBe(FROM);
    expect(mail?.to).toEqual([RESET.to]);
    expect(mail?.user).toBe('outpost');
    expect(mail?.raw).toMatch(/^Subject: Reset your Outpost password\r$/m);
    expect(mail?.raw).toMatch(/^From: noreply@outpost\.test\r$/m);
    expect(mail?.raw).toMatch(/^To: rider\.one@example\.com\r$/m);
    expect(mail?.raw).toContain(
      'Follow this link to choose a new password:\r\nhttp://localhost:3000/reset?token=abc123',
    );
    expect(mail?.raw).toContain('Content-Type: text/html');

    const [row] = await listOutbox(identity(), { limit: 10 });
    expect(row).toMatchObject({ to_address: RESET.to, subject: RESET.subject, transport: 'smtp', error: null });
    expect(Date.parse(row?.sent_at ?? '')).toBeGreaterThanOrEqual(Date.parse(row?.created_at ?? ''));
    expect(lines.map((line) => [line.level, line.msg])).toEqual([['info', 'Mail sent over SMTP']]);
    // The log names the server but never the password in its URL.
    expect(JSON.stringify(lines)).not.toContain('s3cret');
  });

  it('lets a send in flight finish when closed, then sends nothing more', async () => {
    smtp = await startTestSmtpServer();
    const mailer = createMailer({
      identity: identity(),
      from: FROM,
      smtpUrl: smtp.url,
      logger: captureLogger().logger,
    });
    const sending = mailer.send(RESET);
    await mailer.close();
    await sending;
    expect(smtp.received).toHaveLength(1);
    expect((await listOutbox(identity(), { limit: 10 }))[0]?.sent_at).not.toBeNull();
    await expect(mailer.send(RESET)).rejects.toThrow('The mailer is closed');
  });

  it('rejects with a clear error and records it when the server refuses the recipient', async () => {
    smtp = await startTestSmtpServer({ rejectRecipient: (address) => address === 'gone@example.com' });
    const { logger, lines } = captureLogger();
    const mailer = createMailer({ identity: identity(), from: FROM, smtpUrl: smtp.url, logger });

    const sending = mailer.send({ ...RESET, to: 'gone@example.com' });
    await expect(sending).rejects.toBeInstanceOf(MailDeliveryError);
    await expect(sending).rejects.toThrow(
      /^SMTP delivery to gone@example\.com via smtp:\/\/127\.0\.0\.1:\d+ failed: .*550 Mailbox unavailable/,
    );
    await mailer.close();

    expect(smtp.received).toEqual([]);
    const [row] = await listOutbox(identity(), { limit: 10 });
    expect(row).toMatchObject({ to_address: 'gone@example.com', transport: 'smtp', sent_at: null });
    expect(row?.error).toMatch(/^SMTP delivery to gone@example\.com .* failed: .*550 Mailbox unavailable/);
    expect(lines.map((line) => [line.level, line.msg])).toEqual([['error', 'Mail delivery over SMTP failed']]);
  });

  it('rejects with a clear error and records it when the server cannot be reached', async () => {
    const port = await unusedPort();
    const mailer = createMailer({
      identity: identity(),
      from: FROM,
      smtpUrl: `smtp://outpost:s3cret@127.0.0.1:${port}`,
      logger: captureLogger().logger,
    });

    const sending = mailer.send(RESET);
    await expect(sending).rejects.toBeInstanceOf(MailDeliveryError);
    await expect(sending).rejects.toThrow(`SMTP delivery to ${RESET.to} via smtp://127.0.0.1:${port} failed:`);
    await expect(sending).rejects.toThrow(/ECONNREFUSED/);
    await expect(sending).rejects.not.toThrow(/s3cret/);
    await mailer.close();

    const [row] = await listOutbox(identity(), { limit: 10 });
    expect(row).toMatchObject({ to_address: RESET.to, transport: 'smtp', sent_at: null });
    expect(row?.error).toMatch(/ECONNREFUSED/);
  });

  it('refuses an SMTP URL it cannot use when created, without echoing credentials', () => {
    const { logger } = captureLogger();
    const create = (smtpUrl: string) => () => createMailer({ identity: identity(), from: FROM, smtpUrl, logger });
    expect(create('https://user:s3cret@mail.example.com')).toThrow('must start with smtp:// or smtps://, not https://');
    expect(create('mail.example.com:25')).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(create('s3cret mail server')).toThrow('not a valid URL');
    expect(create('s3cret mail server')).not.toThrow(/s3cret/);
    expect(create('smtp://')).toThrow('names no host');
  });
});
