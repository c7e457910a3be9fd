import { adminEnvironmentParamsSchema, type Environment } from '@outpost/contracts/environments';
import { personIn } from '@outpost/contracts/people';
import {
  type PublishRemoteConfigAnswer,
  publishRemoteConfigAnswerSchema,
  publishRemoteConfigInputSchema,
  REMOTE_CONFIG_MESSAGES,
  type RemoteConfigScheduled,
  type RemoteConfigState,
  type RemoteConfigTemplate,
  type RemoteConfigVersionSummary,
  remoteConfigScheduleParamsSchema,
  remoteConfigStateSchema,
  remoteConfigVersionListPageSchema,
  remoteConfigVersionListQuerySchema,
  remoteConfigVersionParamsSchema,
  remoteConfigVersionSchema,
  rescheduleRemoteConfigInputSchema,
  saveRemoteConfigDraftInputSchema,
} from '@outpost/contracts/remote-config/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { adminChangeOf } from '../backoffice/index';
import type { AppStores, IdentityDatabase } from '../database';
import type { ParameterUseCheck } from '../domain';
import { peopleOf } from '../identity/index';
import { FunctionError } from '../platform/http/errors';
import type { Segments } from '../segments/index';
import { diffRemoteConfig } from './diff';
import { cancelPublish, enqueueScheduledPublish, reschedulePublish } from './jobs';
import {
  currentVersion,
  findVersion,
  listSchedules,
  listVersions,
  type PublishedVersion,
  parseTemplate,
  publishDraft,
  readDraft,
  rollBack,
  saveDraft,
  scheduleDraft,
} from './queries';
import type { RemoteConfigScheduleRow } from './tables';

export interface RemoteConfigAdminRoutesOptions {
  game: AppStores['game'];
  identity: Kysely<IdentityDatabase>;
  segments: Pick<Segments, 'missing'>;
  /** What other domains rely on in remote config: a publish that breaks one is refused (domain.ts). */
  parameterUses: readonly ParameterUseCheck[];
}

type People = Awaited<ReturnType<typeof peopleOf>>;
const personOrNull = (people: People, userID: string | null) => (userID === null ? null : personIn(people, userID));

function versionSummary({ row, diff }: PublishedVersion, people: People): RemoteConfigVersionSummary {
  return {
    version: row.version,
    publishedAt: row.published_at,
    publishedBy: personOrNull(people, row.published_by),
    description: row.description,
    rollbackOf: row.rollback_of,
    diff,
  };
}

/**
 * Remote config in the back office: read by everyone in the admin area, the draft saved, published
 * (now or at a time), rolled back and schedules moved or cancelled by those the route table lets
 * through (contracts' remote-config/contract.ts). Every route names its environment.
 */
