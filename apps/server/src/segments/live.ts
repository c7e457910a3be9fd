import { SEGMENTS_TOPIC } from '@outpost/contracts/segments/contract';
import type { LiveScope } from '../domain';
import { backOfficeListTopic, type LiveTopic } from '../platform/live/routes';

/** Segments' live topic: a segment was created, edited or deleted; the back office reads its list or segment again. */
export const SEGMENTS_LIVE_TOPICS: readonly LiveTopic<LiveScope>[] = [
  backOfficeListTopic({
    name: SEGMENTS_TOPIC,
    access: 'adminArea',
    side: 'game',
    sources: [{ topic: SEGMENTS_TOPIC, table: 'segments', key: 'segment_id' }],
  }),
];
