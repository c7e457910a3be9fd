import { adminEnvironmentParamsSchema, type Environment } from '@outpost/contracts/environments';
import {
  containerSpinConfigInputSchema,
  containerSpinConfigSchema,
  createCreditPackInputSchema,
  createDropInputSchema,
  createMachineInputSchema,
  creditPackInputSchema,
  creditPackListPageSchema,
  creditPackListQuerySchema,
  creditPackParamsSchema,
  creditPackSchema,
  dropInputSchema,
  dropListPageSchema,
  dropListQuerySchema,
  dropParamsSchema,
  dropSchema,
  machineListPageSchema,
  machineListQuerySchema,
  machineParamsSchema,
  machineSchema,
  paypalTransactionListPageSchema,
  paypalTransactionListQuerySchema,
  updateMachineInputSchema,
} from '@outpost/contracts/shop';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminChangeOf } from '../backoffice/index';
import type { AppStores } from '../database';
import { answering, FunctionError } from '../platform/http/errors';
import { detailsOf } from '../platform/http/field-refusal';
import {
  createCreditPack,
  createDrop,
  createMachine,
  deleteDrop,
  findCreditPack,
  findMachine,
  listCreditPacks,
  listDrops,
  listMachines,
  listPayPalTransactions,
  MachineVersionConflictError,
  machineNotFound,
  packNotFound,
  ShopRecordExistsError,
  ShopRecordNotFoundError,
  ShopReferenceError,
  updateCreditPack,
  updateDrop,
  updateMachine,
  writeContainerSpinConfig,
} from './admin-queries';
import { readContainerSpinConfig } from './catalogue';
import { withPlayers } from './people';

export interface ShopAdminRoutesOptions {
  game: AppStores['game'];
  /** Where the players of paypal-transactions are named. */
  identity: AppStores['identity'];
}

/** The domain's refusals as the protocol's statuses; anything else is a fault and stays a 500. */
export function toFunctionError(error: unknown): unknown {
  if (error instanceof ShopRecordNotFoundError) return new FunctionError('not-found', error.message);
  if (error instanceof ShopRecordExistsError) return new FunctionError('aborted', error.message, detailsOf(error));
  if (error instanceof MachineVersionConflictError) return new FunctionError('aborted', error.message);
  if (error instanceof ShopReferenceError) {
    return new FunctionError('invalid-argument', error.message, detailsOf(error));
  }
  return error;
}

const answer = answering(toFunctionError);

/**
 * The shop's back office (docs/product.md §3.16, §6.1, §7.9): anyone in the admin area reads (moderators may
 * look), staff and admins change (`manageShop`, the route table's policies). Every route names its
 * environment and touches only that store.
 */
