import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestStores, TEST_DIALECTS, type TestStores } from '../../testing/test-stores';
import { createMailer } from './mailer';
import { listOutbox } from './queries';
import type { MailTables } from './tables';
import { captureLogger } from './testing';

describe.each(TEST_DIALECTS)('listOutbox on %s', (dialect) => {
  let t: TestStores;
  const identity = () => t.stores.identity as unknown as Kysely<MailTables>;
  beforeEach(async () => {
    t = await openTestStores(dialect);
    let minute = 0;
    const mailer = createMailer({
      identity: identity(),
      from: 'noreply@outpost.test',
      logger: captureLogger().logger,
      now: () => new Date(Date.UTC(2026, 10, 22, 10, minute++)),
    });
    for (const [to, subject] of [
      ['a@example.com', 'first'],
      ['b@example.com', 'second'],
      ['a@example.com', 'third'],
    ] as const) {
      await mailer.send({ to, subject, text: subject });
    }
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it('lists newest first', async () => {
    const rows = await listOutbox(identity(), { limit: 10 });
    expect(rows.map((row) => row.subject)).toEqual(['third', 'second', 'first']);
  });

  it('keeps to one recipient and to the limit', async () => {
    expect((await listOutbox(identity(), { to: 'a@example.com', limit: 10 })).map((row) => row.subject)).toEqual([
      'third',
      'first',
    ]);
    expect((await listOutbox(identity(), { limit: 2 })).map((row) => row.subject)).toEqual(['third', 'second']);
    expect(await listOutbox(identity(), { to: 'nobody@example.com', limit: 10 })).toEqual([]);
  });

  it('reads through a transaction on the store as well', async () => {
    const rows = await identity()
      .transaction()
      .execute((trx) => listOutbox(trx, { to: 'b@example.com', limit: 10 }));
    expect(rows.map((row) => row.subject)).toEqual(['second']);
  });
});
