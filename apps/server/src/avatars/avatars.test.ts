import { AVATAR_MESSAGES, type AvatarClaim, type AvatarList } from '@outpost/contracts/avatars';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp } from '../identity/testing';
import { seedDemoData } from '../seed';
import { errorAnswer } from '../testing/error-answer';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { upsertAvatars } from './queries';
import { DEMO_AVATARS } from './seed';

describe.each(TEST_DIALECTS)('avatars and claim-avatar on %s', (dialect) => {
  let t: TestApp;
  let player: SignedIn;
  let other: SignedIn;
  const db = () => t.stores.game.development;

  const claim = (who: SignedIn | null, query: Record<string, string>) =>
    t.app.inject({
      url: `/api/fn/claim-avatar?${new URLSearchParams(query)}`,
      headers: who ? { authorization: who.bearer } : {},
    });
  const list = async (who: SignedIn | null) => {
    const response = await t.app.inject({ url: '/api/avatars', headers: who ? { authorization: who.bearer } : {} });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as AvatarList).avatars;
  };
  /** The avatar's count beside its claim rows: the two must always agree. */
  const tally = async (avatarID: string) => {
    const avatar = await db()
      .selectFrom('avatars')
      .select('claimed_count')
      .where('avatar_id', '=', avatarID)
      .executeTakeFirstOrThrow();
    const rows = await db().selectFrom('avatar_claims').select('user_id').where('avatar_id', '=', avatarID).execute();
    return { count: Number(avatar.claimed_count), rows: rows.length };
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await seedDemoData(t.stores, 'development');
    await upsertAvatars(
      db(),
      [
        { avatarID: 'crowd', name: 'Crowd', description: 'Claimed by many at once.' },
        { avatarID: 'mine-only', name: 'Mine only', description: 'Claimed once.' },
      ],
      // After the demo avatars, which the list shows first.
      new Date(Date.now() + 60_000),
    );
    player = await signUp(t.app, { email: 'avatar-player@example.com' });
    other = await signUp(t.app, { email: 'avatar-other@example.com' });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('lists the demo avatars in order, none claimed, for a visitor and a player', async () => {
    for (const who of [null, player]) {
      const avatars = await list(who);
      expect(avatars.slice(0, DEMO_AVATARS.length).map((avatar) => avatar.avatarID)).toEqual(
        DEMO_AVATARS.map((avatar) => avatar.avatarID),
      );
      expect(avatars.every((avatar) => avatar.claimedAt === null && avatar.claimedCount === 0)).toBe(true);
    }
  });

  it('claims an avatar for the caller, once: a repeat answers that it is already claimed', async () => {
    const first = await claim(player, { avatarID: 'neon-medic', userID: player.userId });
    expect(first.statusCode, first.body).toBe(200);
    const claimed = first.json() as AvatarClaim;
    expect(claimed).toMatchObject({
      avatarID: 'neon-medic',
      userID: player.userId,
      newlyClaimed: true,
      claimedCount: 1,
      message: AVATAR_MESSAGES.claimed,
    });
    const again = await claim(player, { avatarID: ' Neon-Medic ', userID: player.userId });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({
      ...claimed,
      newlyClaimed: false,
      message: AVATAR_MESSAGES.alreadyClaimed,
    });
    expect(await tally('neon-medic')).toEqual({ count: 1, rows: 1 });

    const mine = await list(player);
    expect(mine.find((avatar) => avatar.avatarID === 'neon-medic')).toMatchObject({
      claimedAt: claimed.claimedAt,
      claimedCount: 1,
    });
    // Another player sees the count, not the claim.
    const theirs = await list(other);
    expect(theirs.find((avatar) => avatar.avatarID === 'neon-medic')).toMatchObject({
      claimedAt: null,
      claimedCount: 1,
    });
  });

  it('refuses a claim for another account with 403, writing nothing', async () => {
    const response = await claim(player, { avatarID: 'rooftop-dj', userID: other.userId });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(
      errorAnswer('permission-denied', AVATAR_MESSAGES.notYours, { code: 'not-your-account' }),
    );
    expect(await tally('rooftop-dj')).toEqual({ count: 0, rows: 0 });
  });

  it('refuses an unknown avatar with 404 and bad input with 400', async () => {
    const unknown = await claim(player, { avatarID: 'no-such-avatar', userID: player.userId });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(errorAnswer('not-found', AVATAR_MESSAGES.notFound, { avatarID: 'no-such-avatar' }));

    const badID = await claim(player, { avatarID: 'not an id!', userID: player.userId });
    expect(badID.statusCode).toBe(400);
    expect(badID.json().error.message).toBe(`avatarID: ${AVATAR_MESSAGES.avatarID}`);
    const noUser = await claim(player, { avatarID: 'neon-medic' });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().error.message).toBe(`userID: ${AVATAR_MESSAGES.userID}`);
    const rows = await db().selectFrom('avatar_claims').select('avatar_id').execute();
    expect(rows.some((row) => row.avatar_id === 'no-such-avatar')).toBe(false);
  });

  it('needs an account', async () => {
    const response = await claim(null, { avatarID: 'neon-medic', userID: 'guest' });
    expect(response.statusCode).toBe(401);
  });

  it('keeps one claim of 100 concurrent claims by one player', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => claim(player, { avatarID: 'crowd', userID: player.userId })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(100).fill(200));
    const bodies = answers.map((answer) => answer.json() as AvatarClaim);
    expect(bodies.filter((body) => body.newlyClaimed)).toHaveLength(1);
    expect(new Set(bodies.map((body) => body.claimedAt)).size).toBe(1);
    expect(await tally('crowd')).toEqual({ count: 1, rows: 1 });
  });

  it('counts one claim per player when two players race for the same avatar', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => {
        const who = index % 2 === 0 ? player : other;
        return claim(who, { avatarID: 'mine-only', userID: who.userId });
      }),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(40).fill(200));
    expect(await tally('mine-only')).toEqual({ count: 2, rows: 2 });
  });

  it('keeps claims and counts when the demo data is seeded again', async () => {
    await db().updateTable('avatars').set({ name: 'Renamed' }).where('avatar_id', '=', 'neon-medic').execute();
    await seedDemoData(t.stores, 'development');
    const medic = (await list(player)).find((avatar) => avatar.avatarID === 'neon-medic');
    expect(medic).toMatchObject({ name: 'Neon Medic', claimedCount: 1 });
    expect(medic?.claimedAt).not.toBeNull();
  });
});