export function registerRemoteConfigAdminRoutes(app: FastifyInstance, options: RemoteConfigAdminRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const storeOf = (environment: Environment) => options.game[environment];

  async function state(environment: Environment): Promise<RemoteConfigState> {
    const db = storeOf(environment);
    const [draft, current, schedules] = await Promise.all([readDraft(db), currentVersion(db), listSchedules(db)]);
    const live = current ? parseTemplate(current.template) : { conditions: [], parameters: [] };
    const people = await peopleOf(options.identity, [
      ...(draft.updatedBy ? [draft.updatedBy] : []),
      ...(current?.published_by ? [current.published_by] : []),
      ...schedules.flatMap((schedule) => (schedule.scheduled_by ? [schedule.scheduled_by] : [])),
    ]);
    const currentSummary = current ? await findVersion(db, current.version) : null;
    return {
      draft: draft.template,
      draftRevision: draft.revision,
      draftUpdatedAt: draft.updatedAt,
      draftUpdatedBy: personOrNull(people, draft.updatedBy),
      unpublished: diffRemoteConfig(live, draft.template),
      current: currentSummary ? versionSummary(currentSummary, people) : null,
      scheduled: schedules.map((row) => scheduledOf(row, live, people)),
    };
  }

  function scheduledOf(
    row: RemoteConfigScheduleRow,
    live: ReturnType<typeof parseTemplate>,
    people: People,
  ): RemoteConfigScheduled {
    return {
      scheduleID: row.schedule_id,
      publishAt: row.publish_at,
      description: row.description,
      scheduledBy: personOrNull(people, row.scheduled_by),
      diff: diffRemoteConfig(live, parseTemplate(row.template)),
    };
  }

  /** A condition's segment must be the environment's (deleting one in use is refused by segments). */
  async function requireSegments(environment: Environment, template: RemoteConfigTemplate): Promise<void> {
    const named = template.conditions.flatMap((condition) => (condition.segment ? [condition.segment] : []));
    const [missing] = await options.segments.missing(environment, named);
    if (missing === undefined) return;
    const condition = template.conditions.find((candidate) => candidate.segment === missing);
    throw new FunctionError('invalid-argument', REMOTE_CONFIG_MESSAGES.unknownSegment(condition?.name ?? '', missing));
  }

  api.get(
    '/api/admin/:env/remote-config',
    { schema: { params: adminEnvironmentParamsSchema, response: { 200: remoteConfigStateSchema } } },
    (request) => state(request.params.env),
  );

  api.put(
    '/api/admin/:env/remote-config/draft',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: saveRemoteConfigDraftInputSchema,
        response: { 200: remoteConfigStateSchema },
      },
    },
    async (request) => {
      const { env } = request.params;
      const change = await adminChangeOf(request, env);
      await requireSegments(env, request.body.template);
      await saveDraft(storeOf(env), request.body.template, request.body.revision, change);
      return state(env);
    },
  );

  api.post(
    '/api/admin/:env/remote-config/publish',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: publishRemoteConfigInputSchema,
        response: { 200: publishRemoteConfigAnswerSchema },
      },
    },
    async (request): Promise<PublishRemoteConfigAnswer> => {
      const { env } = request.params;
      const change = await adminChangeOf(request, env);
      const { description, revision, publishAt } = request.body;
      const db = storeOf(env);
      if (publishAt === undefined) {
        const published = await publishDraft(db, { description, revision }, change, options.parameterUses);
        return {
          kind: 'published',
          version: versionSummary(published, await peopleOf(options.identity, [change.admin])),
        };
      }
      const row = await scheduleDraft(db, { description, revision, publishAt }, change, options.parameterUses);
      // After the commit; a run lost between the two is queued again by the requeue job.
      await enqueueScheduledPublish(options.identity, {
        environment: env,
        scheduleID: row.schedule_id,
        publishAt: row.publish_at,
      });
      const current = await currentVersion(db);
      const live = current ? parseTemplate(current.template) : { conditions: [], parameters: [] };
      return { kind: 'scheduled', scheduled: scheduledOf(row, live, await peopleOf(options.identity, [change.admin])) };
    },
  );

  api.get(
    '/api/admin/:env/remote-config/versions',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: remoteConfigVersionListQuerySchema,
        response: { 200: remoteConfigVersionListPageSchema },
      },
    },
    async (request) => {
      const page = await listVersions(storeOf(request.params.env), request.query);
      const people = await peopleOf(
        options.identity,
        page.rows.flatMap(({ row }) => (row.published_by ? [row.published_by] : [])),
      );
      return { ...page, rows: page.rows.map((version) => versionSummary(version, people)) };
    },
  );

  api.get(
    '/api/admin/:env/remote-config/versions/:version',
    { schema: { params: remoteConfigVersionParamsSchema, response: { 200: remoteConfigVersionSchema } } },
    async (request) => {
      const { env, version } = request.params;
      const found = await findVersion(storeOf(env), version);
      if (!found) throw new FunctionError('not-found', REMOTE_CONFIG_MESSAGES.versionNotFound(version));
      const people = await peopleOf(options.identity, found.row.published_by ? [found.row.published_by] : []);
      return { ...versionSummary(found, people), template: parseTemplate(found.row.template) };
    },
  );

  api.post(
    '/api/admin/:env/remote-config/versions/:version/rollback',
    { schema: { params: remoteConfigVersionParamsSchema, response: { 200: remoteConfigVersionSchema } } },
    async (request) => {
      const { env, version } = request.params;
      const change = await adminChangeOf(request, env);
      const published = await rollBack(storeOf(env), version, change, options.parameterUses);
      const people = await peopleOf(options.identity, [change.admin]);
      return { ...versionSummary(published, people), template: parseTemplate(published.row.template) };
    },
  );

  api.delete(
    '/api/admin/:env/remote-config/scheduled/:scheduleID',
    { schema: { params: remoteConfigScheduleParamsSchema, response: { 200: remoteConfigStateSchema } } },
    async (request) => {
      const { env, scheduleID } = request.params;
      const change = await adminChangeOf(request, env);
      await cancelPublish({ game: storeOf(env), identity: options.identity }, scheduleID, change);
      return state(env);
    },
  );

  api.post(
    '/api/admin/:env/remote-config/scheduled/:scheduleID/reschedule',
    {
      schema: {
        params: remoteConfigScheduleParamsSchema,
        body: rescheduleRemoteConfigInputSchema,
        response: { 200: remoteConfigStateSchema },
      },
    },
    async (request) => {
      const { env, scheduleID } = request.params;
      const change = await adminChangeOf(request, env);
      const stores = { game: storeOf(env), identity: options.identity };
      await reschedulePublish(stores, scheduleID, new Date(request.body.publishAt), change);
      return state(env);
    },
  );
}
