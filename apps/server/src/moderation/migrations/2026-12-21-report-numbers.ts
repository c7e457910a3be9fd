import type { Kysely } from 'kysely';
import { addRowNumber, dropRowNumber, type RowNumber } from '../../platform/db/row-numbers';

/*
 * Every report gets a short number (Report #12) for the player who filed it and the moderators,
 * instead of its random id; the reports already there numbered in the order they were filed.
 */
const REPORT_NUMBER: RowNumber = {
  table: 'reports',
  column: 'report_number',
  key: 'report_id',
  writtenAt: 'created_at',
};

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await addRowNumber(db, REPORT_NUMBER);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await dropRowNumber(db, REPORT_NUMBER);
}
