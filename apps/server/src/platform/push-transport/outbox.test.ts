import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestStores, TEST_DIALECTS, type TestStores } from '../../testing/test-stores';
import { captureLogger } from '../mail/testing';
import { createOutboxPushSender } from './outbox';
import { listPushOutbox } from './queries';
import { InvalidPushError, PUSH_CHUNK_LIMIT } from './sender';
import type { PushOutboxTables } from './tables';

const MESSAGE = {
  title: 'The theater is open',
  body: 'Episode 3 starts now',
  data: { screen: 'theater', episode: '3' },
};

describe.each(TEST_DIALECTS)('push outbox on %s', (dialect) => {
  let t: TestStores;
  const identity = () => t.stores.identity as unknown as Kysely<PushOutboxTables>;
  beforeEach(async () => {
    t = await openTestStores(dialect);
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it('records one row per token and answers each as sent with its row id', async () => {
    const { logger, lines } = captureLogger();
    const sender = createOutboxPushSender({
      identity: t.stores.identity,
      environment: 'beta',
      logger,
      now: () => new Date('2026-12-10T09:00:00.000Z'),
    });
    expect(sender.transport).toBe('outbox');

    const outcomes = await sender.send(['token-a', 'token-b'], MESSAGE);

    const rows = await listPushOutbox(identity(), { limit: 10 });
    expect(rows.map(({ id: _id, ...row }) => row).sort((a, b) => a.token.localeCompare(b.token))).toEqual(
      ['token-a', 'token-b'].map((token) => ({
        environment: 'beta',
        token,
        title: MESSAGE.title,
        body: MESSAGE.body,
        data: JSON.stringify(MESSAGE.data),
        created_at: '2026-12-10T09:00:00.000Z',
      })),
    );
    expect(outcomes).toEqual(
      ['token-a', 'token-b'].map((token) => ({
        token,
        status: 'sent',
        messageId: rows.find((row) => row.token === token)?.id,
      })),
    );
    expect(lines).toEqual([
      {
        level: 'info',
        msg: 'Push written to the outbox',
        obj: { environment: 'beta', tokens: 2, title: MESSAGE.title },
      },
    ]);
  });

  it('keeps a message without data as null, and reads per environment and token, newest first', async () => {
    let minute = 0;
    const senderFor = (environment: 'development' | 'production') =>
      createOutboxPushSender({
        identity: identity(),
        environment,
        logger: captureLogger().logger,
        now: () => new Date(Date.UTC(2026, 11, 10, 9, minute++)),
      });
    await senderFor('development').send(['token-a'], { title: 'first', body: 'one' });
    await senderFor('production').send(['token-a'], { title: 'second', body: 'two' });
    await senderFor('development').send(['token-b'], { title: 'third', body: 'three' });

    const titles = (rows: { title: string }[]) => rows.map((row) => row.title);
    expect(titles(await listPushOutbox(identity(), { limit: 10 }))).toEqual(['third', 'second', 'first']);
    expect(titles(await listPushOutbox(identity(), { environment: 'development', limit: 10 }))).toEqual([
      'third',
      'first',
    ]);
    expect(
      titles(await listPushOutbox(identity(), { environment: 'development', token: 'token-a', limit: 10 })),
    ).toEqual(['first']);
    expect((await listPushOutbox(identity(), { limit: 1 }))[0]?.data).toBeNull();
  });

  it.each([
    [
      'more tokens than a chunk',
      Array.from({ length: PUSH_CHUNK_LIMIT + 1 }, (_, i) => `t${i}`),
      MESSAGE,
      /at most 500/,
    ],
    ['an empty title', ['token-a'], { ...MESSAGE, title: ' ' }, /title and a body/],
    ['a data key FCM reserves', ['token-a'], { ...MESSAGE, data: { 'google.c': 'x' } }, /reserved by FCM/],
  ])('refuses %s and records nothing', async (_case, tokens, message, reason) => {
    const sender = createOutboxPushSender({
      identity: identity(),
      environment: 'development',
      logger: captureLogger().logger,
    });
    const sending = sender.send(tokens, message);
    await expect(sending).rejects.toBeInstanceOf(InvalidPushError);
    await expect(sending).rejects.toThrow(reason);
    expect(await listPushOutbox(identity(), { limit: 10 })).toEqual([]);
  });
});
