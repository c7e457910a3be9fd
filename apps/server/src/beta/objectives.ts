import type { AdminListPage } from '@outpost/contracts/admin-list';
import type {
  CreateTestingObjective,
  TestingObjective,
  TestingObjectiveListQuery,
  UpdateTestingObjective,
} from '@outpost/contracts/beta';
import type { Kysely } from 'kysely';
import { type AdminChange, adminLogRecord, appendAdminLog, editData } from '../backoffice/index';
import type { GameDatabase } from '../database';
import { isUniqueViolation } from '../platform/db/errors';
import { fetchListPage } from '../platform/db/list-page';
import { containsText } from '../platform/db/text-search';
import { BETA_ADMIN_ACTIONS } from './actions';
import type { TestingObjectiveRow } from './tables';

/*
 * Every read and write of testing objectives (docs/product.md §3.16's testing-objectives). Staff retire an
 * objective by saving it inactive rather than deleting it, so feedback about it keeps its mission.
 */

export class ObjectiveExistsError extends Error {
  constructor(readonly objectiveID: string) {
    super(`The testing objective ${objectiveID} already exists.`);
  }
}

export class ObjectiveNotFoundError extends Error {
  constructor(readonly objectiveID: string) {
    super(`There is no testing objective ${objectiveID}.`);
  }
}

export function toObjective(row: TestingObjectiveRow): TestingObjective {
  return {
    objectiveID: row.objective_id,
    title: row.title,
    description: row.description,
    active: row.active === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The objectives players see (docs/product.md §3.16: where active is true), oldest first. */
export async function listActiveObjectives(db: Kysely<GameDatabase>): Promise<TestingObjective[]> {
  const rows = await db
    .selectFrom('testing_objectives')
    .selectAll()
    .where('active', '=', 1)
    .orderBy('created_at')
    .orderBy('objective_id')
    .execute();
  return rows.map(toObjective);
}

export async function isActiveObjective(db: Kysely<GameDatabase>, objectiveID: string): Promise<boolean> {
  const row = await db
    .selectFrom('testing_objectives')
    .select('objective_id')
    .where('objective_id', '=', objectiveID)
    .where('active', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

const OBJECTIVE_SORTS = { createdAt: 'created_at', title: 'title' } as const;

/** One page of objectives, active or not (the admin list protocol). */
export async function listObjectives(
  db: Kysely<GameDatabase>,
  query: TestingObjectiveListQuery,
): Promise<AdminListPage<TestingObjective>> {
  let filtered = db.selectFrom('testing_objectives');
  if (query.active !== undefined) filtered = filtered.where('active', '=', query.active ? 1 : 0);
  if (query.q) filtered = filtered.where(containsText(['title', 'objective_id'], query.q));
  const { rows, ...page } = await fetchListPage(
    filtered,
    filtered.selectAll().orderBy(OBJECTIVE_SORTS[query.sort], query.order).orderBy('objective_id', query.order),
    query,
  );
  return { ...page, rows: rows.map(toObjective) };
}

const rowOf = (input: CreateTestingObjective, at: string): TestingObjectiveRow => ({
  objective_id: input.objectiveID,
  title: input.title,
  description: input.description,
  active: input.active ? 1 : 0,
  created_at: at,
  updated_at: at,
});

export async function createObjective(
  db: Kysely<GameDatabase>,
  input: CreateTestingObjective,
  context: AdminChange,
): Promise<TestingObjective> {
  const row = rowOf(input, (context.now ?? new Date()).toISOString());
  try {
    await db.transaction().execute(async (trx) => {
      await appendAdminLog(trx, adminLogRecord(context, BETA_ADMIN_ACTIONS.createObjective, { ...input }));
      await trx.insertInto('testing_objectives').values(row).execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ObjectiveExistsError(input.objectiveID);
    throw error;
  }
  return toObjective(row);
}

/** Saves the whole objective; the last save wins (an objective is a title and a few lines). */
export async function updateObjective(
  db: Kysely<GameDatabase>,
  objectiveID: string,
  input: UpdateTestingObjective,
  context: AdminChange,
): Promise<TestingObjective> {
  const at = (context.now ?? new Date()).toISOString();
  return db.transaction().execute(async (trx) => {
    const stored = await trx
      .selectFrom('testing_objectives')
      .selectAll()
      .where('objective_id', '=', objectiveID)
      .executeTakeFirst();
    const before = stored ? toObjective(stored) : {};
    await appendAdminLog(
      trx,
      adminLogRecord(context, BETA_ADMIN_ACTIONS.updateObjective, editData({ objectiveID }, before, input)),
    );
    const row = await trx
      .updateTable('testing_objectives')
      .set({ title: input.title, description: input.description, active: input.active ? 1 : 0, updated_at: at })
      .where('objective_id', '=', objectiveID)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new ObjectiveNotFoundError(objectiveID);
    return toObjective(row);
  });
}

/** Writes the demo objectives that are not there; one an admin changed stays as it is. */
export async function seedObjectives(
  db: Kysely<GameDatabase>,
  objectives: readonly CreateTestingObjective[],
  now: Date,
): Promise<void> {
  await db
    .insertInto('testing_objectives')
    .values(objectives.map((objective) => rowOf(objective, now.toISOString())))
    .onConflict((conflict) => conflict.column('objective_id').doNothing())
    .execute();
}
