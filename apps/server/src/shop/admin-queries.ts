import type { AdminListPage } from '@outpost/contracts/admin-list';
import { unknownItemsMessage } from '@outpost/contracts/items';
import type {
  AdminDrop,
  ContainerSpinConfig,
  CreditPack,
  CreditPackListQuery,
  createCreditPackInputSchema,
  createDropInputSchema,
  createMachineInputSchema,
  Drop,
  DropListQuery,
  dropInputSchema,
  Machine,
  MachineListQuery,
  machineInputSchema,
  machineSummarySchema,
  paypalTransactionListQuerySchema,
  paypalTransactionSchema,
  updateMachineInputSchema,
} from '@outpost/contracts/shop';
import { paypalAmountsSchema } from '@outpost/contracts/shop';
import type { Kysely } from 'kysely';
import type { z } from 'zod/mini';
import { type AdminChange, adminLogRecord, appendAdminLog, editData, writeConfigDocument } from '../backoffice/index';
import type { GameDatabase } from '../database';
import { findMissingItems } from '../items/index';
import { isUniqueViolation } from '../platform/db/errors';
import { fetchListPage } from '../platform/db/list-page';
import { containsText } from '../platform/db/text-search';
import { FieldRefusal } from '../platform/http/field-refusal';
import { CONTAINER_SPIN_CONFIG_ID, toCreditPack, toDrop } from './catalogue';
import type { CreditPackRow, DropRow, MachinePrizeRow, MachineRow } from './tables';

/*
 * The shop's back office: credit packs, machines with their prizes, drops, the shop's opening date, and the
 * PayPal transactions to read. Every write is one transaction that first appends its admin-log entry
 * (docs/decisions/0053-domains-as-modules.md). Nothing here deletes a pack or a machine: orders and spins
 * name them for as long as they exist.
 */

export const SHOP_ADMIN_ACTIONS = {
  createPack: 'creditPack.create',
  updatePack: 'creditPack.update',
  createMachine: 'machine.create',
  updateMachine: 'machine.update',
  createDrop: 'drop.create',
  updateDrop: 'drop.update',
  deleteDrop: 'drop.delete',
  updateConfig: 'config.update',
} as const;

/** Something the change names is not there (404): a pack, machine or drop of that id. */
export class ShopRecordNotFoundError extends Error {}

/** A create whose id is taken, also by a create that committed a moment earlier (409); names the id's field. */
export class ShopRecordExistsError extends FieldRefusal {}

/** A change that refers to something that is not there (400): a drop's machine, a prize's item; names their fields. */
export class ShopReferenceError extends FieldRefusal {}

/** A machine save from a version a spin or another save has replaced (409). */
export class MachineVersionConflictError extends Error {
  constructor() {
    super('Players spun this machine or someone saved it after you opened it; reload to see the stock now.');
  }
}

type CreatePack = z.output<typeof createCreditPackInputSchema>;
type PackInput = Omit<CreatePack, 'packID'>;
type CreateMachine = z.output<typeof createMachineInputSchema>;
type MachineInput = z.output<typeof machineInputSchema>;
type UpdateMachine = z.output<typeof updateMachineInputSchema>;
type CreateDrop = z.output<typeof createDropInputSchema>;
type DropInput = z.output<typeof dropInputSchema>;
type PayPalTransactionListQuery = z.output<typeof paypalTransactionListQuerySchema>;
type PayPalTransaction = z.output<typeof paypalTransactionSchema>;

const nowOf = (context: AdminChange) => (context.now ?? new Date()).toISOString();

/* ------------------------------------------------------------------ credit packs */

const PACK_SORT_COLUMNS = {
  costUSD: 'cost_usd',
  name: 'name',
  credits: 'credits',
  packID: 'pack_id',
} as const satisfies Record<CreditPackListQuery['sort'], keyof CreditPackRow>;

/** Every pack, available or not (docs/product.md §6.1: admins and staff see all), by price unless asked otherwise. */
export async function listCreditPacks(
  db: Kysely<GameDatabase>,
  query: CreditPackListQuery,
): Promise<AdminListPage<CreditPack>> {
  let filtered = db.selectFrom('credit_packs');
  if (query.search) filtered = filtered.where(containsText(['name', 'pack_id'], query.search));
  const { rows, ...page } = await fetchListPage(
    filtered,
    filtered.selectAll().orderBy(PACK_SORT_COLUMNS[query.sort], query.order).orderBy('pack_id', query.order),
    query,
  );
  return { ...page, rows: rows.map(toCreditPack) };
}

