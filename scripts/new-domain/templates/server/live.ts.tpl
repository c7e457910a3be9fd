import { __CONST___TOPIC } from '@outpost/contracts/__kebab__/contract';
import type { LiveScope } from '../domain';
import type { Audience } from '../platform/live/hub';
import type { LiveTopic } from '../platform/live/routes';
import { find__Pascal__Entry, findRunning__Pascal__Entry } from './queries';

const BACK_OFFICE: Audience = { id: 'back-office' };
const PLAYERS: Audience = { id: 'players' };

/**
 * __Words__' live topic: an entry changed. Players get it as GET /api/__kebab__ lists it (null once
 * ended or deleted); the back office gets its admin record.
 */
export const __CONST___LIVE_TOPICS: readonly LiveTopic<LiveScope>[] = [
  {
    name: __CONST___TOPIC,
    access: 'public',
    side: 'game',
    sources: [{ topic: __CONST___TOPIC, table: '__snake___entries', key: 'entry_id' }],
    audience: (_viewer, backOffice) => (backOffice ? BACK_OFFICE : PLAYERS),
    load: (key, audience, { game }) =>
      audience === BACK_OFFICE ? find__Pascal__Entry(game, key) : findRunning__Pascal__Entry(game, key, new Date()),
  },
];
