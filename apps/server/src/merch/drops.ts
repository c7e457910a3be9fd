import type { AdminListPage } from '@outpost/contracts/admin-list';
import {
  alreadySubscribedToDropText,
  type createMerchDropInputSchema,
  type MerchDrop,
  type MerchDropAdmin,
  type merchDropInputSchema,
  type merchDropListQuerySchema,
  subscribedToDropText,
} from '@outpost/contracts/merch';
import type { Kysely } from 'kysely';
import type { z } from 'zod/mini';
import { type AdminChange, adminLogRecord, appendAdminLog, editData } from '../backoffice/index';
import type { GameDatabase } from '../database';
import { isUniqueViolation } from '../platform/db/errors';
import { fetchListPage } from '../platform/db/list-page';
import { type FieldPath, FieldRefusal } from '../platform/http/field-refusal';
import type { Mailer } from '../platform/mail/mailer';
import type { MerchDropRow } from './tables';

/*
 * Merch drops (docs/product.md §3.16 merch-drops): products that go on sale together when the drop opens.
 * Players subscribe an address to hear once when it opens; the notifier mails every address whose drop has
 * opened, each once, also with several instances running.
 */

export const MERCH_DROP_ACTIONS = {
  create: 'merchDrop.create',
  update: 'merchDrop.update',
  delete: 'merchDrop.delete',
} as const;

export class MerchDropNotFoundError extends Error {
  constructor(dropID: string) {
    super(`There is no merch drop with the ID "${dropID}".`);
  }
}
/** A create whose id is taken, or a product already in another drop (409); names the fields at fault. */
export class MerchDropConflictError extends FieldRefusal {}
/** A drop naming products that do not exist (400); names each one's place in `products`. */
export class MerchDropReferenceError extends FieldRefusal {}
export class DropAlreadyOpenError extends Error {}

type CreateDrop = z.output<typeof createMerchDropInputSchema>;
type DropInput = z.output<typeof merchDropInputSchema>;
type DropListQuery = z.output<typeof merchDropListQuerySchema>;

function toDrop(row: MerchDropRow, products: readonly string[]): MerchDrop {
  return { dropID: row.drop_id, name: row.name, opensAt: row.opens_at, products: [...products] };
}

async function dropProducts(db: Kysely<GameDatabase>, dropIDs: readonly string[]) {
  if (dropIDs.length === 0) return [];
  return db.selectFrom('merch_drop_products').selectAll().where('drop_id', 'in', dropIDs).orderBy('position').execute();
}

export async function findMerchDrop(db: Kysely<GameDatabase>, dropID: string): Promise<MerchDrop | undefined> {
  const row = await db.selectFrom('merch_drops').selectAll().where('drop_id', '=', dropID).executeTakeFirst();
  if (!row) return undefined;
  const products = await dropProducts(db, [dropID]);
  return toDrop(
    row,
    products.map((product) => product.product_id),
  );
}

const SORT_COLUMNS = { opensAt: 'opens_at', dropID: 'drop_id', name: 'name' } as const;

/** Every drop of the environment with how many addresses wait for it and how many were told. */
export async function listMerchDrops(
  db: Kysely<GameDatabase>,
  query: DropListQuery,
): Promise<AdminListPage<MerchDropAdmin>> {
  const all = db.selectFrom('merch_drops');
  const { rows, ...page } = await fetchListPage(
    all,
    all.selectAll().orderBy(SORT_COLUMNS[query.sort], query.order).orderBy('drop_id', query.order),
    query,
  );
  const ids = rows.map((row) => row.drop_id);
  const [products, subscriptions] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .selectFrom('merch_drop_products')
          .leftJoin('products', 'products.product_id', 'merch_drop_products.product_id')
          .select(['merch_drop_products.drop_id', 'merch_drop_products.product_id', 'products.name'])
          .where('merch_drop_products.drop_id', 'in', ids)
          .orderBy('merch_drop_products.position')
          .execute(),
    ids.length === 0
      ? []
      : db
          .selectFrom('merch_drop_subscriptions')
          .select((eb) => [
            'drop_id',
            eb.fn.countAll<string | number>().as('subscribers'),
            eb.fn.count<string | number>('notified_at').as('notified'),
          ])
          .where('drop_id', 'in', ids)
          .groupBy('drop_id')
          .execute(),
  ]);
  return {
    ...page,
    rows: rows.map((row) => {
      const counts = subscriptions.find((item) => item.drop_id === row.drop_id);
      const own = products.filter((product) => product.drop_id === row.drop_id);
      return {
        ...toDrop(
          row,
          own.map((product) => product.product_id),
        ),
        namedProducts: own.map((product) => ({
          productID: product.product_id,
          name: product.name ?? product.product_id,
        })),
        subscribers: Number(counts?.subscribers ?? 0),
        notified: Number(counts?.notified ?? 0),
      };
    }),
  };
}

