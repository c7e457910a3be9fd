import type { AdminListPage } from '@outpost/contracts/admin-list';
import { SEGMENTS_ADMIN_ACTIONS } from '@outpost/contracts/segments/contract';
import {
  type CreateSegmentInput,
  type SegmentDefinition,
  type SegmentListQuery,
  segmentDefinitionSchema,
  type UpdateSegmentInput,
} from '@outpost/contracts/segments/schemas';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import { type AdminChange, adminLogRecord, appendAdminLog } from '../backoffice/index';
import type { GameDatabase } from '../database';
import type { SegmentUseCheck } from '../domain';
import { isPostgres } from '../platform/db/dialect';
import { isUniqueViolation } from '../platform/db/errors';
import { fetchListPage } from '../platform/db/list-page';
import { containsText } from '../platform/db/text-search';
import type { SegmentRow } from './tables';

/* Every read and write of segments; each admin change appends its admin-log entry in its transaction. */

export class SegmentExistsError extends Error {
  constructor(
    readonly segmentID: string,
    readonly taken: 'segmentID' | 'name',
    readonly segmentName: string,
  ) {
    super(`The segment ${taken === 'name' ? segmentName : segmentID} already exists.`);
  }
}

export class SegmentNotFoundError extends Error {
  constructor(readonly segmentID: string) {
    super(`There is no segment ${segmentID}.`);
  }
}

/** The segment was saved since the revision the save started from. */
export class SegmentStaleError extends Error {
  constructor(readonly segmentID: string) {
    super(`The segment ${segmentID} was saved since.`);
  }
}

/** A segment as stored, its definition parsed. */
export type StoredSegment = Omit<SegmentRow, 'definition'> & { definition: SegmentDefinition };

const definitionOf = (text: string): SegmentDefinition => z.parse(segmentDefinitionSchema, JSON.parse(text));

export const storedSegment = (row: SegmentRow): StoredSegment => ({ ...row, definition: definitionOf(row.definition) });

export async function findSegment(db: Kysely<GameDatabase>, segmentID: string): Promise<StoredSegment | null> {
  const row = await db.selectFrom('segments').selectAll().where('segment_id', '=', segmentID).executeTakeFirst();
  return row ? storedSegment(row) : null;
}

const SORTS = { updatedAt: 'updated_at', name: 'name' } as const;

/** One page of every segment (the admin list protocol). */
export async function listSegments(
  db: Kysely<GameDatabase>,
  query: SegmentListQuery,
): Promise<AdminListPage<StoredSegment>> {
  let filtered = db.selectFrom('segments');
  if (query.q) filtered = filtered.where(containsText(['name', 'segment_id'], query.q));
  const { rows, ...page } = await fetchListPage(
    filtered,
    filtered.selectAll().orderBy(SORTS[query.sort], query.order).orderBy('segment_id', query.order),
    query,
  );
  return { ...page, rows: rows.map(storedSegment) };
}

/** Whether a segment holds the ID: a refused insert names the ID when it does, the name otherwise. */
async function idTaken(db: Kysely<GameDatabase>, segmentID: string): Promise<boolean> {
  const row = await db
    .selectFrom('segments')
    .select('segment_id')
    .where('segment_id', '=', segmentID)
    .executeTakeFirst();
  return row !== undefined;
}

