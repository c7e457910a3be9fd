import type { Environment } from '@outpost/contracts/environments';
import { EXPERIMENTS_QUERY_KEYS } from '@outpost/contracts/experiments/contract';
import {
  type CreateExperimentInput,
  type Experiment,
  experimentListSchema,
  experimentResultsSchema,
  experimentSchema,
  type UpdateExperimentInput,
} from '@outpost/contracts/experiments/schemas';
import { remoteConfigVersionSchema } from '@outpost/contracts/remote-config/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod/mini';
import { requestJson } from '../../lib/api';
import { remoteConfigQueryKey, useRemoteConfigState, versionsQueryKey } from '../remote-config/api';

/*
 * The experiments screens' requests. The experiments and each experiment sit under the
 * environment's experiments key, which the experiments topic refreshes (contract.ts's
 * backOfficeKeys): another tab's change and a scheduled start show here. An experiment's results
 * follow that topic and the exposures topic at a pace of their own (useExperimentResults says why).
 */

const base = (environment: Environment) => `/api/admin/${environment}/experiments`;
const one = (environment: Environment, experimentID: string) =>
  `${base(environment)}/${encodeURIComponent(experimentID)}`;
export const experimentsQueryKey = EXPERIMENTS_QUERY_KEYS.admin;
const experimentKey = (environment: Environment, experimentID: string) =>
  [...experimentsQueryKey(environment), 'experiment', experimentID] as const;
/** Outside the experiments key, so the live topic does not refetch them on each of its changes. */
const resultsKey = (environment: Environment, experimentID: string) =>
  ['admin', environment, 'experiment-results', experimentID] as const;

/** The soonest results are read again after their last read when exposures or the experiment change. */
export const RESULTS_FOLLOW_MS = 5_000;
/** How often results are read again with nothing said on the topics: a metric grows as players play. */
export const RESULTS_REFRESH_MS = 30_000;

/** GET /api/admin/:env/experiments: every experiment of the environment (a handful: no paging). */
export function useExperiments(environment: Environment) {
  return useQuery({
    queryKey: [...experimentsQueryKey(environment), 'list'],
    queryFn: () => requestJson(base(environment), experimentListSchema),
  });
}

/** GET /api/admin/:env/experiments/:experimentID */
export function useExperiment(environment: Environment, experimentID: string) {
  return useQuery({
    queryKey: experimentKey(environment, experimentID),
    queryFn: () => requestJson(one(environment, experimentID), experimentSchema),
  });
}

/**
 * When the exposures topic last spoke (epoch ms): a query of the browser's clock, no request, that
 * the topic refreshes (contract.ts's exposuresHeard). 0 until it has.
 */
