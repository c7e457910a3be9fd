import type { CreateSegmentInput } from '@outpost/contracts/segments/schemas';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { seedSegmentRows } from './queries';

/** The demo's segments: audiences a studio makes first. */
export const DEMO_SEGMENTS: readonly CreateSegmentInput[] = [
  {
    segmentID: 'lapsed-spenders',
    name: 'Lapsed spenders',
    description: 'Spent credits, then stayed away for two weeks: a welcome-back reward.',
    definition: {
      match: 'all',
      rules: [
        { attribute: 'lastSeenDays', op: 'atLeast', value: 14 },
        { attribute: 'creditsSpent', op: 'atLeast', value: 100 },
      ],
    },
  },
  {
    segmentID: 'mobile-regulars',
    name: 'Mobile regulars',
    description: 'An hour played on a phone, seen this week.',
    definition: {
      match: 'all',
      rules: [
        {
          match: 'any',
          rules: [
            { attribute: 'platform', op: 'is', value: 'ios' },
            { attribute: 'platform', op: 'is', value: 'android' },
          ],
        },
        { attribute: 'playtimeMinutes', op: 'atLeast', value: 60 },
        { attribute: 'lastSeenDays', op: 'atMost', value: 7 },
      ],
    },
  },
  {
    segmentID: 'early-supporters',
    name: 'Early supporters',
    description: 'In the beta, by request or by invite.',
    definition: {
      match: 'any',
      rules: [
        { attribute: 'betaTester', op: 'is' },
        { attribute: 'earlyAccess', op: 'is' },
      ],
    },
  },
];

export function seedSegments(db: Kysely<GameDatabase>, now: Date): Promise<void> {
  return seedSegmentRows(db, DEMO_SEGMENTS, now);
}
