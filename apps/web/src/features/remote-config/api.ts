import type { Environment } from '@outpost/contracts/environments';
import { REMOTE_CONFIG_QUERY_KEYS } from '@outpost/contracts/remote-config/contract';
import {
  type PublishRemoteConfigInput,
  publishRemoteConfigAnswerSchema,
  type RemoteConfigState,
  type RemoteConfigTemplate,
  type RescheduleRemoteConfigInput,
  remoteConfigStateSchema,
  remoteConfigVersionListPageSchema,
  remoteConfigVersionSchema,
} from '@outpost/contracts/remote-config/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminListQuery, adminListSearchParams } from '../../components/admin-list/list-view';
import { requestJson } from '../../lib/api';

/*
 * The editor's requests. Every cached read sits under the environment's remote-config key, which the
 * live topic refreshes (contract.ts's backOfficeKeys): another tab's save or publish shows here.
 */

const base = (environment: Environment) => `/api/admin/${environment}/remote-config`;
export const remoteConfigQueryKey = REMOTE_CONFIG_QUERY_KEYS.admin;
const stateKey = (environment: Environment) => [...remoteConfigQueryKey(environment), 'state'] as const;
export const versionsQueryKey = (environment: Environment) => [...remoteConfigQueryKey(environment), 'versions'];

/** GET /api/admin/:env/remote-config: the draft, the version live and the scheduled publishes. */
export function useRemoteConfigState(environment: Environment) {
  return useQuery({
    queryKey: stateKey(environment),
    queryFn: () => requestJson(base(environment), remoteConfigStateSchema),
  });
}

/** The state as it is now, asked again (a refused save's form starts from the latest draft). */
export function useLatestState(environment: Environment) {
  const client = useQueryClient();
  return () =>
    client.fetchQuery({
      queryKey: stateKey(environment),
      queryFn: () => requestJson(base(environment), remoteConfigStateSchema),
      staleTime: 0,
    });
}

/** PUT /api/admin/:env/remote-config/draft: the whole draft, from the revision it was edited from. */
export function useSaveDraft(environment: Environment) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { template: RemoteConfigTemplate; revision: number }) =>
      requestJson(`${base(environment)}/draft`, remoteConfigStateSchema, { method: 'PUT', body: input }),
    onSuccess: (state: RemoteConfigState) => client.setQueryData(stateKey(environment), state),
  });
}

/** What changes the version players get: everything under the key is read again. */
function useInvalidatingMutation<Input, Answer>(environment: Environment, send: (input: Input) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: remoteConfigQueryKey(environment) }),
  });
}

/** POST /api/admin/:env/remote-config/publish: the draft reviewed, now or at `publishAt`. */
export function usePublish(environment: Environment) {
  return useInvalidatingMutation(environment, (input: PublishRemoteConfigInput) =>
    requestJson(`${base(environment)}/publish`, publishRemoteConfigAnswerSchema, { method: 'POST', body: input }),
  );
}

/** DELETE /api/admin/:env/remote-config/scheduled/:scheduleID */
export function useCancelSchedule(environment: Environment) {
  return useInvalidatingMutation(environment, (scheduleID: string) =>
    requestJson(`${base(environment)}/scheduled/${encodeURIComponent(scheduleID)}`, remoteConfigStateSchema, {
      method: 'DELETE',
    }),
  );
}

/** POST /api/admin/:env/remote-config/scheduled/:scheduleID/reschedule: a scheduled publish to a new time. */
export function useRescheduleSchedule(environment: Environment) {
  return useInvalidatingMutation(
    environment,
    ({ scheduleID, publishAt }: RescheduleRemoteConfigInput & { scheduleID: string }) =>
      requestJson(
        `${base(environment)}/scheduled/${encodeURIComponent(scheduleID)}/reschedule`,
        remoteConfigStateSchema,
        {
          method: 'POST',
          body: { publishAt },
        },
      ),
  );
}

/** POST /api/admin/:env/remote-config/versions/:version/rollback: that version's template, published again. */
export function useRollback(environment: Environment) {
  return useInvalidatingMutation(environment, (version: number) =>
    requestJson(`${base(environment)}/versions/${version}/rollback`, remoteConfigVersionSchema, { method: 'POST' }),
  );
}

/** GET /api/admin/:env/remote-config/versions: one page of the versions (the admin list protocol). */
export function getVersions(environment: Environment, query: AdminListQuery<'version'>) {
  return requestJson(
    `${base(environment)}/versions?${adminListSearchParams(query)}`,
    remoteConfigVersionListPageSchema,
  );
}

/** GET /api/admin/:env/remote-config/versions/:version: one version with its template. */
export function useVersion(environment: Environment, version: number) {
  return useQuery({
    queryKey: [...versionsQueryKey(environment), version],
    queryFn: () => requestJson(`${base(environment)}/versions/${version}`, remoteConfigVersionSchema),
  });
}
