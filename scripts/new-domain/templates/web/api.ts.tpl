import { __CONST___QUERY_KEYS } from '@outpost/contracts/__kebab__/contract';
import {
  __camel__EntrySchema,
  __camel__ListPageSchema,
  __camel__PublicListSchema,
  type Create__Pascal__EntryInput,
  type Update__Pascal__EntryInput,
} from '@outpost/contracts/__kebab__/schemas';
import type { Environment } from '@outpost/contracts/environments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { type AdminListQuery, adminListSearchParams } from '../../components/admin-list/list-view';
import { requestJson } from '../../lib/api';

/** GET /api/__kebab__: the running entries. */
export function get__Pascal__() {
  return requestJson('/api/__kebab__', __camel__PublicListSchema);
}

/** GET /api/admin/:env/__kebab__: one page of every entry. */
export function get__Pascal__Entries(environment: Environment, query: AdminListQuery) {
  return requestJson(`/api/admin/${environment}/__kebab__?${adminListSearchParams(query)}`, __camel__ListPageSchema);
}

export type __Pascal__Change =
  | { kind: 'create'; input: Create__Pascal__EntryInput }
  | { kind: 'update'; entryID: string; input: Update__Pascal__EntryInput }
  | { kind: 'delete'; entryID: string };

function send(environment: Environment, change: __Pascal__Change) {
  const base = `/api/admin/${environment}/__kebab__`;
  if (change.kind === 'create') return requestJson(base, __camel__EntrySchema, { method: 'POST', body: change.input });
  const url = `${base}/${encodeURIComponent(change.entryID)}`;
  return change.kind === 'update'
    ? requestJson(url, __camel__EntrySchema, { method: 'PUT', body: change.input })
    : requestJson(url, z.object({ entryID: z.string() }), { method: 'DELETE' });
}

/** Creates, saves or deletes one entry; the list refetches (and other tabs hear it live). */
export function useChange__Pascal__(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: __Pascal__Change) => send(environment, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: __CONST___QUERY_KEYS.admin(environment) }),
  });
}