export async function findCreditPack(db: Kysely<GameDatabase>, packID: string): Promise<CreditPack | undefined> {
  const row = await db.selectFrom('credit_packs').selectAll().where('pack_id', '=', packID).executeTakeFirst();
  return row && toCreditPack(row);
}

const packFields = (input: PackInput) => ({
  name: input.name,
  credits: input.credits,
  cost_usd: input.costUSD,
  available: input.available ? 1 : 0,
});

/** A new pack. Its id is the table's key, so of two creates of one id, also concurrent ones, one wins. */
export async function createCreditPack(
  db: Kysely<GameDatabase>,
  input: CreatePack,
  context: AdminChange,
): Promise<CreditPack> {
  const now = nowOf(context);
  try {
    await db.transaction().execute(async (trx) => {
      await appendAdminLog(trx, adminLogRecord(context, SHOP_ADMIN_ACTIONS.createPack, { ...input }));
      await trx
        .insertInto('credit_packs')
        .values({ pack_id: input.packID, ...packFields(input), created_at: now, updated_at: now })
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ShopRecordExistsError(
        `A credit pack with the ID "${input.packID}" already exists in ${context.environment}.`,
        [['packID']],
      );
    }
    throw error;
  }
  return {
    packID: input.packID,
    name: input.name,
    credits: input.credits,
    costUSD: input.costUSD,
    available: input.available,
  };
}

/** Edits a pack; `available: false` hides it from players, who can then no longer buy it. */
export async function updateCreditPack(
  db: Kysely<GameDatabase>,
  packID: string,
  input: PackInput,
  context: AdminChange,
): Promise<CreditPack> {
  return db.transaction().execute(async (trx) => {
    const before = await findCreditPack(trx, packID);
    if (!before) throw packNotFound(packID, context.environment);
    const { packID: _id, ...previous } = before;
    await appendAdminLog(trx, adminLogRecord(context, SHOP_ADMIN_ACTIONS.updatePack, { packID, ...input, previous }));
    await trx
      .updateTable('credit_packs')
      .set({ ...packFields(input), updated_at: nowOf(context) })
      .where('pack_id', '=', packID)
      .execute();
    return { packID, ...input };
  });
}

export const packNotFound = (packID: string, environment: string) =>
  new ShopRecordNotFoundError(`There is no credit pack with the ID "${packID}" in ${environment}.`);

/* ------------------------------------------------------------------ machines */

export function toMachine(machine: MachineRow, prizes: readonly MachinePrizeRow[]): Machine {
  return {
    machineID: machine.machine_id,
    name: machine.name,
    description: machine.description,
    available: Boolean(machine.available),
    costCredits: machine.cost_credits,
    costUSD: machine.cost_usd,
    prizes: prizes.map((prize) => ({
      prizeID: prize.prize_id,
      name: prize.name,
      itemID: prize.item_id,
      weight: prize.weight,
      stock: prize.stock,
    })),
    version: machine.version,
  };
}

export async function findMachine(db: Kysely<GameDatabase>, machineID: string): Promise<Machine | undefined> {
  const [machine, prizes] = await Promise.all([
    db.selectFrom('machines').selectAll().where('machine_id', '=', machineID).executeTakeFirst(),
    db.selectFrom('machine_prizes').selectAll().where('machine_id', '=', machineID).orderBy('position').execute(),
  ]);
  return machine && toMachine(machine, prizes);
}

export const machineNotFound = (machineID: string, environment: string) =>
  new ShopRecordNotFoundError(`There is no machine with the ID "${machineID}" in ${environment}.`);

const MACHINE_SORT_COLUMNS = {
  name: 'name',
  machineID: 'machine_id',
  costCredits: 'cost_credits',
} as const satisfies Record<MachineListQuery['sort'], keyof MachineRow>;

type MachineSummary = z.output<typeof machineSummarySchema>;

/** Every machine, available or not (docs/product.md §6.1), with how many prizes it has and how many are left. */
export async function listMachines(
  db: Kysely<GameDatabase>,
  query: MachineListQuery,
): Promise<AdminListPage<MachineSummary>> {
  let filtered = db.selectFrom('machines');
  if (query.search) filtered = filtered.where(containsText(['name', 'machine_id'], query.search));
  const { rows: machines, ...page } = await fetchListPage(
    filtered,
    filtered.selectAll().orderBy(MACHINE_SORT_COLUMNS[query.sort], query.order).orderBy('machine_id', query.order),
    query,
  );
  const ids = machines.map((machine) => machine.machine_id);
  const stock =
    ids.length === 0
      ? []
      : await db
          .selectFrom('machine_prizes')
          .where('machine_id', 'in', ids)
          .groupBy('machine_id')
          .select((eb) => [
            'machine_id',
            eb.fn.countAll<string | number>().as('prizes'),
            eb.fn.sum<string | number>('stock').as('stock'),
          ])
          .execute();
  const stockOf = new Map(stock.map((row) => [row.machine_id, row]));
  return {
    ...page,
    rows: machines.map((machine) => {
      const prizes = stockOf.get(machine.machine_id);
      return {
        machineID: machine.machine_id,
        name: machine.name,
        available: Boolean(machine.available),
        costCredits: machine.cost_credits,
        costUSD: machine.cost_usd,
        prizeCount: Number(prizes?.prizes ?? 0),
        stockLeft: Number(prizes?.stock ?? 0),
      };
    }),
  };
}

/**
 * The shop's use of items in machine prizes (an ItemUseCheck, its module's `itemUses`): an item a
 * prize grants cannot leave items-master.
 */
export async function machinePrizeItemUse(db: Kysely<GameDatabase>, itemID: string): Promise<string | null> {
  const prize = await db
    .selectFrom('machine_prizes')
    .select(['machine_id', 'prize_id'])
    .where('item_id', '=', itemID)
    .orderBy('machine_id')
    .orderBy('prize_id')
    .executeTakeFirst();
  return prize ? `the prize "${prize.prize_id}" of machine "${prize.machine_id}"` : null;
}

/** The prizes' items must be in items-master: a prize of an unknown item could never be granted. */
async function checkPrizeItems(db: Kysely<GameDatabase>, input: MachineInput, environment: string): Promise<void> {
  const missing = await findMissingItems(db, [...new Set(input.prizes.map((prize) => prize.itemID))]);
  if (missing.length === 0) return;
  // Every prize row of a missing item is marked, so the admin sees each one to change.
  const rows = input.prizes.flatMap((prize, row) =>
    missing.includes(prize.itemID) ? [['prizes', row, 'itemID']] : [],
  );
  throw new ShopReferenceError(unknownItemsMessage(missing, environment), rows);
}

const machineFields = (input: MachineInput) => ({
  name: input.name,
  description: input.description,
  available: input.available ? 1 : 0,
  cost_credits: input.costCredits,
  cost_usd: input.costUSD,
});

function prizeRows(machineID: string, input: MachineInput): MachinePrizeRow[] {
  return input.prizes.map((prize, position) => ({
    machine_id: machineID,
    prize_id: prize.prizeID,
    position,
    name: prize.name,
    item_id: prize.itemID,
    weight: prize.weight,
    stock: prize.stock,
  }));
}

/** What the admin log keeps of a machine: enough to see what changed, prizes included. */
function machineLogData(machineID: string, input: MachineInput) {
  return {
    machineID,
    name: input.name,
    available: input.available,
    costCredits: input.costCredits,
    costUSD: input.costUSD,
    prizes: input.prizes.map(({ prizeID, name, itemID, weight, stock }) => ({ prizeID, name, itemID, weight, stock })),
  };
}

/** A new machine with its prizes, at version 1; a taken id is refused by the table's key. */
export async function createMachine(
  db: Kysely<GameDatabase>,
  input: CreateMachine,
  context: AdminChange,
): Promise<Machine> {
  const now = nowOf(context);
  try {
    await db.transaction().execute(async (trx) => {
      await checkPrizeItems(trx, input, context.environment);
      await appendAdminLog(
        trx,
        adminLogRecord(context, SHOP_ADMIN_ACTIONS.createMachine, machineLogData(input.machineID, input)),
      );
      await trx
        .insertInto('machines')
        .values({ machine_id: input.machineID, ...machineFields(input), version: 1, created_at: now, updated_at: now })
        .execute();
      await trx.insertInto('machine_prizes').values(prizeRows(input.machineID, input)).execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ShopRecordExistsError(
        `A machine with the ID "${input.machineID}" already exists in ${context.environment}.`,
        [['machineID']],
      );
    }
    throw error;
  }
  return (await findMachine(db, input.machineID)) as Machine;
}

/**
 * Saves a machine and replaces its prizes as a set, if nothing changed it since the admin opened
 * it: `version` counts every save and every spin, so a save never puts back stock players won
 * meanwhile. `UPDATE … WHERE version = ?` decides between racing writers (on PostgreSQL the
 * second waits for the first's row lock, then finds the version moved on and changes nothing).
 */
export async function updateMachine(
  db: Kysely<GameDatabase>,
  machineID: string,
  input: UpdateMachine,
  context: AdminChange,
): Promise<Machine> {
  await db.transaction().execute(async (trx) => {
    const current = await findMachine(trx, machineID);
    if (!current) throw machineNotFound(machineID, context.environment);
    if (current.version !== input.version) throw new MachineVersionConflictError();
    await checkPrizeItems(trx, input, context.environment);
    const { machineID: _id, ...before } = machineLogData(machineID, current);
    const { machineID: _same, ...after } = machineLogData(machineID, input);
    await appendAdminLog(
      trx,
      adminLogRecord(
        context,
        SHOP_ADMIN_ACTIONS.updateMachine,
        editData({ machineID, version: input.version + 1 }, before, after),
      ),
    );
    const updated = await trx
      .updateTable('machines')
      .set({ ...machineFields(input), version: input.version + 1, updated_at: nowOf(context) })
      .where('machine_id', '=', machineID)
      .where('version', '=', input.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new MachineVersionConflictError();
    await trx.deleteFrom('machine_prizes').where('machine_id', '=', machineID).execute();
    await trx.insertInto('machine_prizes').values(prizeRows(machineID, input)).execute();
  });
  return (await findMachine(db, machineID)) as Machine;
}

/* ------------------------------------------------------------------ drops */

const DROP_SORT_COLUMNS = {
  opensAt: 'opens_at',
  dropID: 'drop_id',
  machineID: 'machine_id',
} as const satisfies Record<DropListQuery['sort'], keyof DropRow>;

/** One page of the drops, each with its machine's name (a drop's machine always exists: machines are never deleted). */
export async function listDrops(db: Kysely<GameDatabase>, query: DropListQuery): Promise<AdminListPage<AdminDrop>> {
  const all = db.selectFrom('drops');
  const { rows, ...page } = await fetchListPage(
    all,
    all.selectAll().orderBy(DROP_SORT_COLUMNS[query.sort], query.order).orderBy('drop_id', query.order),
    query,
  );
  const machineIDs = [...new Set(rows.map((row) => row.machine_id))];
  const machines =
    machineIDs.length === 0
      ? []
      : await db.selectFrom('machines').select(['machine_id', 'name']).where('machine_id', 'in', machineIDs).execute();
  const names = new Map(machines.map((machine) => [machine.machine_id, machine.name]));
  return {
    ...page,
    rows: rows.map((row) => ({ ...toDrop(row), machineName: names.get(row.machine_id) ?? row.machine_id })),
  };
}

export async function findDrop(db: Kysely<GameDatabase>, dropID: string): Promise<Drop | undefined> {
  const row = await db.selectFrom('drops').selectAll().where('drop_id', '=', dropID).executeTakeFirst();
  return row && toDrop(row);
}

export const dropNotFound = (dropID: string, environment: string) =>
  new ShopRecordNotFoundError(`There is no drop with the ID "${dropID}" in ${environment}.`);

/** Machines are never deleted, so a machine found in the drop's transaction stays there. */
async function checkDropMachine(db: Kysely<GameDatabase>, machineID: string, environment: string): Promise<void> {
  const machine = await db
    .selectFrom('machines')
    .select('machine_id')
    .where('machine_id', '=', machineID)
    .executeTakeFirst();
  if (!machine) {
    throw new ShopReferenceError(`There is no machine with the ID "${machineID}" in ${environment} to drop.`, [
      ['machineID'],
    ]);
  }
}

const dropFields = (input: DropInput) => ({
  machine_id: input.machineID,
  name: input.name,
  opens_at: input.opensAt,
  closes_at: input.closesAt,
});

export async function createDrop(db: Kysely<GameDatabase>, input: CreateDrop, context: AdminChange): Promise<Drop> {
  try {
    await db.transaction().execute(async (trx) => {
      await checkDropMachine(trx, input.machineID, context.environment);
      await appendAdminLog(trx, adminLogRecord(context, SHOP_ADMIN_ACTIONS.createDrop, { ...input }));
      await trx
        .insertInto('drops')
        .values({ drop_id: input.dropID, ...dropFields(input) })
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ShopRecordExistsError(
        `A drop with the ID "${input.dropID}" already exists in ${context.environment}.`,
        [['dropID']],
      );
    }
    throw error;
  }
  return { ...input };
}

export async function updateDrop(
  db: Kysely<GameDatabase>,
  dropID: string,
  input: DropInput,
  context: AdminChange,
): Promise<Drop> {
  return db.transaction().execute(async (trx) => {
    const before = await findDrop(trx, dropID);
    if (!before) throw dropNotFound(dropID, context.environment);
    await checkDropMachine(trx, input.machineID, context.environment);
    const { dropID: _id, ...previous } = before;
    await appendAdminLog(trx, adminLogRecord(context, SHOP_ADMIN_ACTIONS.updateDrop, { dropID, ...input, previous }));
    const updated = await trx
      .updateTable('drops')
      .set(dropFields(input))
      .where('drop_id', '=', dropID)
      .executeTakeFirst();
    // A delete of it committed after the read above: there is no drop left to change, and no entry to keep.
    if (Number(updated.numUpdatedRows) !== 1) throw dropNotFound(dropID, context.environment);
    return { dropID, ...input };
  });
}

/** Removes a drop; its machine then spins without that window. Answers the drop as it was. */
export async function deleteDrop(db: Kysely<GameDatabase>, dropID: string, context: AdminChange): Promise<Drop> {
  return db.transaction().execute(async (trx) => {
    const drop = await findDrop(trx, dropID);
    if (!drop) throw dropNotFound(dropID, context.environment);
    await appendAdminLog(trx, adminLogRecord(context, SHOP_ADMIN_ACTIONS.deleteDrop, { ...drop }));
    const deleted = await trx.deleteFrom('drops').where('drop_id', '=', dropID).executeTakeFirst();
    // Another delete of it committed after the read above: that one was the delete, not this.
    if (Number(deleted.numDeletedRows) !== 1) throw dropNotFound(dropID, context.environment);
    return drop;
  });
}

/* ------------------------------------------------------------------ config/container-spin */

export async function writeContainerSpinConfig(
  db: Kysely<GameDatabase>,
  config: ContainerSpinConfig,
  context: AdminChange,
): Promise<ContainerSpinConfig> {
  await writeConfigDocument(
    db,
    CONTAINER_SPIN_CONFIG_ID,
    { ...config },
    {
      action: SHOP_ADMIN_ACTIONS.updateConfig,
      environment: context.environment,
      admin: context.admin,
      ...(context.now ? { now: context.now } : {}),
    },
  );
  return config;
}

/* ------------------------------------------------------------------ paypal-transactions */

const parseJson = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/**
 * Every PayPal outcome recorded (docs/product.md §7.11: "paypal-transactions with a result"), newest
 * first by default.
 */
export async function listPayPalTransactions(
  db: Kysely<GameDatabase>,
  query: PayPalTransactionListQuery,
): Promise<AdminListPage<PayPalTransaction>> {
  let filtered = db.selectFrom('paypal_transactions');
  if (query.result) filtered = filtered.where('result', '=', query.result);
  const { rows, ...page } = await fetchListPage(
    filtered,
    filtered
      .selectAll()
      .orderBy('created_at', query.order)
      // Outcomes of one millisecond keep the order they were recorded in.
      .orderBy('id', query.order),
    query,
  );
  return {
    ...page,
    rows: rows.map((row) => ({
      id: Number(row.id),
      orderID: row.order_id,
      userID: row.user_id,
      result: row.result,
      shipping: parseJson(row.shipping),
      // Written only by payments/payment-orders.ts, in this shape.
      amounts: paypalAmountsSchema.parse(JSON.parse(row.amounts)),
      createdAt: row.created_at,
    })),
  };
}
