import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestStores, TEST_DIALECTS, type TestStores } from '../../testing/test-stores';
import { InvalidMailError } from './errors';
import { createMailer, type MailMessage } from './mailer';
import { listOutbox } from './queries';
import type { MailTables } from './tables';
import { captureLogger } from './testing';

const RESET: MailMessage = {
  to: 'rider.one@example.com',
  subject: 'Reset your Outpost password',
  text: 'Follow this link to choose a new password:\nhttp://localhost:3000/reset?token=abc123\n',
};

describe.each(TEST_DIALECTS)('mailer (outbox) on %s', (dialect) => {
  let t: TestStores;
  // The identity store's type gains mail_outbox once MailTables is composed into IdentityDatabase.
  const identity = () => t.stores.identity as unknown as Kysely<MailTables>;
  beforeEach(async () => {
    t = await openTestStores(dialect);
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it('stores the message in the outbox and prints it to the log, link included', async () => {
    const { logger, lines } = captureLogger();
    const mailer = createMailer({
      identity: identity(),
      from: 'Outpost <noreply@outpost.test>',
      logger,
      now: () => new Date('2026-11-22T10:00:00.000Z'),
    });
    expect(mailer.transport).toBe('outbox');

    await mailer.send({
      ...RESET,
      html: '<p>Follow <a href="http://localhost:3000/reset?token=abc123">this link</a></p>',
    });

    const rows = await listOutbox(identity(), { limit: 10 });
    expect(rows).toEqual([
      {
        id: expect.any(String),
        to_address: RESET.to,
        user_id: null,
        subject: RESET.subject,
        text_body: RESET.text,
        html_body: '<p>Follow <a href="http://localhost:3000/reset?token=abc123">this link</a></p>',
        transport: 'outbox',
        created_at: '2026-11-22T10:00:00.000Z',
        sent_at: null,
        error: null,
      },
    ]);
    expect(lines).toEqual([
      {
        level: 'info',
        msg: 'Mail written to the outbox',
        obj: { mailId: rows[0]?.id, to: RESET.to, subject: RESET.subject, text: RESET.text },
      },
    ]);
    await mailer.close();
  });

  it('keeps the body out of the log when told to (production: reset links stay in the table)', async () => {
    const { logger, lines } = captureLogger();
    const mailer = createMailer({ identity: identity(), from: 'noreply@outpost.test', logger, logBodies: false });
    await mailer.send(RESET);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.obj).not.toHaveProperty('text');
    expect(JSON.stringify(lines)).not.toContain('token');
    expect((await listOutbox(identity(), { limit: 1 }))[0]?.text_body).toBe(RESET.text);
    await mailer.close();
  });

  it('stores a text-only message with a null html body and a fresh id each time', async () => {
    const mailer = createMailer({ identity: identity(), from: 'noreply@outpost.test', logger: captureLogger().logger });
    await mailer.send(RESET);
    await mailer.send(RESET);
    const rows = await listOutbox(identity(), { limit: 10 });
    expect(rows.map((row) => row.html_body)).toEqual([null, null]);
    expect(new Set(rows.map((row) => row.id)).size).toBe(2);
    expect(Number.isNaN(Date.parse(rows[0]?.created_at ?? ''))).toBe(false);
  });

  it.each([
    ['a line break in the subject', { ...RESET, subject: 'Hello\r\nBcc: victim@example.com' }, /header injection/],
    ['a bare LF in the subject', { ...RESET, subject: 'Hello\nBcc: victim@example.com' }, /header injection/],
    ['a line break in the recipient', { ...RESET, to: 'a@example.com\r\nBcc: victim@example.com' }, /header injection/],
    ['an empty recipient', { ...RESET, to: '' }, /not a single email address/],
    ['a recipient without @', { ...RESET, to: 'rider.example.com' }, /not a single email address/],
    ['a list of recipients', { ...RESET, to: 'a@example.com, b@example.com' }, /not a single email address/],
    ['a display name', { ...RESET, to: 'Rider <a@example.com>' }, /not a single email address/],
  ])('refuses %s and stores and logs nothing', async (_case, message, reason) => {
    const { logger, lines } = captureLogger();
    const mailer = createMailer({ identity: identity(), from: 'noreply@outpost.test', logger });
    const sending = mailer.send(message);
    await expect(sending).rejects.toBeInstanceOf(InvalidMailError);
    await expect(sending).rejects.toThrow(reason);
    expect(await listOutbox(identity(), { limit: 10 })).toEqual([]);
    expect(lines).toEqual([]);
  });

  it('refuses a sender with a line break or without an address when created', () => {
    const { logger } = captureLogger();
    expect(() => createMailer({ identity: identity(), from: 'Outpost\r\nBcc: x@y.z <a@b.c>', logger })).toThrow(
      InvalidMailError,
    );
    expect(() => createMailer({ identity: identity(), from: 'Outpost', logger })).toThrow(InvalidMailError);
  });

  it('sends nothing once closed', async () => {
    const mailer = createMailer({ identity: identity(), from: 'noreply@outpost.test', logger: captureLogger().logger });
    await mailer.close();
    await mailer.close();
    await expect(mailer.send(RESET)).rejects.toThrow('The mailer is closed');
    expect(await listOutbox(identity(), { limit: 10 })).toEqual([]);
  });
});