function useExposuresHeard(environment: Environment): number {
  const heard = useQuery({
    queryKey: EXPERIMENTS_QUERY_KEYS.exposuresHeard(environment),
    queryFn: () => Date.now(),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return heard.dataUpdatedAt;
}

/**
 * GET /api/admin/:env/experiments/:experimentID/results: asked once the experiment has started.
 *
 * Results are the dearest read of the screens (every exposure and the goal metric's game data),
 * and the exposures topic speaks on every batch of them, up to twice a second while players fetch
 * config. So they have a key of their own, which no topic refreshes (a staleTime would not do: an
 * invalidation refetches a shown query however fresh it is), and follow at a pace of their own:
 * when the exposures topic speaks or the experiment is read again (its own topic: a start, a stop),
 * results are read again too, at once if their last read is RESULTS_FOLLOW_MS old, else when it
 * is, however many changes came meanwhile. They are also read every RESULTS_REFRESH_MS, for
 * metrics that grow with no exposure, and after this screen's own changes (useChangeExperiment).
 */
export function useExperimentResults(environment: Environment, experimentID: string) {
  const client = useQueryClient();
  const results = useQuery({
    queryKey: resultsKey(environment, experimentID),
    queryFn: () => requestJson(`${one(environment, experimentID)}/results`, experimentResultsSchema),
    refetchInterval: RESULTS_REFRESH_MS,
  });
  const { dataUpdatedAt: experimentReadAt } = useExperiment(environment, experimentID);
  const changedAt = Math.max(experimentReadAt, useExposuresHeard(environment));
  useEffect(() => {
    const queryKey = resultsKey(environment, experimentID);
    const readAt = client.getQueryState(queryKey)?.dataUpdatedAt ?? 0;
    // Their first read is still under way, or they were read after the change.
    if (readAt === 0 || readAt >= changedAt) return;
    const timer = setTimeout(
      // A read under way already answers: it is not cancelled, so a steady stream of changes cannot starve it.
      () => void client.invalidateQueries({ queryKey, exact: true }, { cancelRefetch: false }),
      Math.max(0, readAt + RESULTS_FOLLOW_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [client, environment, experimentID, changedAt]);
  return results;
}

/**
 * The parameters of the remote-config version players get now, which an experiment may test: read
 * through remote config's own admin requests (the state names the live version, the version holds
 * the template), under its cache keys, so a publish in another tab shows here too.
 */
export function useLiveParameters(environment: Environment) {
  const state = useRemoteConfigState(environment);
  const version = state.data ? (state.data.current?.version ?? 0) : null;
  const live = useQuery({
    // remote-config/api.ts's useVersion key: one version is read once for both screens.
    queryKey: [...versionsQueryKey(environment), version],
    queryFn: () =>
      requestJson(`/api/admin/${environment}/remote-config/versions/${version}`, remoteConfigVersionSchema),
    enabled: version !== null && version > 0,
  });
  const isPending = state.isPending || (version !== null && version > 0 && live.isPending);
  return {
    isPending,
    error: state.error ?? live.error,
    /** The live version's number (0: nothing published yet). */
    version,
    parameters: version === 0 ? [] : (live.data?.template.parameters ?? []),
  };
}

export type ExperimentChange =
  | { kind: 'create'; input: CreateExperimentInput }
  | { kind: 'update'; experimentID: string; input: UpdateExperimentInput }
  | { kind: 'delete'; experimentID: string }
  | { kind: 'start'; experimentID: string; revision: number; startsAt?: string }
  | { kind: 'stop'; experimentID: string; revision: number }
  | { kind: 'roll-out'; experimentID: string; revision: number; variant: string };

function send(environment: Environment, change: ExperimentChange): Promise<Experiment | { experimentID: string }> {
  switch (change.kind) {
    case 'create':
      return requestJson(base(environment), experimentSchema, { method: 'POST', body: change.input });
    case 'update':
      return requestJson(one(environment, change.experimentID), experimentSchema, {
        method: 'PUT',
        body: change.input,
      });
    case 'delete':
      return requestJson(one(environment, change.experimentID), z.object({ experimentID: z.string() }), {
        method: 'DELETE',
      });
    case 'start': {
      const body = change.startsAt
        ? { revision: change.revision, startsAt: change.startsAt }
        : { revision: change.revision };
      return requestJson(`${one(environment, change.experimentID)}/start`, experimentSchema, { method: 'POST', body });
    }
    case 'stop':
      return requestJson(`${one(environment, change.experimentID)}/stop`, experimentSchema, {
        method: 'POST',
        body: { revision: change.revision },
      });
    case 'roll-out':
      return requestJson(`${one(environment, change.experimentID)}/roll-out`, experimentSchema, {
        method: 'POST',
        body: { revision: change.revision, variant: change.variant },
      });
  }
}

/** Every change to an experiment; the experiments refetch (other tabs hear it live), and a roll-out's publish shows in remote config. */
export function useChangeExperiment(environment: Environment) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ExperimentChange) => send(environment, change),
    onSuccess: (answer, change) => {
      // A deleted experiment is not asked again: its screen leaves, and a refetch would only say it is gone.
      if (change.kind === 'delete') {
        client.removeQueries({ queryKey: experimentKey(environment, change.experimentID) });
        client.removeQueries({ queryKey: resultsKey(environment, change.experimentID) });
      } else if ('revision' in answer) {
        client.setQueryData(experimentKey(environment, answer.experimentID), answer);
        // Results are outside the topic's key: a stop or a roll-out here shows in them at once.
        void client.invalidateQueries({ queryKey: resultsKey(environment, answer.experimentID) });
      }
      void client.invalidateQueries({ queryKey: experimentsQueryKey(environment) });
      if (change.kind === 'roll-out') void client.invalidateQueries({ queryKey: remoteConfigQueryKey(environment) });
    },
  });
}
