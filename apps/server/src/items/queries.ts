import type { AdminListPage } from '@outpost/contracts/admin-list';
import {
  type CreateItemInput,
  type ItemListQuery,
  type NamedItem,
  PURCHASABLES_REFRESH_LIMIT,
  type PurchasableField,
  type PurchasableListQuery,
  type UpdateItemInput,
} from '@outpost/contracts/items';
import type { Kysely } from 'kysely';
import { type AdminChange, appendAdminLog, editData } from '../backoffice/index';
import type { GameDatabase } from '../database';
import type { ItemUseCheck } from '../domain';
import { isForeignKeyViolation, isUniqueViolation } from '../platform/db/errors';
import { fetchListPage } from '../platform/db/list-page';
import { containsText } from '../platform/db/text-search';
import type { ItemRow, PurchasableRow } from './tables';

/*
 * Every read and write of items-master and purchasables. Each admin write is one transaction that
 * first appends its admin-log entry (docs/decisions/0053-domains-as-modules.md); the foreign key from
 * purchasables to items-master is the last word when a write races another.
 */

export const ADMIN_ACTIONS = {
  createItem: 'item.create',
  renameItem: 'item.rename',
  deleteItem: 'item.delete',
  mergePurchasables: 'purchasables.merge',
  deletePurchasable: 'purchasable.delete',
} as const;

export class ItemExistsError extends Error {
  constructor(readonly itemID: string) {
    super(`An item with the ID "${itemID}" already exists.`);
  }
}

export class ItemNotFoundError extends Error {
  constructor(readonly itemID: string) {
    super(`There is no item with the ID "${itemID}".`);
  }
}

/** A delete of an item something still names; `uses` say what, in words. */
export class ItemInUseError extends Error {
  constructor(
    readonly itemID: string,
    readonly uses: readonly string[],
  ) {
    super(`The item "${itemID}" cannot be deleted: ${uses.join('; ')}.`);
  }
}

/** A merge naming items that items-master does not have. */
export class UnknownItemsError extends Error {
  constructor(readonly itemIDs: readonly string[]) {
    super(`Unknown items: ${itemIDs.join(', ')}.`);
  }
}

/** A merge that would create purchasables without the fields a new one needs. */
export class IncompletePurchasableError extends Error {
  constructor(readonly purchasableIDs: readonly string[]) {
    super(
      `${purchasableIDs.map((id) => `"${id}"`).join(', ')} ${purchasableIDs.length === 1 ? 'does' : 'do'} not exist yet: ` +
        'a new purchasable needs itemID, name and costCredits.',
    );
  }
}

export class PurchasableNotFoundError extends Error {
  constructor(readonly purchasableID: string) {
    super(`There is no purchasable with the ID "${purchasableID}".`);
  }
}

/** A write that met another one committing at the same moment, even after running again. */
export class ConcurrentChangeError extends Error {
  constructor() {
    super('Another change to the same purchasables or items was saved at the same moment; try again.');
  }
}

/** How many ids one `in (…)` names: well under SQLite's and PostgreSQL's parameter limits. */
const ID_CHUNK = 500;

function chunks<Value>(values: readonly Value[], size: number): Value[][] {
  const result: Value[][] = [];
  for (let start = 0; start < values.length; start += size) result.push(values.slice(start, start + size));
  return result;
}

/**
 * The ids that items-master does not have, once each, in the order given: what prizes, code
 * rewards and purchasables call to validate the items they name. Pass a transaction handle to
 * check inside the write that uses them.
 */
export async function findMissingItems(db: Kysely<GameDatabase>, itemIDs: readonly string[]): Promise<string[]> {
  const unique = [...new Set(itemIDs)];
  const found = new Set<string>();
  for (const chunk of chunks(unique, ID_CHUNK)) {
    const rows = await db.selectFrom('items_master').select('item_id').where('item_id', 'in', chunk).execute();
    for (const row of rows) found.add(row.item_id);
  }
  return unique.filter((itemID) => !found.has(itemID));
}

/**
 * The names of these items, by id, for the answers that show items to people (a code's rewards,
 * a machine's prizes, a reward's items): an id items-master no longer has is named by itself.
 */
export async function itemNamesOf(db: Kysely<GameDatabase>, itemIDs: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(itemIDs)];
  const names = new Map(unique.map((itemID) => [itemID, itemID]));
  for (const chunk of chunks(unique, ID_CHUNK)) {
    const rows = await db
      .selectFrom('items_master')
      .select(['item_id', 'name'])
      .where('item_id', 'in', chunk)
      .execute();
    for (const row of rows) names.set(row.item_id, row.name);
  }
  return names;
}

