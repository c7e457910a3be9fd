import type { GameEventKind } from '../domain';
import { fileReport } from './queries';

/**
 * Reports as events of the game's batches: each is filed as POST /api/ingest/:env/reports files one,
 * at its time. A reporter it names must be a player with an account, as every player id of a batch.
 */
export const REPORT_KIND: GameEventKind<'report'> = {
  type: 'report',
  players: (event) => (event.reporterID === undefined ? [] : [{ field: 'reporterID', userID: event.reporterID }]),
  async store(trx, events) {
    for (const { event } of events) {
      await fileReport(trx, {
        category: event.category,
        target: event.target,
        text: event.text,
        reporter: event.reporterID ?? null,
        source: 'game',
        now: new Date(event.at),
      });
    }
  },
};
