import { adminEnvironmentParamsSchema } from '@outpost/contracts/environments';
import {
  createItemInputSchema,
  type Item,
  type ItemSummary,
  itemDeletedSchema,
  itemListPageSchema,
  itemListQuerySchema,
  itemParamsSchema,
  itemSchema,
  mergedPurchasableSchema,
  mergedPurchasablesSchema,
  mergePurchasableInputSchema,
  mergePurchasablesInputSchema,
  type Purchasable,
  purchasableDeletedSchema,
  purchasableListPageSchema,
  purchasableListQuerySchema,
  purchasableParamsSchema,
  purchasableSchema,
  unknownItemsMessage,
  updateItemInputSchema,
} from '@outpost/contracts/items';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminChangeOf } from '../backoffice/index';
import type { AppStores } from '../database';
import type { ItemUseCheck } from '../domain';
import { FunctionError } from '../platform/http/errors';
import { fieldRefusalDetails } from '../platform/http/field-refusal';
import {
  ConcurrentChangeError,
  createItem,
  deleteItem,
  deletePurchasable,
  findItem,
  findPurchasable,
  IncompletePurchasableError,
  ItemExistsError,
  ItemInUseError,
  ItemNotFoundError,
  listItems,
  listPurchasables,
  mergePurchasables,
  PurchasableNotFoundError,
  renameItem,
  type StoredPurchasable,
  UnknownItemsError,
} from './queries';
import type { ItemRow } from './tables';

export interface ItemRoutesOptions {
  /** One store per environment; every route names its environment and touches only that store. */
  game: AppStores['game'];
  /**
   * Other ways an item is used (machines' prizes, codes' rewards), plugged in by the domains that
   * hold them: an item in use cannot be deleted. Purchasables and players' inventories are built in.
   */
  itemUses?: readonly ItemUseCheck[];
}

const toItem = (row: ItemRow): Item => ({ itemID: row.item_id, name: row.name, updatedAt: row.updated_at });

const toPurchasable = (row: StoredPurchasable): Purchasable => ({
  purchasableID: row.purchasable_id,
  itemID: row.item_id,
  itemName: row.item_name,
  name: row.name,
  costCredits: row.cost_credits,
  available: Boolean(row.available),
  updatedAt: row.updated_at,
});

/**
 * The domain's refusals as the protocol's statuses; anything else is a fault and stays a 500. A
 * refusal about a field of one item's or one purchasable's form names it (`details.fields`);
 * `single`: the call merges one purchasable, so an unknown item is its Item field.
 */
function toFunctionError(error: unknown, environment: string, single = false): unknown {
  if (error instanceof ItemExistsError) {
    const message = `An item with the ID "${error.itemID}" already exists in ${environment}.`;
    return new FunctionError('aborted', message, fieldRefusalDetails(message, [['itemID']]));
  }
  if (error instanceof ItemNotFoundError) {
    return new FunctionError('not-found', `There is no item "${error.itemID}" in items-master of ${environment}.`);
  }
  if (error instanceof PurchasableNotFoundError) {
    return new FunctionError('not-found', `There is no purchasable "${error.purchasableID}" in ${environment}.`);
  }
  if (error instanceof UnknownItemsError) {
    const message = unknownItemsMessage(error.itemIDs, environment);
    return new FunctionError(
      'invalid-argument',
      message,
      single ? fieldRefusalDetails(message, [['itemID']]) : undefined,
    );
  }
  if (error instanceof IncompletePurchasableError) return new FunctionError('invalid-argument', error.message);
  if (error instanceof ItemInUseError || error instanceof ConcurrentChangeError) {
    return new FunctionError('aborted', error.message);
  }
  return error;
}

/** Runs a domain call, answering its refusals with the protocol's statuses. */
async function refusing<Result>(environment: string, run: () => Promise<Result>, single = false): Promise<Result> {
  try {
    return await run();
  } catch (error) {
    throw toFunctionError(error, environment, single);
  }
}

/**
 * items-master and purchasables in the back office (docs/product.md §3.16, §7.9, §8.5, §9.1): listed and read
 * by anyone in the admin area, written by those who run the shop (the route table's policies). An environment
 * in the path that is none of the three is a 400 naming the three.
 */