/** Items as the answers name them, in the order given: {itemID, name}. */
export async function namedItems(db: Kysely<GameDatabase>, itemIDs: readonly string[]): Promise<NamedItem[]> {
  const names = await itemNamesOf(db, itemIDs);
  return itemIDs.map((itemID) => ({ itemID, name: names.get(itemID) ?? itemID }));
}

/** A merge's update that found its purchasable deleted since the merge read it. */
class PurchasableVanishedError extends Error {}

/** A write that met another one committing at the same moment: the database's key, or a row gone. */
function racedAnother(error: unknown): boolean {
  return isUniqueViolation(error) || isForeignKeyViolation(error) || error instanceof PurchasableVanishedError;
}

/** Runs a write, and once more when it met another write committing at the same moment. */
async function againIfRaced<Result>(write: () => Promise<Result>): Promise<Result> {
  try {
    return await write();
  } catch (error) {
    // The second run sees what the other write committed, so it answers as if it had come after it.
    if (!racedAnother(error)) throw error;
  }
  try {
    return await write();
  } catch (error) {
    if (racedAnother(error)) throw new ConcurrentChangeError();
    throw error;
  }
}

/* ------------------------------------------------------------------ items-master */

export function findItem(db: Kysely<GameDatabase>, itemID: string): Promise<ItemRow | undefined> {
  return db.selectFrom('items_master').selectAll().where('item_id', '=', itemID).executeTakeFirst();
}

export interface ItemSummaryRow {
  item: ItemRow;
  purchasableCount: number;
}

const ITEM_SORT_COLUMNS = {
  updatedAt: 'updated_at',
  itemID: 'item_id',
  name: 'name',
} as const satisfies Record<ItemListQuery['sort'], keyof ItemRow>;

/** One page of items-master (the admin list protocol), each with how many purchasables sell it. */
export async function listItems(
  db: Kysely<GameDatabase>,
  query: ItemListQuery,
): Promise<AdminListPage<ItemSummaryRow>> {
  let filtered = db.selectFrom('items_master');
  if (query.search) filtered = filtered.where(containsText(['name', 'item_id'], query.search));
  const { rows: items, ...page } = await fetchListPage(
    filtered,
    filtered.selectAll().orderBy(ITEM_SORT_COLUMNS[query.sort], query.order).orderBy('item_id', query.order),
    query,
  );
  const ids = items.map((item) => item.item_id);
  const counts =
    ids.length === 0
      ? []
      : await db
          .selectFrom('purchasables')
          .where('item_id', 'in', ids)
          .groupBy('item_id')
          .select((eb) => ['item_id', eb.fn.countAll<string | number>().as('purchasables')])
          .execute();
  const countOf = new Map(counts.map((row) => [row.item_id, Number(row.purchasables)]));
  return {
    ...page,
    rows: items.map((item) => ({ item, purchasableCount: countOf.get(item.item_id) ?? 0 })),
  };
}

