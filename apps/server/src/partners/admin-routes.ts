import { adminEnvironmentParamsSchema, type Environment } from '@outpost/contracts/environments';
import {
  createPartnerInviteInputSchema,
  createReferralRewardInputSchema,
  deletedPartnerInviteSchema,
  deleteUndeliveredInputSchema,
  deleteUndeliveredSchema,
  markDeliveredInputSchema,
  markDeliveredSchema,
  partnerInviteAdminParamsSchema,
  partnerInviteListPageSchema,
  partnerInviteListQuerySchema,
  partnerInviteSchema,
  partnerListPageSchema,
  partnerListQuerySchema,
  partnersConfigSchema,
  referralRewardInputSchema,
  referralRewardListPageSchema,
  referralRewardListQuerySchema,
  referralRewardParamsSchema,
  referralRewardSchema,
  updatePartnerInviteInputSchema,
} from '@outpost/contracts/partners';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminChangeOf } from '../backoffice/index';
import type { AppStores } from '../database';
import { answering } from '../platform/http/errors';
import { readPartnersConfig, writePartnersConfig } from './config';
import { adminRefusal } from './errors';
import {
  createPartnerInvite,
  deletePartnerInvite,
  deleteUndelivered,
  listPartnerInvites,
  markDelivered,
  updatePartnerInvite,
} from './invites';
import { listPartners } from './partner-list';
import { createReward, listRewards, updateReward } from './rewards';

export interface PartnerAdminRoutesOptions {
  identity: AppStores['identity'];
  game: AppStores['game'];
}

/**
 * The partner programme's back office in one environment, for admins only (`managePartners`,
 * reads too: partner data is theirs, docs/architecture.md §4): partners, partner invites,
 * referral-rewards and config/partners. Every change appends its admin-log entry first.
 */
export function registerPartnerAdminRoutes(app: FastifyInstance, options: PartnerAdminRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const storeOf = (environment: Environment) => options.game[environment];
  const answer = (environment: Environment) => answering(adminRefusal(environment));

  api.get(
    '/api/admin/:env/partners',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: partnerListQuerySchema,
        response: { 200: partnerListPageSchema },
      },
    },
    (request) => listPartners({ identity: options.identity, game: storeOf(request.params.env) }, request.query),
  );

  /* Partner invites */

  api.get(
    '/api/admin/:env/partner-invites',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: partnerInviteListQuerySchema,
        response: { 200: partnerInviteListPageSchema },
      },
    },
    (request) => listPartnerInvites({ identity: options.identity, game: storeOf(request.params.env) }, request.query),
  );

  api.post(
    '/api/admin/:env/partner-invites',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: createPartnerInviteInputSchema,
        response: { 200: partnerInviteSchema },
      },
    },
    async (request) => {
      const { env } = request.params;
      const change = await adminChangeOf(request, env);
      return answer(env)(() => createPartnerInvite(storeOf(env), request.body, change));
    },
  );

  api.put(
    '/api/admin/:env/partner-invites/:inviteID',
    {
      schema: {
        params: partnerInviteAdminParamsSchema,
        body: updatePartnerInviteInputSchema,
        response: { 200: partnerInviteSchema },
      },
    },
    async (request) => {
      const { env, inviteID } = request.params;
      const change = await adminChangeOf(request, env);
      return answer(env)(() => updatePartnerInvite(storeOf(env), inviteID, request.body, change));
    },
  );

  api.delete(
    '/api/admin/:env/partner-invites/:inviteID',
    { schema: { params: partnerInviteAdminParamsSchema, response: { 200: deletedPartnerInviteSchema } } },
    async (request) => {
      const { env, inviteID } = request.params;
      const change = await adminChangeOf(request, env);
      await answer(env)(() => deletePartnerInvite(storeOf(env), inviteID, change));
      return { inviteID };
    },
  );

  api.post(
    '/api/admin/:env/partner-invites/delivered',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: markDeliveredInputSchema,
        response: { 200: markDeliveredSchema },
      },
    },
    async (request) => {
      const { env } = request.params;
      const change = await adminChangeOf(request, env);
      return { updated: await answer(env)(() => markDelivered(storeOf(env), request.body, change)) };
    },
  );

  api.post(
    '/api/admin/:env/partner-invites/delete-undelivered',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: deleteUndeliveredInputSchema,
        response: { 200: deleteUndeliveredSchema },
      },
    },
    async (request) => {
      const { env } = request.params;
      const change = await adminChangeOf(request, env);
      return answer(env)(() => deleteUndelivered(storeOf(env), request.body.inviteIDs, change));
    },
  );

  /* referral-rewards */

  api.get(
    '/api/admin/:env/referral-rewards',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: referralRewardListQuerySchema,
        response: { 200: referralRewardListPageSchema },
      },
    },
    (request) => listRewards(storeOf(request.params.env), request.query),
  );

  api.post(
    '/api/admin/:env/referral-rewards',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: createReferralRewardInputSchema,
        response: { 200: referralRewardSchema },
      },
    },
    async (request) => {
      const { env } = request.params;
      const change = await adminChangeOf(request, env);
      return answer(env)(() => createReward(storeOf(env), request.body, change));
    },
  );

  api.put(
    '/api/admin/:env/referral-rewards/:rewardID',
    {
      schema: {
        params: referralRewardParamsSchema,
        body: referralRewardInputSchema,
        response: { 200: referralRewardSchema },
      },
    },
    async (request) => {
      const { env, rewardID } = request.params;
      const change = await adminChangeOf(request, env);
      return answer(env)(() => updateReward(storeOf(env), rewardID, request.body, change));
    },
  );

  /* config/partners */

  api.get(
    '/api/admin/:env/partners-config',
    { schema: { params: adminEnvironmentParamsSchema, response: { 200: partnersConfigSchema } } },
    (request) => readPartnersConfig(storeOf(request.params.env)),
  );

  api.put(
    '/api/admin/:env/partners-config',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: partnersConfigSchema,
        response: { 200: partnersConfigSchema },
      },
    },
    async (request) => {
      const { env } = request.params;
      const change = await adminChangeOf(request, env);
      return answer(env)(() => writePartnersConfig(storeOf(env), request.body, change));
    },
  );
}