export function registerItemRoutes(app: FastifyInstance, options: ItemRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const storeOf = (environment: keyof AppStores['game']) => options.game[environment];
  const itemUses = options.itemUses ?? [];

  /* items-master */

  api.get(
    '/api/admin/:env/items',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: itemListQuerySchema,
        response: { 200: itemListPageSchema },
      },
    },
    async (request) => {
      const page = await listItems(storeOf(request.params.env), request.query);
      return {
        ...page,
        rows: page.rows.map(({ item, purchasableCount }): ItemSummary => ({ ...toItem(item), purchasableCount })),
      };
    },
  );

  api.get(
    '/api/admin/:env/items/:itemID',
    { schema: { params: itemParamsSchema, response: { 200: itemSchema } } },
    async (request) => {
      const { env, itemID } = request.params;
      const item = await findItem(storeOf(env), itemID);
      if (!item) throw toFunctionError(new ItemNotFoundError(itemID), env);
      return toItem(item);
    },
  );

  api.post(
    '/api/admin/:env/items',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        adminEnvironmentParamsSchema,
        body: createItemInputSchema,
        response: { 200: itemSchema },
      },
    },
    async (request) => {
      const { env } = request.params;
      const context = await adminChangeOf(request, env);
      return toItem(await refusing(env, () => createItem(storeOf(env), request.body, context)));
    },
  );

  api.put(
    '/api/admin/:env/items/:itemID',
    {
      schema: {
        params: itemParamsSchema,
        body: updateItemInputSchema,
        response: { 200: itemSchema },
      },
    },
    async (request) => {
      const { env, itemID } = request.params;
      const context = await adminChangeOf(request, env);
      return toItem(await refusing(env, () => renameItem(storeOf(env), itemID, request.body, context)));
    },
  );

  api.delete(
    '/api/admin/:env/items/:itemID',
    { schema: { params: itemParamsSchema, response: { 200: itemDeletedSchema } } },
    async (request) => {
      const { env, itemID } = request.params;
      const context = await adminChangeOf(request, env);
      await refusing(env, () => deleteItem(storeOf(env), itemID, context, itemUses));
      return { itemID };
    },
  );

  /* purchasables */

  api.get(
    '/api/admin/:env/purchasables',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: purchasableListQuerySchema,
        response: { 200: purchasableListPageSchema },
      },
    },
    async (request) => {
      const page = await listPurchasables(storeOf(request.params.env), request.query);
      return { ...page, rows: page.rows.map(toPurchasable) };
    },
  );

  api.get(
    '/api/admin/:env/purchasables/:purchasableID',
    { schema: { params: purchasableParamsSchema, response: { 200: purchasableSchema } } },
    async (request) => {
      const { env, purchasableID } = request.params;
      const stored = await findPurchasable(storeOf(env), purchasableID);
      if (!stored) throw toFunctionError(new PurchasableNotFoundError(purchasableID), env);
      return toPurchasable(stored);
    },
  );

  // The merge of one purchasable (docs/product.md §7.9): the fields given change; a new one is created whole.
  api.put(
    '/api/admin/:env/purchasables/:purchasableID',
    {
      schema: {
        params: purchasableParamsSchema,
        body: mergePurchasableInputSchema,
        response: { 200: mergedPurchasableSchema },
      },
    },
    async (request) => {
      const { env, purchasableID } = request.params;
      const context = await adminChangeOf(request, env);
      const result = await refusing(
        env,
        () => mergePurchasables(storeOf(env), [{ ...request.body, purchasableID }], context),
        true,
      );
      const [purchasable] = result.purchasables as [StoredPurchasable];
      return { purchasable: toPurchasable(purchasable), created: result.created.length === 1 };
    },
  );

  // The merge of several in one transaction: an import, a price change across the shop.
  api.post(
    '/api/admin/:env/purchasables',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: mergePurchasablesInputSchema,
        response: { 200: mergedPurchasablesSchema },
      },
    },
    async (request) => {
      const { env } = request.params;
      const context = await adminChangeOf(request, env);
      const result = await refusing(env, () => mergePurchasables(storeOf(env), request.body.purchasables, context));
      return {
        purchasables: result.purchasables.map(toPurchasable),
        created: result.created.length,
        updated: result.purchasables.length - result.created.length,
      };
    },
  );

  api.delete(
    '/api/admin/:env/purchasables/:purchasableID',
    {
      schema: {
        params: purchasableParamsSchema,
        response: { 200: purchasableDeletedSchema },
      },
    },
    async (request) => {
      const { env, purchasableID } = request.params;
      const context = await adminChangeOf(request, env);
      await refusing(env, () => deletePurchasable(storeOf(env), purchasableID, context));
      return { purchasableID };
    },
  );
}
