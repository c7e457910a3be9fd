import type { Environment } from '@outpost/contracts/environments';
import {
  type CreateIngestKeyInput,
  createdIngestKeySchema,
  ingestKeyListSchema,
  ingestKeySchema,
  type LiveStatsRange,
  liveSeriesSchema,
  liveStatsSchema,
} from '@outpost/contracts/game-data';
import { QUERY_KEYS } from '@outpost/contracts/live-topics';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';

/**
 * Active now counts players seen in the last minutes, so it falls without any write: the screen
 * asks again this often besides the live stream's refreshes.
 */
export const LIVE_STATS_REFRESH_MS = 30_000;

export const liveStatsQueryOptions = (environment: Environment) =>
  queryOptions({
    queryKey: QUERY_KEYS.liveStats(environment),
    queryFn: () => requestJson(`/api/admin/${environment}/live-stats`, liveStatsSchema),
    refetchInterval: LIVE_STATS_REFRESH_MS,
  });

/** GET /api/admin/:env/live-stats: docs/product.md §9.2's figures of the environment (staff and admins). */
export function useLiveStats(environment: Environment) {
  return useQuery(liveStatsQueryOptions(environment));
}

/** The charts move by the hour or the day: asked again every minute rather than on every change. */
export const LIVE_SERIES_REFRESH_MS = 60_000;

/** GET /api/admin/:env/live-stats/series: the charts' series over one range. */
export function useLiveSeries(environment: Environment, range: LiveStatsRange) {
  return useQuery({
    queryKey: ['admin', environment, 'live-series', range],
    queryFn: () => requestJson(`/api/admin/${environment}/live-stats/series?range=${range}`, liveSeriesSchema),
    refetchInterval: LIVE_SERIES_REFRESH_MS,
    // The previous range's lines stay while the next one loads, instead of an empty frame.
    placeholderData: (previous) => previous,
  });
}

const ingestKeysQueryKey = QUERY_KEYS.ingestKeys;

/** GET /api/admin/:env/ingest-keys: the game servers' keys, revoked ones included (admins). */
export function useIngestKeys(environment: Environment) {
  return useQuery({
    queryKey: ingestKeysQueryKey(environment),
    queryFn: async () => (await requestJson(`/api/admin/${environment}/ingest-keys`, ingestKeyListSchema)).keys,
  });
}

/** POST /api/admin/:env/ingest-keys: a new key, whose secret the answer carries this once. */
export function useCreateIngestKey(environment: Environment) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateIngestKeyInput) =>
      requestJson(`/api/admin/${environment}/ingest-keys`, createdIngestKeySchema, { method: 'POST', body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: ingestKeysQueryKey(environment) }),
  });
}

/** POST /api/admin/:env/ingest-keys/:keyID/revoke: the key stops working at once. */
export function useRevokeIngestKey(environment: Environment) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keyID: string) =>
      requestJson(`/api/admin/${environment}/ingest-keys/${encodeURIComponent(keyID)}/revoke`, ingestKeySchema, {
        method: 'POST',
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ingestKeysQueryKey(environment) }),
  });
}
