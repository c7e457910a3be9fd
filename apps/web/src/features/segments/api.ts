import type { Environment } from '@outpost/contracts/environments';
import { SEGMENTS_QUERY_KEYS } from '@outpost/contracts/segments/contract';
import {
  type CreateSegmentInput,
  type Segment,
  type SegmentDefinition,
  type SegmentMembersPage,
  segmentListPageSchema,
  segmentMembersPageSchema,
  segmentSchema,
  segmentSizeSchema,
  type UpdateSegmentInput,
} from '@outpost/contracts/segments/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { type AdminListQuery, adminListSearchParams } from '../../components/admin-list/list-view';
import { requestJson } from '../../lib/api';

/*
 * The segments screens' requests. Every cached read sits under the environment's segments key, which
 * the live topic refreshes (contract.ts's backOfficeKeys): another tab's save or delete shows here.
 */

const base = (environment: Environment) => `/api/admin/${environment}/segments`;
const one = (environment: Environment, segmentID: string) => `${base(environment)}/${encodeURIComponent(segmentID)}`;
export const segmentsQueryKey = SEGMENTS_QUERY_KEYS.admin;
const segmentKey = (environment: Environment, segmentID: string) =>
  [...segmentsQueryKey(environment), 'segment', segmentID] as const;
export const membersQueryKey = (environment: Environment, segmentID: string) =>
  [...segmentKey(environment, segmentID), 'members'] as const;
const sizeKey = (environment: Environment, definition: SegmentDefinition | null) =>
  [...segmentsQueryKey(environment), 'size', definition] as const;

/** GET /api/admin/:env/segments: one page of the segments (the admin list protocol). */
export function getSegments(environment: Environment, query: AdminListQuery<'updatedAt' | 'name'>) {
  return requestJson(`${base(environment)}?${adminListSearchParams(query)}`, segmentListPageSchema);
}

/** GET /api/admin/:env/segments/:segmentID */
export function useSegment(environment: Environment, segmentID: string) {
  return useQuery({
    queryKey: segmentKey(environment, segmentID),
    queryFn: () => requestJson(one(environment, segmentID), segmentSchema),
  });
}

/** GET /api/admin/:env/segments/:segmentID/members: one page of the players it holds. */
export function getMembers(
  environment: Environment,
  segmentID: string,
  query: AdminListQuery<'accountCreatedAt'>,
): Promise<SegmentMembersPage> {
  return requestJson(
    `${one(environment, segmentID)}/members?${adminListSearchParams(query)}`,
    segmentMembersPageSchema,
  );
}

const countSize = (environment: Environment, definition: SegmentDefinition, recount: boolean) =>
  requestJson(`${base(environment)}/size`, segmentSizeSchema, {
    method: 'POST',
    body: recount ? { definition, recount } : { definition },
  });

/**
 * POST /api/admin/:env/segments/size of `definition` (null: nothing to count yet, the last size
 * stays). `countAgain` reads the players' attributes again first, and the members with them.
 */
export function useSegmentSize(environment: Environment, definition: SegmentDefinition | null) {
  const client = useQueryClient();
  const size = useQuery({
    queryKey: sizeKey(environment, definition),
    queryFn: () => countSize(environment, definition as SegmentDefinition, false),
    enabled: definition !== null,
    // The last size stays on screen while the next one is counted, marked busy.
    placeholderData: keepPreviousData,
  });
  const recount = useMutation({
    mutationFn: (counted: SegmentDefinition) => countSize(environment, counted, true),
    onSuccess: (answer, counted) => {
      client.setQueryData(sizeKey(environment, counted), answer);
      // The members (and any other size) were read from the older attributes; the server now holds the new.
      void client.invalidateQueries({ queryKey: segmentsQueryKey(environment) });
    },
  });
  return { size, recount };
}

export type SegmentChange =
  | { kind: 'create'; input: CreateSegmentInput }
  | { kind: 'update'; segmentID: string; input: UpdateSegmentInput }
  | { kind: 'delete'; segmentID: string };

function send(environment: Environment, change: SegmentChange): Promise<Segment | { segmentID: string }> {
  if (change.kind === 'create') {
    return requestJson(base(environment), segmentSchema, { method: 'POST', body: change.input });
  }
  const url = one(environment, change.segmentID);
  return change.kind === 'update'
    ? requestJson(url, segmentSchema, { method: 'PUT', body: change.input })
    : requestJson(url, z.object({ segmentID: z.string() }), { method: 'DELETE' });
}

/** Creates, saves or deletes a segment; the list and the segment refetch (and other tabs hear it live). */
export function useChangeSegment(environment: Environment) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: SegmentChange) => send(environment, change),
    onSuccess: (_answer, change) => {
      // A deleted segment is not asked again: its screen leaves, and a refetch would only say it is gone.
      if (change.kind === 'delete') client.removeQueries({ queryKey: segmentKey(environment, change.segmentID) });
      void client.invalidateQueries({ queryKey: segmentsQueryKey(environment) });
    },
  });
}
