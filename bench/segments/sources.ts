import type { AppStores } from '../../apps/server/src/database';
import { DOMAINS } from '../../apps/server/src/domains';
import { playerAccountPage } from '../../apps/server/src/identity/index';
import { readPlayerAttributes } from '../../apps/server/src/segments/attributes';
import { median } from '../targets';

/*
 * What a reading of the players' attributes spends its time on: the accounts and each domain's
 * source timed alone over every player at once (the reading asks them range by range; this is what
 * one read would hold the server for without the ranges), one after another, in the bench's process
 * on the app's own stores, then the whole reading as the app makes it.
 */

/** Readings of each part: the median is reported. */
const EVERY_PLAYER = { from: null, to: null };

const ROUNDS = 3;

export interface SourceTiming {
  /** The domain and the attribute, or the accounts, or the whole reading. */
  name: string;
  /** Values (rows) it answered. */
  values: number;
  ms: number;
}

async function timed(read: () => Promise<Iterable<unknown>>): Promise<{ values: number; ms: number }> {
  const runs: { values: number; ms: number }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    const answer = await read();
    const ms = performance.now() - started;
    runs.push({ values: [...answer].length, ms });
  }
  return { values: runs[0]?.values ?? 0, ms: median(runs.map((run) => run.ms)) };
}

/** Each part of a reading of the development environment's players, then the whole reading, slowest part first. */
export async function timeSources(stores: AppStores): Promise<SourceTiming[]> {
  const counted = { game: stores.game.development, identity: stores.identity };
  const sources = DOMAINS.flatMap((domain) =>
    (domain.segmentAttributes ?? []).map((source) => ({ name: `${domain.name}: ${source.attribute}`, source })),
  );
  const parts: SourceTiming[] = [
    {
      name: 'identity: the player accounts (account age)',
      ...(await timed(() => playerAccountPage(stores.identity, null, Number.MAX_SAFE_INTEGER))),
    },
  ];
  for (const { name, source } of sources) {
    parts.push({ name, ...(await timed(() => source.values(counted, EVERY_PLAYER, new Date()))) });
  }
  parts.sort((a, b) => b.ms - a.ms);
  const whole = await timed(
    async () =>
      (
        await readPlayerAttributes(
          counted,
          sources.map(({ source }) => source),
          new Date(),
        )
      ).userIds,
  );
  return [...parts, { name: 'the whole reading (readPlayerAttributes: every part, then the columns)', ...whole }];
}