/** Adds an item to items-master; a taken id, also one taken by a create at the same moment, is refused. */
export async function createItem(
  db: Kysely<GameDatabase>,
  input: CreateItemInput,
  context: AdminChange,
): Promise<ItemRow> {
  const row: ItemRow = {
    item_id: input.itemID,
    name: input.name,
    updated_at: (context.now ?? new Date()).toISOString(),
  };
  try {
    await db.transaction().execute(async (trx) => {
      await appendAdminLog(trx, {
        action: ADMIN_ACTIONS.createItem,
        environment: context.environment,
        admin: context.admin,
        data: { itemID: row.item_id, name: row.name },
        ...(context.now ? { now: context.now } : {}),
      });
      await trx.insertInto('items_master').values(row).execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ItemExistsError(input.itemID);
    throw error;
  }
  return row;
}

/** Renames an item; its id never changes, so everything that names it keeps naming it. */
export function renameItem(
  db: Kysely<GameDatabase>,
  itemID: string,
  input: UpdateItemInput,
  context: AdminChange,
): Promise<ItemRow> {
  const updatedAt = (context.now ?? new Date()).toISOString();
  return db.transaction().execute(async (trx) => {
    const stored = await findItem(trx, itemID);
    if (!stored) throw new ItemNotFoundError(itemID);
    await appendAdminLog(trx, {
      action: ADMIN_ACTIONS.renameItem,
      environment: context.environment,
      admin: context.admin,
      data: { itemID, name: input.name, previousName: stored.name },
      ...(context.now ? { now: context.now } : {}),
    });
    const updated = await trx
      .updateTable('items_master')
      .set({ name: input.name, updated_at: updatedAt })
      .where('item_id', '=', itemID)
      .executeTakeFirst();
    // Deleted between the read and the update (PostgreSQL lets the update wait for the delete).
    if (Number(updated.numUpdatedRows) !== 1) throw new ItemNotFoundError(itemID);
    return { item_id: itemID, name: input.name, updated_at: updatedAt };
  });
}

const quoteList = (ids: readonly string[]) => ids.map((id) => `"${id}"`).join(', ');

/** The built-in uses of an item: the purchasables that sell it and the players who hold it. */
const BUILT_IN_USES: readonly ItemUseCheck[] = [
  async (db, itemID) => {
    const shown = 5;
    const [count, first] = await Promise.all([
      db
        .selectFrom('purchasables')
        .where('item_id', '=', itemID)
        .select((eb) => eb.fn.countAll<string | number>().as('total'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('purchasables')
        .select('purchasable_id')
        .where('item_id', '=', itemID)
        .orderBy('purchasable_id')
        .limit(shown)
        .execute(),
    ]);
    const total = Number(count.total);
    if (total === 0) return null;
    const more = total > shown ? ` and ${total - shown} more` : '';
    const noun = total === 1 ? 'purchasable' : 'purchasables';
    return `the ${noun} ${quoteList(first.map((row) => row.purchasable_id))}${more} sell${total === 1 ? 's' : ''} it (change or delete ${total === 1 ? 'it' : 'them'} first)`;
  },
  async (db, itemID) => {
    const row = await db
      .selectFrom('claimed_items')
      .where('item_id', '=', itemID)
      .select((eb) => eb.fn.count<string | number>('user_id').distinct().as('players'))
      .executeTakeFirstOrThrow();
    const players = Number(row.players);
    if (players === 0) return null;
    return `${players} ${players === 1 ? 'player holds' : 'players hold'} it in their inventory, which needs it to stay in items-master`;
  },
];

/**
 * Removes an item from items-master, unless something still names it: a purchasable, a player's
 * inventory, or a use another domain plugs in (`extraUses`). A purchasable merged at the same
 * moment meets the foreign key; the delete then runs again and names it.
 */
export function deleteItem(
  db: Kysely<GameDatabase>,
  itemID: string,
  context: AdminChange,
  extraUses: readonly ItemUseCheck[] = [],
): Promise<ItemRow> {
  return againIfRaced(() =>
    db.transaction().execute(async (trx) => {
      const stored = await findItem(trx, itemID);
      if (!stored) throw new ItemNotFoundError(itemID);
      const uses = (await Promise.all([...BUILT_IN_USES, ...extraUses].map((check) => check(trx, itemID)))).filter(
        (use): use is string => use !== null,
      );
      if (uses.length > 0) throw new ItemInUseError(itemID, uses);
      await appendAdminLog(trx, {
        action: ADMIN_ACTIONS.deleteItem,
        environment: context.environment,
        admin: context.admin,
        data: { itemID, name: stored.name },
        ...(context.now ? { now: context.now } : {}),
      });
      const deleted = await trx.deleteFrom('items_master').where('item_id', '=', itemID).executeTakeFirst();
      if (Number(deleted.numDeletedRows) !== 1) throw new ItemNotFoundError(itemID);
      return stored;
    }),
  );
}

/**
 * Writes items as given, replacing rows of the same ids (the demo seed restores its items with
 * it). Not an admin change, so no admin-log entry; run it in the caller's transaction.
 */
export async function putItems(db: Kysely<GameDatabase>, items: readonly ItemRow[]): Promise<void> {
  if (items.length === 0) return;
  await db
    .insertInto('items_master')
    .values([...items])
    .onConflict((conflict) =>
      conflict.column('item_id').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/* ------------------------------------------------------------------ purchasables */

/** A purchasable with the name of the item it sells. */
export interface StoredPurchasable extends PurchasableRow {
  item_name: string;
}

/** Purchasables with their items; the foreign key makes it one row per purchasable. */
function purchasablesWithItems(db: Kysely<GameDatabase>) {
  return db.selectFrom('purchasables').innerJoin('items_master', 'items_master.item_id', 'purchasables.item_id');
}

const PURCHASABLE_COLUMNS = [
  'purchasables.purchasable_id',
  'purchasables.item_id',
  'purchasables.name',
  'purchasables.cost_credits',
  'purchasables.available',
  'purchasables.updated_at',
  'items_master.name as item_name',
] as const;

function selectPurchasables(db: Kysely<GameDatabase>) {
  return purchasablesWithItems(db).select(PURCHASABLE_COLUMNS);
}

export function findPurchasable(
  db: Kysely<GameDatabase>,
  purchasableID: string,
): Promise<StoredPurchasable | undefined> {
  return selectPurchasables(db).where('purchasables.purchasable_id', '=', purchasableID).executeTakeFirst();
}

const PURCHASABLE_SORT_COLUMNS = {
  updatedAt: 'purchasables.updated_at',
  purchasableID: 'purchasables.purchasable_id',
  name: 'purchasables.name',
  itemID: 'purchasables.item_id',
  costCredits: 'purchasables.cost_credits',
} as const satisfies Record<PurchasableListQuery['sort'], `purchasables.${keyof PurchasableRow}`>;

export interface PurchasableListResult extends AdminListPage<StoredPurchasable> {
  /** The filters match more than the refresh limit: the whole list stops there (docs/product.md §9.1). */
  capped: boolean;
}

/**
 * One page of purchasables (the admin list protocol), or with `all` the whole list as the game's
 * refresh reads it: the first PURCHASABLES_REFRESH_LIMIT rows in the list's order, as one page.
 */
export async function listPurchasables(
  db: Kysely<GameDatabase>,
  query: PurchasableListQuery,
): Promise<PurchasableListResult> {
  let filtered = purchasablesWithItems(db);
  if (query.search) {
    filtered = filtered.where(
      containsText(['purchasables.name', 'purchasables.purchasable_id', 'purchasables.item_id'], query.search),
    );
  }
  if (query.available) filtered = filtered.where('purchasables.available', '=', query.available === 'yes' ? 1 : 0);
  if (query.itemID) filtered = filtered.where('purchasables.item_id', '=', query.itemID);
  const page = query.all ? 1 : query.page;
  const pageSize = query.all ? PURCHASABLES_REFRESH_LIMIT : query.pageSize;
  const result = await fetchListPage(
    filtered,
    filtered
      .select(PURCHASABLE_COLUMNS)
      .orderBy(PURCHASABLE_SORT_COLUMNS[query.sort], query.order)
      .orderBy('purchasables.purchasable_id', query.order),
    { page, pageSize },
  );
  return { ...result, capped: result.total > PURCHASABLES_REFRESH_LIMIT };
}

/** One purchasable's merge: its id and the fields to set; a field left undefined stays as it is. */
export interface PurchasableMerge {
  purchasableID: string;
  itemID?: string | undefined;
  name?: string | undefined;
  costCredits?: number | undefined;
  available?: boolean | undefined;
}

export interface MergeResult {
  /** The merged purchasables as stored, in the order of the merges. */
  purchasables: StoredPurchasable[];
  /** The ids the merge created; the others it updated. */
  created: string[];
}

const FIELD_COLUMNS = {
  itemID: 'item_id',
  name: 'name',
  costCredits: 'cost_credits',
  available: 'available',
} as const satisfies Record<PurchasableField, keyof PurchasableRow>;

/** The columns a merge sets: only the fields it names. */
function mergeChanges(merge: PurchasableMerge, updatedAt: string): Partial<PurchasableRow> {
  const changes: Partial<PurchasableRow> = { updated_at: updatedAt };
  if (merge.itemID !== undefined) changes[FIELD_COLUMNS.itemID] = merge.itemID;
  if (merge.name !== undefined) changes[FIELD_COLUMNS.name] = merge.name;
  if (merge.costCredits !== undefined) changes[FIELD_COLUMNS.costCredits] = merge.costCredits;
  if (merge.available !== undefined) changes[FIELD_COLUMNS.available] = merge.available ? 1 : 0;
  return changes;
}

/**
 * The merge as the admin log records it: the id and the fields it named, nothing else, and for a
 * purchasable that existed, those fields as they were (`previous`), so the log shows before → after.
 */
function loggedMerge(merge: PurchasableMerge, stored: PurchasableRow | undefined): Record<string, unknown> {
  const { purchasableID, ...named } = Object.fromEntries(
    Object.entries(merge).filter(([, value]) => value !== undefined),
  ) as PurchasableMerge;
  if (!stored) return { purchasableID, ...named };
  const before: Record<string, unknown> = {
    itemID: stored.item_id,
    name: stored.name,
    costCredits: stored.cost_credits,
    available: stored.available === 1,
  };
  return editData({ purchasableID, name: stored.name }, before, named);
}

/**
 * The merge of purchasables (docs/product.md §7.9), in one transaction: the admin-log entry first, then each
 * purchasable updated with only the fields given, or created when it does not exist (then it
 * needs itemID, name and costCredits; `available` defaults to false). Every itemID named must be
 * in items-master. Two merges creating one purchasable at once, or a merge meeting a delete of
 * its item or purchasable, run again: the second run sees what the other committed.
 */
export function mergePurchasables(
  db: Kysely<GameDatabase>,
  merges: readonly PurchasableMerge[],
  context: AdminChange,
): Promise<MergeResult> {
  const ids = merges.map((merge) => merge.purchasableID);
  return againIfRaced(() =>
    db.transaction().execute(async (trx) => {
      const updatedAt = (context.now ?? new Date()).toISOString();
      const before = new Map<string, PurchasableRow>();
      for (const chunk of chunks(ids, ID_CHUNK)) {
        const rows = await trx.selectFrom('purchasables').selectAll().where('purchasable_id', 'in', chunk).execute();
        for (const row of rows) before.set(row.purchasable_id, row);
      }
      const existing = new Set(before.keys());
      await appendAdminLog(trx, {
        action: ADMIN_ACTIONS.mergePurchasables,
        environment: context.environment,
        admin: context.admin,
        data: { purchasables: merges.map((merge) => loggedMerge(merge, before.get(merge.purchasableID))) },
        ...(context.now ? { now: context.now } : {}),
      });
      const incomplete = merges.filter(
        (merge) =>
          !existing.has(merge.purchasableID) &&
          (merge.itemID === undefined || merge.name === undefined || merge.costCredits === undefined),
      );
      if (incomplete.length > 0) throw new IncompletePurchasableError(incomplete.map((merge) => merge.purchasableID));
      const missing = await findMissingItems(
        trx,
        merges.flatMap((merge) => (merge.itemID === undefined ? [] : [merge.itemID])),
      );
      if (missing.length > 0) throw new UnknownItemsError(missing);

      for (const merge of merges) {
        if (existing.has(merge.purchasableID)) {
          const updated = await trx
            .updateTable('purchasables')
            .set(mergeChanges(merge, updatedAt))
            .where('purchasable_id', '=', merge.purchasableID)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) !== 1) throw new PurchasableVanishedError();
        } else {
          await trx
            .insertInto('purchasables')
            .values({
              purchasable_id: merge.purchasableID,
              item_id: merge.itemID as string,
              name: merge.name as string,
              cost_credits: merge.costCredits as number,
              available: merge.available ? 1 : 0,
              updated_at: updatedAt,
            })
            .execute();
        }
      }

      const stored = new Map<string, StoredPurchasable>();
      for (const chunk of chunks(ids, ID_CHUNK)) {
        const rows = await selectPurchasables(trx).where('purchasables.purchasable_id', 'in', chunk).execute();
        for (const row of rows) stored.set(row.purchasable_id, row);
      }
      return {
        purchasables: ids.map((id) => stored.get(id) as StoredPurchasable),
        created: ids.filter((id) => !existing.has(id)),
      };
    }),
  );
}

/** Removes a purchasable from sale for good; hiding one is `available: false`. */
export function deletePurchasable(
  db: Kysely<GameDatabase>,
  purchasableID: string,
  context: AdminChange,
): Promise<StoredPurchasable> {
  return db.transaction().execute(async (trx) => {
    const stored = await findPurchasable(trx, purchasableID);
    if (!stored) throw new PurchasableNotFoundError(purchasableID);
    await appendAdminLog(trx, {
      action: ADMIN_ACTIONS.deletePurchasable,
      environment: context.environment,
      admin: context.admin,
      data: { purchasableID, itemID: stored.item_id, name: stored.name, costCredits: stored.cost_credits },
      ...(context.now ? { now: context.now } : {}),
    });
    const deleted = await trx.deleteFrom('purchasables').where('purchasable_id', '=', purchasableID).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) throw new PurchasableNotFoundError(purchasableID);
    return stored;
  });
}

/**
 * Writes purchasables as given, replacing rows of the same ids (the demo seed). Their items must
 * be in items-master. Not an admin change, so no admin-log entry; run it in the caller's transaction.
 */
export async function putPurchasables(
  db: Kysely<GameDatabase>,
  purchasables: readonly PurchasableRow[],
): Promise<void> {
  if (purchasables.length === 0) return;
  await db
    .insertInto('purchasables')
    .values([...purchasables])
    .onConflict((conflict) =>
      conflict.column('purchasable_id').doUpdateSet((eb) => ({
        item_id: eb.ref('excluded.item_id'),
        name: eb.ref('excluded.name'),
        cost_credits: eb.ref('excluded.cost_credits'),
        available: eb.ref('excluded.available'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}
