import type { Environment } from '@outpost/contracts/environments';
import { type CreateMachineInput, machineSchema, type UpdateMachineInput } from '@outpost/contracts/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { machineQueryOptions } from './get-machine';
import { shopAdminQueryKey } from './query-keys';

/** POST /api/admin/:env/machines: a new machine with its prizes; 409 when the ID is taken. */
export function createMachine(environment: Environment, input: CreateMachineInput) {
  return requestJson(`/api/admin/${environment}/machines`, machineSchema, { method: 'POST', body: input });
}

/**
 * PUT /api/admin/:env/machines/:machineID: the machine with its whole prize list, from the version
 * the screen loaded; 409 when a spin or another save moved it on since.
 */
export function updateMachine(environment: Environment, machineID: string, input: UpdateMachineInput) {
  return requestJson(`/api/admin/${environment}/machines/${encodeURIComponent(machineID)}`, machineSchema, {
    method: 'PUT',
    body: input,
  });
}

/** Creates or saves a machine; the machine the server answers (new version, stock) replaces the cached one. */
export function useSaveMachine(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: { create: CreateMachineInput } | { machineID: string; input: UpdateMachineInput }) =>
      'create' in save
        ? createMachine(environment, save.create)
        : updateMachine(environment, save.machineID, save.input),
    onSuccess: (machine) => {
      queryClient.setQueryData(machineQueryOptions(environment, machine.machineID).queryKey, machine);
      return queryClient.invalidateQueries({ queryKey: [...shopAdminQueryKey(environment, 'machines'), 'list'] });
    },
  });
}
