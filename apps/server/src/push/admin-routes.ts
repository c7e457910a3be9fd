import { adminEnvironmentParamsSchema, ENVIRONMENTS, type Environment } from '@outpost/contracts/environments';
import { personIn } from '@outpost/contracts/people';
import {
  noAudienceDevicesMessage,
  PUSH_OUTBOX_LIMIT,
  pushAudienceInputSchema,
  pushAudienceSchema,
  pushMessageListQuerySchema,
  pushMessagePageSchema,
  pushMessageParamsSchema,
  pushMessageSchema,
  pushOutboxSchema,
  pushSendBatchInputSchema,
  pushSendBatchName,
  pushSendBatchResultSchema,
  pushSendTestName,
  pushTestInputSchema,
  pushTestResultSchema,
  reschedulePushInputSchema,
  unknownPushPlayersMessage,
  unknownPushSegmentMessage,
} from '@outpost/contracts/push-messages';
import { SEGMENTS_MESSAGES } from '@outpost/contracts/segments/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { adminChangeOf } from '../backoffice/index';
import type { GameDatabase, IdentityDatabase } from '../database';
import { missingAccounts, peopleOf } from '../identity/index';
import { fetchListPage } from '../platform/db/list-page';
import { answering, FunctionError } from '../platform/http/errors';
import { listPushOutbox } from '../platform/push-transport/queries';
import type { PushSenders } from '../platform/push-transport/senders';
import type { Segments } from '../segments/index';
import {
  answerPush,
  cancelPush,
  deviceLabel,
  measureAudience,
  recordPushMessage,
  reschedulePush,
  sendTestNotification,
  toPushMessage,
} from './messages';
import { PushSegmentMissing, segmentMembersOf } from './recipients';
import { enqueuePushSend } from './send-job';
import type { PushMessageRow } from './tables';

export interface PushMessageRoutesOptions {
  game: Record<Environment, Kysely<GameDatabase>>;
  identity: Kysely<IdentityDatabase>;
  push: PushSenders;
  /** The segments a message may go to: their players and names. */
  segments: Pick<Segments, 'audienceOf' | 'nameOf'>;
}

/** Counting an audience whose segment the environment does not have: the route's refusal. */
const answeringMissingSegment = (refusal: (segmentID: string) => FunctionError) =>
  answering((error) => (error instanceof PushSegmentMissing ? refusal(error.segmentID) : error));

const SORT_COLUMNS = { createdAt: 'created_at', sendDate: 'send_at' } as const;

/**
 * The push endpoints of docs/product.md §7.6 ('{env}-push-sendbatch', '{env}-push-sendtestnotificatio', admins; the
 * route table's sendPush) and the composer's reads: the history, a scheduled message's cancel and
 * reschedule, and an audience's size before sending.
 */
