import { afterEach, describe, expect, it } from 'vitest';
import { STORE_MIGRATIONS } from '../stores';
import { TEST_DIALECTS } from '../testing/test-stores';
import { openUnmigratedStore, type UnmigratedStore } from '../testing/unmigrated-store';
import type { PushDeliveryTable } from './tables';

const WITHOUT_TOKEN = '2026-12-30-push-deliveries-without-token';

/** A delivery as the store held it before: with its device's token. */
type DeliveryWithToken = PushDeliveryTable & { token: string };

const DELIVERIES: readonly DeliveryWithToken[] = [
  {
    message_id: 'm-1',
    token_hash: 'a'.repeat(64),
    token: 'token-a',
    user_id: 'player-1',
    status: 'sent',
    detail: 'projects/p/messages/1',
  },
  {
    message_id: 'm-1',
    token_hash: 'b'.repeat(64),
    token: 'token-b',
    user_id: 'player-2',
    status: 'failed',
    detail: 'FCM answered 500',
  },
  {
    message_id: 'm-2',
    token_hash: 'a'.repeat(64),
    token: 'token-a',
    user_id: 'player-1',
    status: 'sending',
    detail: null,
  },
];

const withoutToken = ({ token: _token, ...delivery }: DeliveryWithToken): PushDeliveryTable => delivery;

describe.each(TEST_DIALECTS)('push deliveries without their tokens, on %s', (dialect) => {
  let store: UnmigratedStore | undefined;
  afterEach(async () => {
    await store?.cleanup();
    store = undefined;
  });

  it('keeps every delivery and its key, and forgets the tokens; taken back, the column returns empty', async () => {
    store = await openUnmigratedStore(dialect, STORE_MIGRATIONS.game);
    await store.migrateToJustBefore(WITHOUT_TOKEN);
    const { db } = store;
    await db
      .withTables<{ push_deliveries: DeliveryWithToken }>()
      .insertInto('push_deliveries')
      .values(DELIVERIES)
      .execute();

    await store.migrateToLatest();
    const kept = await db
      .selectFrom('push_deliveries')
      .selectAll()
      .orderBy('message_id')
      .orderBy('token_hash')
      .execute();
    expect(kept).toEqual(DELIVERIES.map(withoutToken));
    // The key still refuses a second delivery of a message to one device.
    await expect(
      db
        .insertInto('push_deliveries')
        .values(withoutToken(DELIVERIES[0] as DeliveryWithToken))
        .execute(),
    ).rejects.toThrow();

    await store.migrateToJustBefore(WITHOUT_TOKEN);
    const back = await db
      .withTables<{ push_deliveries: DeliveryWithToken }>()
      .selectFrom('push_deliveries')
      .select(['message_id', 'token'])
      .orderBy('message_id')
      .execute();
    expect(back.map((row) => row.token)).toEqual(['', '', '']);
  });
});
