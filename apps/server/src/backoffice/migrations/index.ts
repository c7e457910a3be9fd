import type { Migration } from 'kysely';
import * as adminLog from './2026-11-24-admin-log';
import * as configDocuments from './2026-11-27-config-documents';

/** The back office's game-store migrations; never edit one that has shipped, add a new one. */
export const backofficeMigrations: Record<string, Migration> = {
  '2026-11-24-admin-log': adminLog,
  '2026-11-27-config-documents': configDocuments,
};
