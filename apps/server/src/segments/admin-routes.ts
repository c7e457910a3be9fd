import type { SortOrder } from '@outpost/contracts/admin-list';
import { adminEnvironmentParamsSchema, type Environment } from '@outpost/contracts/environments';
import { type Person, personIn } from '@outpost/contracts/people';
import {
  createSegmentInputSchema,
  SEGMENTS_MESSAGES,
  type Segment,
  type SegmentDefinition,
  type SegmentMembersPage,
  segmentListPageSchema,
  segmentListQuerySchema,
  segmentMembersPageSchema,
  segmentMembersQuerySchema,
  segmentParamsSchema,
  segmentSchema,
  segmentSizeInputSchema,
  segmentSizeSchema,
  updateSegmentInputSchema,
} from '@outpost/contracts/segments/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import { adminChangeOf } from '../backoffice/index';
import type { AppStores, IdentityDatabase } from '../database';
import type { SegmentUseCheck } from '../domain';
import { peopleOf } from '../identity/index';
import { answering, FunctionError } from '../platform/http/errors';
import type { PlayerAttributeCache } from './attributes';
import { segmentRows } from './evaluate';
import {
  createSegment,
  deleteSegment,
  findSegment,
  listSegments,
  SegmentExistsError,
  SegmentInUseError,
  SegmentNotFoundError,
  SegmentStaleError,
  type StoredSegment,
  updateSegment,
} from './queries';

export interface SegmentsAdminRoutesOptions {
  game: AppStores['game'];
  identity: Kysely<IdentityDatabase>;
  attributes: PlayerAttributeCache;
  uses: readonly SegmentUseCheck[];
}

const answer = answering((error) => {
  if (error instanceof SegmentNotFoundError) return new FunctionError('not-found', SEGMENTS_MESSAGES.notFound);
  if (error instanceof SegmentStaleError) return new FunctionError('aborted', SEGMENTS_MESSAGES.stale);
  if (error instanceof SegmentInUseError) {
    return new FunctionError('aborted', SEGMENTS_MESSAGES.inUse(error.segmentID, error.uses));
  }
  if (error instanceof SegmentExistsError) {
    return new FunctionError(
      'aborted',
      error.taken === 'name'
        ? SEGMENTS_MESSAGES.nameTaken(error.segmentName)
        : SEGMENTS_MESSAGES.idTaken(error.segmentID),
    );
  }
  return error;
});

const deletedSchema = z.object({ segmentID: z.string() });

type People = ReadonlyMap<string, Person>;
const personOrNull = (people: People, userID: string | null) => (userID === null ? null : personIn(people, userID));

function segmentOf(row: StoredSegment, people: People): Segment {
  return {
    segmentID: row.segment_id,
    name: row.name,
    description: row.description,
    definition: row.definition,
    revision: row.revision,
    createdAt: row.created_at,
    createdBy: personOrNull(people, row.created_by),
    updatedAt: row.updated_at,
    updatedBy: personOrNull(people, row.updated_by),
  };
}

const editorsOf = (rows: readonly StoredSegment[]) =>
  rows.flatMap((row) => [row.created_by, row.updated_by].filter((id): id is string => id !== null));

/**
 * Segments in the back office: read and sized by everyone in the admin area, changed by those the
 * route table's policies let through (contracts' segments/contract.ts). Every route names its environment.
 */