export function registerShopAdminRoutes(app: FastifyInstance, options: ShopAdminRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const storeOf = (environment: Environment) => options.game[environment];

  /* Credit packs: no delete, as orders keep naming the packs they bought; hiding is `available: false`. */

  api.get(
    '/api/admin/:env/credit-packs',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: creditPackListQuerySchema,
        response: { 200: creditPackListPageSchema },
      },
    },
    (request) => listCreditPacks(storeOf(request.params.env), request.query),
  );

  api.get(
    '/api/admin/:env/credit-packs/:packID',
    { schema: { params: creditPackParamsSchema, response: { 200: creditPackSchema } } },
    async (request) => {
      const { env, packID } = request.params;
      const pack = await findCreditPack(storeOf(env), packID);
      if (!pack) throw toFunctionError(packNotFound(packID, env));
      return pack;
    },
  );

  api.post(
    '/api/admin/:env/credit-packs',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: createCreditPackInputSchema,
        response: { 200: creditPackSchema },
      },
    },
    async (request) => {
      const { env } = request.params;
      const context = await adminChangeOf(request, env);
      return answer(() => createCreditPack(storeOf(env), request.body, context));
    },
  );

  api.put(
    '/api/admin/:env/credit-packs/:packID',
    { schema: { params: creditPackParamsSchema, body: creditPackInputSchema, response: { 200: creditPackSchema } } },
    async (request) => {
      const { env, packID } = request.params;
      const context = await adminChangeOf(request, env);
      return answer(() => updateCreditPack(storeOf(env), packID, request.body, context));
    },
  );

  /* Machines and their prizes. */

  api.get(
    '/api/admin/:env/machines',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: machineListQuerySchema,
        response: { 200: machineListPageSchema },
      },
    },
    (request) => listMachines(storeOf(request.params.env), request.query),
  );

  api.get(
    '/api/admin/:env/machines/:machineID',
    { schema: { params: machineParamsSchema, response: { 200: machineSchema } } },
    async (request) => {
      const { env, machineID } = request.params;
      const machine = await findMachine(storeOf(env), machineID);
      if (!machine) throw toFunctionError(machineNotFound(machineID, env));
      return machine;
    },
  );

  api.post(
    '/api/admin/:env/machines',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: createMachineInputSchema,
        response: { 200: machineSchema },
      },
    },
    async (request) => {
      const { env } = request.params;
      const context = await adminChangeOf(request, env);
      return answer(() => createMachine(storeOf(env), request.body, context));
    },
  );

  api.put(
    '/api/admin/:env/machines/:machineID',
    { schema: { params: machineParamsSchema, body: updateMachineInputSchema, response: { 200: machineSchema } } },
    async (request) => {
      const { env, machineID } = request.params;
      const context = await adminChangeOf(request, env);
      return answer(() => updateMachine(storeOf(env), machineID, request.body, context));
    },
  );

  /* Drops. */

  api.get(
    '/api/admin/:env/drops',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: dropListQuerySchema,
        response: { 200: dropListPageSchema },
      },
    },
    (request) => listDrops(storeOf(request.params.env), request.query),
  );

  api.post(
    '/api/admin/:env/drops',
    { schema: { params: adminEnvironmentParamsSchema, body: createDropInputSchema, response: { 200: dropSchema } } },
    async (request) => {
      const { env } = request.params;
      const context = await adminChangeOf(request, env);
      return answer(() => createDrop(storeOf(env), request.body, context));
    },
  );

  api.put(
    '/api/admin/:env/drops/:dropID',
    { schema: { params: dropParamsSchema, body: dropInputSchema, response: { 200: dropSchema } } },
    async (request) => {
      const { env, dropID } = request.params;
      const context = await adminChangeOf(request, env);
      return answer(() => updateDrop(storeOf(env), dropID, request.body, context));
    },
  );

  api.delete(
    '/api/admin/:env/drops/:dropID',
    // Answers the drop as it was, so a screen can say what went.
    { schema: { params: dropParamsSchema, response: { 200: dropSchema } } },
    async (request) => {
      const { env, dropID } = request.params;
      const context = await adminChangeOf(request, env);
      return answer(() => deleteDrop(storeOf(env), dropID, context));
    },
  );

  /* config/container-spin: the shop's opening date. */

  api.get(
    '/api/admin/:env/config/container-spin',
    { schema: { params: adminEnvironmentParamsSchema, response: { 200: containerSpinConfigSchema } } },
    (request) => readContainerSpinConfig(storeOf(request.params.env)),
  );

  api.put(
    '/api/admin/:env/config/container-spin',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: containerSpinConfigInputSchema,
        response: { 200: containerSpinConfigSchema },
      },
    },
    async (request) => {
      const { env } = request.params;
      const context = await adminChangeOf(request, env);
      return writeContainerSpinConfig(storeOf(env), request.body, context);
    },
  );

  /* paypal-transactions: written by the PayPal settlement only; read here. */

  api.get(
    '/api/admin/:env/paypal-transactions',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: paypalTransactionListQuerySchema,
        response: { 200: paypalTransactionListPageSchema },
      },
    },
    async (request) =>
      withPlayers(options.identity, await listPayPalTransactions(storeOf(request.params.env), request.query)),
  );
}