export function registerPushMessageRoutes(app: FastifyInstance, options: PushMessageRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { segments } = options;
  const withNames = async (environment: Environment, rows: readonly PushMessageRow[]) => {
    const segmentIDs = [...new Set(rows.flatMap((row) => (row.segment_id === null ? [] : [row.segment_id])))];
    const [people, segmentNames] = await Promise.all([
      peopleOf(
        options.identity,
        rows.map((row) => row.created_by),
      ),
      Promise.all(segmentIDs.map(async (id) => [id, await segments.nameOf(environment, id)] as const)),
    ]);
    const nameOf = new Map(segmentNames);
    return rows.map((row) =>
      toPushMessage(
        row,
        personIn(people, row.created_by),
        row.segment_id === null ? null : (nameOf.get(row.segment_id) ?? null),
      ),
    );
  };
  const withName = async (environment: Environment, row: PushMessageRow) =>
    (await withNames(environment, [row]))[0] as ReturnType<typeof toPushMessage>;
  const recipientStores = (environment: Environment) => ({
    game: options.game[environment],
    identity: options.identity,
    segmentMembers: segmentMembersOf(segments, environment),
  });

  for (const environment of ENVIRONMENTS) {
    const game = options.game[environment];
    api.post(
      `/api/fn/${pushSendBatchName(environment)}`,
      { schema: { body: pushSendBatchInputSchema, response: { 200: pushSendBatchResultSchema } } },
      async (request) => {
        const input = request.body;
        const unknown = await missingAccounts(
          options.identity,
          input.recipientCategory === 'users' ? (input.userIDs ?? []) : [],
        );
        if (unknown.length > 0) throw new FunctionError('invalid-argument', unknownPushPlayersMessage(unknown));
        // A message that would reach no device is refused here, not only behind the composer's confirmation.
        const { devices } = await answeringMissingSegment(
          (segmentID) => new FunctionError('invalid-argument', unknownPushSegmentMessage(segmentID, environment)),
        )(() =>
          measureAudience(recipientStores(environment), {
            recipient_category: input.recipientCategory,
            active_since: input.activeDateTime,
            user_ids: JSON.stringify(input.userIDs ?? []),
            segment_id: input.segmentID,
          }),
        );
        if (devices === 0) throw new FunctionError('invalid-argument', noAudienceDevicesMessage(environment));
        const change = await adminChangeOf(request, environment);
        const row = await answerPush(() => recordPushMessage(game, input, change, new Date()));
        // Queued again for a repeat too: one run per message, and a crash between the two stores is mended.
        if (row.state === 'scheduled' || row.state === 'sending') {
          await enqueuePushSend(options.identity, { environment, messageID: row.message_id, sendAt: row.send_at });
        }
        return { ...(await withName(environment, row)), warnings: input.warnings };
      },
    );

    api.post(
      `/api/fn/${pushSendTestName(environment)}`,
      { schema: { body: pushTestInputSchema, response: { 200: pushTestResultSchema } } },
      async (request) => {
        const change = await adminChangeOf(request, environment);
        const result = await answerPush(() =>
          sendTestNotification(game, options.push[environment], request.body.userID, { ...change, environment }),
        );
        // The answer is logged (docs/product.md §7.6).
        request.log.info({ testNotification: result }, 'Test notification sent.');
        return result;
      },
    );
  }

  api.get(
    '/api/admin/:env/push/messages',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: pushMessageListQuerySchema,
        response: { 200: pushMessagePageSchema },
      },
    },
    async (request) => {
      const { query } = request;
      const db = options.game[request.params.env];
      let filtered = db.selectFrom('push_messages');
      if (query.state) filtered = filtered.where('state', '=', query.state);
      const { rows, ...page } = await fetchListPage(
        filtered,
        filtered.selectAll().orderBy(SORT_COLUMNS[query.sort], query.order).orderBy('message_id', query.order),
        query,
      );
      return { ...page, rows: await withNames(request.params.env, rows) };
    },
  );

  api.post(
    '/api/admin/:env/push/messages/:messageID/cancel',
    { schema: { params: pushMessageParamsSchema, response: { 200: pushMessageSchema } } },
    async (request) => {
      const { env, messageID } = request.params;
      const change = await adminChangeOf(request, env);
      const row = await cancelPush({ game: options.game[env], identity: options.identity }, messageID, change);
      return withName(env, row);
    },
  );

  api.post(
    '/api/admin/:env/push/messages/:messageID/reschedule',
    {
      schema: {
        params: pushMessageParamsSchema,
        body: reschedulePushInputSchema,
        response: { 200: pushMessageSchema },
      },
    },
    async (request) => {
      const { env, messageID } = request.params;
      const change = await adminChangeOf(request, env);
      const stores = { game: options.game[env], identity: options.identity };
      return withName(env, await reschedulePush(stores, messageID, new Date(request.body.sendDate), change));
    },
  );

  api.get(
    '/api/admin/:env/push/outbox',
    { schema: { params: adminEnvironmentParamsSchema, response: { 200: pushOutboxSchema } } },
    async (request) => {
      const { env } = request.params;
      const rows = await listPushOutbox(options.identity, { environment: env, limit: PUSH_OUTBOX_LIMIT });
      return {
        transport: options.push[env].transport,
        entries: rows.map((row) => ({
          id: row.id,
          device: deviceLabel(row.token),
          title: row.title,
          body: row.body,
          sentAt: row.created_at,
        })),
      };
    },
  );

  api.post(
    '/api/admin/:env/push/audience',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: pushAudienceInputSchema,
        response: { 200: pushAudienceSchema },
      },
    },
    async (request) => {
      const { env } = request.params;
      const { body } = request;
      return answeringMissingSegment(() => new FunctionError('not-found', SEGMENTS_MESSAGES.notFound))(() =>
        measureAudience(recipientStores(env), {
          recipient_category: body.recipientCategory,
          active_since: body.activeDateTime ?? null,
          user_ids: JSON.stringify(body.userIDs ?? []),
          segment_id: body.recipientCategory === 'segment' ? (body.segmentID ?? null) : null,
        }),
      );
    },
  );
}
