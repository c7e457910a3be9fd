import {
  acceptedBetaRequestSchema,
  adminInviteSchema,
  betaConfigSchema,
  betaRequestListPageSchema,
  betaRequestListQuerySchema,
  betaRequestParamsSchema,
  createAdminInviteInputSchema,
  createTestingObjectiveInputSchema,
  feedbackListPageSchema,
  feedbackListQuerySchema,
  feedbackReviewInputSchema,
  feedbackReviewSchema,
  inviteListPageSchema,
  inviteListQuerySchema,
  testingObjectiveListPageSchema,
  testingObjectiveListQuerySchema,
  testingObjectiveParamsSchema,
  testingObjectiveSchema,
  updateTestingObjectiveInputSchema,
} from '@outpost/contracts/beta';
import { adminEnvironmentParamsSchema, type Environment } from '@outpost/contracts/environments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { adminChangeOf } from '../backoffice/index';
import type { AppStores, IdentityDatabase } from '../database';
import { answering } from '../platform/http/errors';
import { readBetaConfig, writeBetaConfig } from './beta-config';
import { betaAdminRefusal } from './errors';
import { listFeedback, reviewFeedback } from './feedback';
import { createAdminInvite, expirationAfter, listInvites, listSharedInvites } from './invites';
import { createObjective, listObjectives, updateObjective } from './objectives';
import { feedbackWithSenders, invitesWithPeople } from './people';
import { acceptBetaRequest, listBetaRequests } from './requests';

export interface BetaAdminRoutesOptions {
  game: AppStores['game'];
  /** Where the people behind invites' and feedback's user ids are named. */
  identity: Kysely<IdentityDatabase>;
}

const answer = answering(betaAdminRefusal);

/**
 * The beta programme's back office in one environment: staff and admins (`manageBeta`) create admin invites,
 * accept beta requests and edit testing objectives and beta-config/v1; everyone who moderates reads
 * objectives and beta-config (the feedback filters name them) and reviews feedback. Every change appends its
 * admin-log entry first.
 */
export function registerBetaAdminRoutes(app: FastifyInstance, options: BetaAdminRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const storeOf = (environment: Environment) => options.game[environment];

  /* Invites */

  api.get(
    '/api/admin/:env/invites',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: inviteListQuerySchema,
        response: { 200: inviteListPageSchema },
      },
    },
    async (request) => {
      const page = await listInvites(storeOf(request.params.env), request.query);
      return { ...page, rows: await invitesWithPeople(options.identity, page.rows) };
    },
  );

  api.post(
    '/api/admin/:env/invites',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: createAdminInviteInputSchema,
        response: { 200: adminInviteSchema },
      },
    },
    async (request) => {
      const { env } = request.params;
      const change = await adminChangeOf(request, env);
      return answer(() => createAdminInvite(storeOf(env), request.body, change));
    },
  );

  /* Beta requests */

  api.get(
    '/api/admin/:env/beta-requests',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: betaRequestListQuerySchema,
        response: { 200: betaRequestListPageSchema },
      },
    },
    (request) => listBetaRequests(storeOf(request.params.env), request.query),
  );

  api.post(
    '/api/admin/:env/beta-requests/:userID/accept',
    { schema: { params: betaRequestParamsSchema, response: { 200: acceptedBetaRequestSchema } } },
    async (request) => {
      const { env, userID } = request.params;
      const db = storeOf(env);
      const change = await adminChangeOf(request, env);
      const now = new Date();
      const { inviteLifetimeDays } = await readBetaConfig(db);
      const accepted = await answer(() =>
        acceptBetaRequest(db, userID, expirationAfter(now, inviteLifetimeDays), { ...change, now }),
      );
      return { request: accepted, invites: await listSharedInvites(db, userID, now) };
    },
  );

  /* Testing objectives */

  api.get(
    '/api/admin/:env/testing-objectives',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: testingObjectiveListQuerySchema,
        response: { 200: testingObjectiveListPageSchema },
      },
    },
    (request) => listObjectives(storeOf(request.params.env), request.query),
  );

  api.post(
    '/api/admin/:env/testing-objectives',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: createTestingObjectiveInputSchema,
        response: { 200: testingObjectiveSchema },
      },
    },
    async (request) => {
      const { env } = request.params;
      const change = await adminChangeOf(request, env);
      return answer(() => createObjective(storeOf(env), request.body, change));
    },
  );

  api.put(
    '/api/admin/:env/testing-objectives/:objectiveID',
    {
      schema: {
        params: testingObjectiveParamsSchema,
        body: updateTestingObjectiveInputSchema,
        response: { 200: testingObjectiveSchema },
      },
    },
    async (request) => {
      const { env, objectiveID } = request.params;
      const change = await adminChangeOf(request, env);
      return answer(() => updateObjective(storeOf(env), objectiveID, request.body, change));
    },
  );

  /* beta-config/v1 */

  api.get(
    '/api/admin/:env/beta-config',
    { schema: { params: adminEnvironmentParamsSchema, response: { 200: betaConfigSchema } } },
    (request) => readBetaConfig(storeOf(request.params.env)),
  );

  api.put(
    '/api/admin/:env/beta-config',
    {
      schema: { params: adminEnvironmentParamsSchema, body: betaConfigSchema, response: { 200: betaConfigSchema } },
    },
    async (request) => {
      const { env } = request.params;
      const change = await adminChangeOf(request, env);
      return writeBetaConfig(storeOf(env), request.body, change);
    },
  );

  /* Feedback review */

  api.get(
    '/api/admin/:env/feedback',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: feedbackListQuerySchema,
        response: { 200: feedbackListPageSchema },
      },
    },
    async (request) => {
      const page = await listFeedback(storeOf(request.params.env), request.query);
      return { ...page, rows: await feedbackWithSenders(options.identity, page.rows) };
    },
  );

  api.post(
    '/api/admin/:env/feedback/review',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: feedbackReviewInputSchema,
        response: { 200: feedbackReviewSchema },
      },
    },
    async (request) => {
      const { env } = request.params;
      const change = await adminChangeOf(request, env);
      return answer(() => reviewFeedback(storeOf(env), request.body, change));
    },
  );
}
