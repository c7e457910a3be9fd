import type { Migration } from 'kysely';
import * as reports from './2026-12-01-reports';
import * as reportNumbers from './2026-12-21-report-numbers';
import * as reportIndexes from './2026-12-27-report-indexes';

/** The moderation domain's game-store migrations; never edit one that has shipped, add a new one. */
export const moderationMigrations: Record<string, Migration> = {
  '2026-12-01-reports': reports,
  '2026-12-21-report-numbers': reportNumbers,
  '2026-12-27-report-indexes': reportIndexes,
};
