import {
  PLAYER_RECORD_ROWS,
  type PlayerRecordColumn,
  type PlayerRecordFact,
  type PlayerRecordRow,
  type PlayerRecordSection,
  type PlayerRecordSectionKey,
  type PlayerRecordValue,
} from '@outpost/contracts/player-record';
import type { SelectQueryBuilder } from 'kysely';
import { fetchListPage } from './db/list-page';

/*
 * The pieces every domain's part of the player page (docs/decisions/0130-the-player-page.md) builds its
 * sections from: cells by kind, and a section of the newest rows of a query with their count.
 */

export const textCell = (text: string | null | undefined): PlayerRecordValue | null =>
  text ? { kind: 'text', text } : null;
export const instantCell = (at: string | null | undefined): PlayerRecordValue | null =>
  at ? { kind: 'instant', at } : null;
export const moneyCell = (cents: number, currency: string): PlayerRecordValue => ({ kind: 'money', cents, currency });
export const creditsCell = (credits: number, signed = false): PlayerRecordValue => ({
  kind: 'credits',
  credits,
  signed,
});
export const linkCell = (text: string, path: string): PlayerRecordValue => ({ kind: 'link', text, path });

export interface SectionShape {
  key: PlayerRecordSectionKey;
  title: string;
  columns: readonly PlayerRecordColumn[];
  empty: string;
  facts?: readonly PlayerRecordFact[];
  more?: { text: string; path: string } | null;
}

export function recordSection(
  shape: SectionShape,
  rows: readonly PlayerRecordRow[],
  total = rows.length,
): PlayerRecordSection {
  return {
    key: shape.key,
    title: shape.title,
    facts: [...(shape.facts ?? [])],
    columns: [...shape.columns],
    rows: [...rows],
    total,
    more: shape.more ?? null,
    empty: shape.empty,
  };
}

/** The newest PLAYER_RECORD_ROWS of `ordered` (newest first) and how many `filtered` holds: the admin list's first page. */
export async function newestRows<DB, TB extends keyof DB, Row>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  ordered: SelectQueryBuilder<DB, TB, Row>,
): Promise<{ rows: Row[]; total: number }> {
  const { rows, total } = await fetchListPage(filtered, ordered, { page: 1, pageSize: PLAYER_RECORD_ROWS });
  return { rows, total };
}

/** A section of the newest rows of `ordered` (newest first), each shown by `toRow`, counting all of `filtered`. */
export async function newestSection<DB, TB extends keyof DB, Row>(
  shape: SectionShape,
  filtered: SelectQueryBuilder<DB, TB, object>,
  ordered: SelectQueryBuilder<DB, TB, Row>,
  toRow: (row: Row) => PlayerRecordRow,
): Promise<PlayerRecordSection> {
  const { rows, total } = await newestRows(filtered, ordered);
  return recordSection(shape, rows.map(toRow), total);
}