export async function createSegment(
  db: Kysely<GameDatabase>,
  input: CreateSegmentInput,
  change: AdminChange,
): Promise<StoredSegment> {
  const at = (change.now ?? new Date()).toISOString();
  const row: SegmentRow = {
    segment_id: input.segmentID,
    name: input.name,
    description: input.description,
    definition: JSON.stringify(input.definition),
    revision: 1,
    created_at: at,
    created_by: change.admin,
    updated_at: at,
    updated_by: change.admin,
  };
  try {
    await db.transaction().execute(async (trx) => {
      await appendAdminLog(trx, adminLogRecord(change, SEGMENTS_ADMIN_ACTIONS.create, { ...input }));
      await trx.insertInto('segments').values(row).execute();
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new SegmentExistsError(
      input.segmentID,
      (await idTaken(db, input.segmentID)) ? 'segmentID' : 'name',
      input.name,
    );
  }
  return storedSegment(row);
}

/** Saves the whole segment if it is still at the revision the save started from. */
export async function updateSegment(
  db: Kysely<GameDatabase>,
  segmentID: string,
  input: UpdateSegmentInput,
  change: AdminChange,
): Promise<StoredSegment> {
  const at = (change.now ?? new Date()).toISOString();
  const { revision, ...fields } = input;
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('segments')
        .selectAll()
        .where('segment_id', '=', segmentID)
        .executeTakeFirst();
      if (!before) throw new SegmentNotFoundError(segmentID);
      if (before.revision !== revision) throw new SegmentStaleError(segmentID);
      // Conditional on the revision still: a save committed since the read above makes this one stale.
      const row = await trx
        .updateTable('segments')
        .set({
          name: fields.name,
          description: fields.description,
          definition: JSON.stringify(fields.definition),
          revision: revision + 1,
          updated_at: at,
          updated_by: change.admin,
        })
        .where('segment_id', '=', segmentID)
        .where('revision', '=', revision)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new SegmentStaleError(segmentID);
      const previous = {
        name: before.name,
        description: before.description,
        definition: definitionOf(before.definition),
      };
      await appendAdminLog(
        trx,
        adminLogRecord(change, SEGMENTS_ADMIN_ACTIONS.update, { segmentID, ...fields, previous }),
      );
      return storedSegment(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new SegmentExistsError(segmentID, 'name', fields.name);
    throw error;
  }
}

/** Other domains' data names the segment: it stays until they stop. */
export class SegmentInUseError extends Error {
  constructor(
    readonly segmentID: string,
    readonly uses: readonly string[],
  ) {
    super(`The segment ${segmentID} is in use: ${uses.join('; ')}.`);
  }
}

/** Deletes the segment unless a use check finds it named (in the same transaction, so no use slips in between). */
export async function deleteSegment(
  db: Kysely<GameDatabase>,
  segmentID: string,
  change: AdminChange,
  uses: readonly SegmentUseCheck[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The row first, for update: a use being recorded at once holds it shared (segmentForUse) and has
    // either committed, so a check finds it, or waits for this deletion and is refused.
    await trx
      .selectFrom('segments')
      .select('segment_id')
      .where('segment_id', '=', segmentID)
      .$if(isPostgres<GameDatabase>(trx), (query) => query.forUpdate())
      .execute();
    const found = (await Promise.all(uses.map((use) => use(trx, segmentID)))).filter((use) => use !== null);
    if (found.length > 0) throw new SegmentInUseError(segmentID, found);
    const row = await trx.deleteFrom('segments').where('segment_id', '=', segmentID).returningAll().executeTakeFirst();
    if (!row) throw new SegmentNotFoundError(segmentID);
    await appendAdminLog(trx, adminLogRecord(change, SEGMENTS_ADMIN_ACTIONS.delete, { segmentID, name: row.name }));
  });
}

/**
 * The segment a record being written names (a push message), read in the transaction that writes it,
 * or null when the environment has none. On PostgreSQL the row is held shared to the commit, so a
 * deletion (which takes it first, for update) is either waited for or finds the new use.
 */
export async function segmentForUse(
  trx: Kysely<GameDatabase>,
  segmentID: string,
): Promise<{ segmentID: string; name: string } | null> {
  const row = await trx
    .selectFrom('segments')
    .select(['segment_id', 'name'])
    .where('segment_id', '=', segmentID)
    .$if(isPostgres(trx), (query) => query.forShare())
    .executeTakeFirst();
  return row ? { segmentID: row.segment_id, name: row.name } : null;
}

/** Writes the demo segments that are not there; one an admin changed stays as it is. */
export async function seedSegmentRows(
  db: Kysely<GameDatabase>,
  segments: readonly CreateSegmentInput[],
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('segments')
    .values(
      segments.map((segment) => ({
        segment_id: segment.segmentID,
        name: segment.name,
        description: segment.description,
        definition: JSON.stringify(segment.definition),
        revision: 1,
        created_at: at,
        created_by: null,
        updated_at: at,
        updated_by: null,
      })),
    )
    .onConflict((conflict) => conflict.column('segment_id').doNothing())
    .execute();
}