export function registerSegmentsAdminRoutes(app: FastifyInstance, options: SegmentsAdminRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const storeOf = (environment: Environment) => options.game[environment];
  const named = async (row: StoredSegment) => segmentOf(row, await peopleOf(options.identity, editorsOf([row])));

  async function stored(environment: Environment, segmentID: string): Promise<StoredSegment> {
    const row = await findSegment(storeOf(environment), segmentID);
    if (!row) throw new FunctionError('not-found', SEGMENTS_MESSAGES.notFound);
    return row;
  }

  async function counted(
    environment: Environment,
    definition: SegmentDefinition,
    { recount, ...rows }: { offset: number; limit: number; recount: boolean; oldestFirst?: boolean },
  ) {
    const attributes = await options.attributes.get(environment, { recount });
    return { attributes, ...segmentRows(definition, attributes, rows) };
  }

  async function members(
    environment: Environment,
    definition: SegmentDefinition,
    page: { page: number; pageSize: number; order: SortOrder; recount: boolean },
  ): Promise<SegmentMembersPage> {
    const { attributes, size, rows } = await counted(environment, definition, {
      offset: (page.page - 1) * page.pageSize,
      limit: page.pageSize,
      recount: page.recount,
      oldestFirst: page.order === 'asc',
    });
    const userIds = rows.map((row) => attributes.userIds[row] ?? '');
    const people = await peopleOf(options.identity, userIds);
    const lastSeen = attributes.columns.lastSeenDays;
    return {
      rows: rows.map((row, index) => {
        const seen = lastSeen[row] ?? Number.NaN;
        return {
          player: personIn(people, userIds[index] ?? ''),
          lastSeen: Number.isNaN(seen) ? null : new Date(seen).toISOString(),
          accountCreatedAt: new Date(attributes.accountCreatedAt[row] ?? 0).toISOString(),
        };
      }),
      total: size,
      page: page.page,
      pageSize: page.pageSize,
      countedAt: attributes.countedAt.toISOString(),
    };
  }

  api.get(
    '/api/admin/:env/segments',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: segmentListQuerySchema,
        response: { 200: segmentListPageSchema },
      },
    },
    async (request) => {
      const page = await listSegments(storeOf(request.params.env), request.query);
      const people = await peopleOf(options.identity, editorsOf(page.rows));
      return { ...page, rows: page.rows.map((row) => segmentOf(row, people)) };
    },
  );

  api.get(
    '/api/admin/:env/segments/:segmentID',
    { schema: { params: segmentParamsSchema, response: { 200: segmentSchema } } },
    async (request) => named(await stored(request.params.env, request.params.segmentID)),
  );

  api.post(
    '/api/admin/:env/segments/size',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: segmentSizeInputSchema,
        response: { 200: segmentSizeSchema },
      },
    },
    async (request) => {
      const { attributes, size } = await counted(request.params.env, request.body.definition, {
        offset: 0,
        limit: 0,
        recount: request.body.recount ?? false,
      });
      return { size, total: attributes.userIds.length, countedAt: attributes.countedAt.toISOString() };
    },
  );

  api.get(
    '/api/admin/:env/segments/:segmentID/members',
    {
      schema: {
        params: segmentParamsSchema,
        querystring: segmentMembersQuerySchema,
        response: { 200: segmentMembersPageSchema },
      },
    },
    async (request) => {
      const { env, segmentID } = request.params;
      const { definition } = await stored(env, segmentID);
      return members(env, definition, { ...request.query, recount: request.query.recount === 'true' });
    },
  );

  api.post(
    '/api/admin/:env/segments',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: createSegmentInputSchema,
        response: { 200: segmentSchema },
      },
    },
    async (request) => {
      const { env } = request.params;
      const change = await adminChangeOf(request, env);
      return named(await answer(() => createSegment(storeOf(env), request.body, change)));
    },
  );

  api.put(
    '/api/admin/:env/segments/:segmentID',
    {
      schema: {
        params: segmentParamsSchema,
        body: updateSegmentInputSchema,
        response: { 200: segmentSchema },
      },
    },
    async (request) => {
      const { env, segmentID } = request.params;
      const change = await adminChangeOf(request, env);
      return named(await answer(() => updateSegment(storeOf(env), segmentID, request.body, change)));
    },
  );

  api.delete(
    '/api/admin/:env/segments/:segmentID',
    { schema: { params: segmentParamsSchema, response: { 200: deletedSchema } } },
    async (request) => {
      const { env, segmentID } = request.params;
      const change = await adminChangeOf(request, env);
      await answer(() => deleteSegment(storeOf(env), segmentID, change, options.uses));
      return { segmentID };
    },
  );
}
