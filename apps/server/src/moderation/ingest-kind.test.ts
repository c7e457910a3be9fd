import { type IngestBatchResult, unknownPlayerReason } from '@outpost/contracts/game-data';
import type { FiledReport } from '@outpost/contracts/moderation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUpPlayers } from '../identity/testing';
import { errorAnswer } from '../testing/error-answer';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';

const KEY = 'r'.repeat(40);

describe.each(TEST_DIALECTS)('the game’s reports name players with accounts, on %s', (dialect) => {
  let t: TestApp;
  let reporter: SignedIn;
  const db = () => t.stores.game.development;
  const reportsOn = (target: string) =>
    db().selectFrom('reports').select(['reporter', 'text']).where('target', '=', target).orderBy('text').execute();
  const ingest = (path: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/ingest/development/${path}`,
      headers: { authorization: `Bearer ${KEY}` },
      payload,
    });

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      config: { ingestKeys: { development: KEY, beta: undefined, production: undefined } },
    });
    [reporter] = (await signUpPlayers(t.app, t.stores.identity, 'in-game-reporter', 1)) as [SignedIn];
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('refuses a report event whose reporter has no account, by its index, and files the rest of the batch', async () => {
    const target = `@batch-${dialect}`;
    const report = (id: string, text: string, reporterID?: string) => ({
      id: `${dialect}:${id}`,
      type: 'report',
      at: new Date().toISOString(),
      category: 'cheating',
      target,
      text,
      ...(reporterID === undefined ? {} : { reporterID }),
    });
    const events = [
      report('known', 'A: by a player', reporter.userId),
      report('ghost', 'B: by nobody', 'no-such-reporter'),
      report('anonymous', 'C: by the game'),
    ];
    const response = await ingest('events', { events });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json() as IngestBatchResult).toEqual({
      stored: 2,
      duplicated: 0,
      refused: [{ index: 1, id: events[1]?.id, reason: unknownPlayerReason('no-such-reporter', 'reporterID') }],
    });
    expect(await reportsOn(target)).toEqual([
      { reporter: reporter.userId, text: 'A: by a player' },
      { reporter: null, text: 'C: by the game' },
    ]);
  });

  it('refuses a report filed on its own whose reporter has no account, and files nothing', async () => {
    const target = `@single-${dialect}`;
    const body = { category: 'scam', target, text: 'Sells fake credits.' };
    const refused = await ingest('reports', { ...body, reporterID: 'no-such-reporter' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual(
      errorAnswer('invalid-argument', unknownPlayerReason('no-such-reporter', 'reporterID')),
    );
    expect(await reportsOn(target)).toEqual([]);
    const filed = await ingest('reports', { ...body, reporterID: reporter.userId });
    expect(filed.statusCode, filed.body).toBe(200);
    expect(filed.json() as FiledReport).toMatchObject({ target, resolved: false });
    expect(await reportsOn(target)).toEqual([{ reporter: reporter.userId, text: 'Sells fake credits.' }]);
  });
});