/** The places in `products` of these product ids: the fields a refusal about them marks. */
const placesOf = (productIDs: readonly string[], named: readonly string[]): FieldPath[] =>
  productIDs.flatMap((id, place) => (named.includes(id) ? [['products', place]] : []));

/** The products must exist in this environment; a product in another drop is a conflict the insert reports. */
async function checkProducts(trx: Kysely<GameDatabase>, productIDs: readonly string[]): Promise<void> {
  const found = await trx.selectFrom('products').select('product_id').where('product_id', 'in', productIDs).execute();
  const missing = productIDs.filter((id) => !found.some((row) => row.product_id === id));
  if (missing.length > 0) {
    throw new MerchDropReferenceError(
      `No product with the ID ${missing.join(', ')} exists here.`,
      placesOf(productIDs, missing),
    );
  }
}

/** A product belongs to one drop at most: the one that decides when it goes on sale. */
async function writeProducts(trx: Kysely<GameDatabase>, dropID: string, productIDs: readonly string[]) {
  // Named as staff know them: the product's and the other drop's names, not their ids.
  const taken = await trx
    .selectFrom('merch_drop_products')
    .innerJoin('products', 'products.product_id', 'merch_drop_products.product_id')
    .innerJoin('merch_drops', 'merch_drops.drop_id', 'merch_drop_products.drop_id')
    .select(['merch_drop_products.product_id', 'products.name as product_name', 'merch_drops.name as drop_name'])
    .where('merch_drop_products.product_id', 'in', productIDs)
    .where('merch_drop_products.drop_id', '!=', dropID)
    .orderBy('merch_drop_products.product_id')
    .execute();
  if (taken.length > 0) {
    throw new MerchDropConflictError(
      `A product can be in one drop only: ${taken.map((row) => `${row.product_name} is in ${row.drop_name}`).join('; ')}.`,
      placesOf(
        productIDs,
        taken.map((row) => row.product_id),
      ),
    );
  }
  await trx.deleteFrom('merch_drop_products').where('drop_id', '=', dropID).execute();
  try {
    await trx
      .insertInto('merch_drop_products')
      .values(productIDs.map((productID, position) => ({ drop_id: dropID, product_id: productID, position })))
      .execute();
  } catch (error) {
    // Another drop took one of them since the check: its transaction committed first.
    if (isUniqueViolation(error))
      throw new MerchDropConflictError('A product can be in one drop only.', [['products']]);
    throw error;
  }
}

export async function createMerchDrop(
  db: Kysely<GameDatabase>,
  input: CreateDrop,
  context: AdminChange,
): Promise<MerchDrop> {
  const at = (context.now ?? new Date()).toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      await appendAdminLog(trx, adminLogRecord(context, MERCH_DROP_ACTIONS.create, { ...input }));
      await checkProducts(trx, input.products);
      await trx
        .insertInto('merch_drops')
        .values({ drop_id: input.dropID, name: input.name, opens_at: input.opensAt, created_at: at, updated_at: at })
        .execute();
      await writeProducts(trx, input.dropID, input.products);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new MerchDropConflictError(
        `A merch drop with the ID "${input.dropID}" already exists in ${context.environment}.`,
        [['dropID']],
      );
    }
    throw error;
  }
  return (await findMerchDrop(db, input.dropID)) as MerchDrop;
}

