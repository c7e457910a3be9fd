import {
  type CreateTestingObjective,
  testingObjectiveSchema,
  type UpdateTestingObjective,
} from '@outpost/contracts/beta';
import type { Environment } from '@outpost/contracts/environments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { feedbackChoicesQueryKey } from '../../moderation/api/get-feedback-choices';
import { betaAdminQueryKey } from './query-keys';

export type ObjectiveChange =
  | { kind: 'create'; input: CreateTestingObjective }
  | { kind: 'update'; objectiveID: string; input: UpdateTestingObjective };

function send(environment: Environment, change: ObjectiveChange) {
  const base = `/api/admin/${environment}/testing-objectives`;
  return change.kind === 'create'
    ? requestJson(base, testingObjectiveSchema, { method: 'POST', body: change.input })
    : requestJson(`${base}/${encodeURIComponent(change.objectiveID)}`, testingObjectiveSchema, {
        method: 'PUT',
        body: change.input,
      });
}

/** POST or PUT one testing objective; objectives are never deleted, `active: false` retires one. */
export function useChangeObjective(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ObjectiveChange) => send(environment, change),
    // The feedback filters offer every objective too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: betaAdminQueryKey(environment, 'objectives') }),
        queryClient.invalidateQueries({ queryKey: feedbackChoicesQueryKey(environment) }),
      ]),
  });
}