export async function updateMerchDrop(
  db: Kysely<GameDatabase>,
  dropID: string,
  input: DropInput,
  context: AdminChange,
): Promise<MerchDrop> {
  const at = (context.now ?? new Date()).toISOString();
  await db.transaction().execute(async (trx) => {
    const { dropID: _id, ...before } = (await findMerchDrop(trx, dropID)) ?? { dropID };
    await appendAdminLog(trx, adminLogRecord(context, MERCH_DROP_ACTIONS.update, editData({ dropID }, before, input)));
    const updated = await trx
      .updateTable('merch_drops')
      .set({ name: input.name, opens_at: input.opensAt, updated_at: at })
      .where('drop_id', '=', dropID)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new MerchDropNotFoundError(dropID);
    await checkProducts(trx, input.products);
    await writeProducts(trx, dropID, input.products);
  });
  return (await findMerchDrop(db, dropID)) as MerchDrop;
}

/** Deletes a drop and its subscriptions; its products go on sale whenever they are Active. */
export async function deleteMerchDrop(db: Kysely<GameDatabase>, dropID: string, context: AdminChange): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const drop = await findMerchDrop(trx, dropID);
    await appendAdminLog(trx, adminLogRecord(context, MERCH_DROP_ACTIONS.delete, { dropID, name: drop?.name }));
    const deleted = await trx.deleteFrom('merch_drops').where('drop_id', '=', dropID).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) throw new MerchDropNotFoundError(dropID);
  });
}

/**
 * GET /api/fn/subscribe-to-drop: the address hears once when the drop opens. Subscribing twice
 * (also concurrently) keeps one subscription; answers the text the player reads.
 */
export async function subscribeToDrop(
  db: Kysely<GameDatabase>,
  request: { dropID: string; email: string; userId: string },
  now = new Date(),
): Promise<string> {
  const drop = await db.selectFrom('merch_drops').selectAll().where('drop_id', '=', request.dropID).executeTakeFirst();
  if (!drop) throw new MerchDropNotFoundError(request.dropID);
  if (drop.opens_at <= now.toISOString()) throw new DropAlreadyOpenError();
  const inserted = await db
    .insertInto('merch_drop_subscriptions')
    .values({
      drop_id: drop.drop_id,
      email: request.email,
      user_id: request.userId,
      created_at: now.toISOString(),
      notified_at: null,
      attempts: 0,
    })
    .onConflict((conflict) => conflict.columns(['drop_id', 'email']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0
    ? subscribedToDropText(drop.name)
    : alreadySubscribedToDropText(drop.name);
}

/** Sends that fail are tried again on later rounds, this many times in all. */
const MAX_ATTEMPTS = 5;

/**
 * Mails every address whose drop has opened, once: each subscription is claimed by a conditional
 * update before its mail goes out, so two instances never both send it; a failed send gives the
 * claim back for a later round. Answers how many mails went out.
 */
export async function notifyOpenedDrops(
  db: Kysely<GameDatabase>,
  mailer: Pick<Mailer, 'send'>,
  options: { shopUrl: string; now?: Date; batch?: number },
): Promise<number> {
  const now = options.now ?? new Date();
  const at = now.toISOString();
  const due = await db
    .selectFrom('merch_drop_subscriptions')
    .innerJoin('merch_drops', 'merch_drops.drop_id', 'merch_drop_subscriptions.drop_id')
    .select([
      'merch_drop_subscriptions.drop_id',
      'merch_drop_subscriptions.email',
      'merch_drop_subscriptions.user_id',
      'merch_drops.name',
    ])
    .where('merch_drop_subscriptions.notified_at', 'is', null)
    .where('merch_drop_subscriptions.attempts', '<', MAX_ATTEMPTS)
    .where('merch_drops.opens_at', '<=', at)
    .limit(options.batch ?? 100)
    .execute();
  let sent = 0;
  for (const subscription of due) {
    const claimed = await db
      .updateTable('merch_drop_subscriptions')
      .set({ notified_at: at })
      .where('drop_id', '=', subscription.drop_id)
      .where('email', '=', subscription.email)
      .where('notified_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    try {
      await mailer.send({
        to: subscription.email,
        userId: subscription.user_id,
        subject: `${subscription.name} is open`,
        text: `${subscription.name} just opened in the Outpost shop: ${options.shopUrl}\n\nYou asked us to tell you once; this is the only mail about this drop.`,
      });
      sent += 1;
    } catch {
      await db
        .updateTable('merch_drop_subscriptions')
        .set((eb) => ({ notified_at: null, attempts: eb('attempts', '+', 1) }))
        .where('drop_id', '=', subscription.drop_id)
        .where('email', '=', subscription.email)
        .execute();
    }
  }
  return sent;
}
