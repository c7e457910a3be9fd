import type { Environment } from '@outpost/contracts/environments';
import {
  type CreatePartnerInvite,
  deletedPartnerInviteSchema,
  deleteUndeliveredSchema,
  markDeliveredSchema,
  partnerInviteListPageSchema,
  partnerInviteSchema,
  type UpdatePartnerInvite,
} from '@outpost/contracts/partners';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';
import { partnersAdminQueryKey } from './query-keys';

const path = (environment: Environment, rest = '') => `/api/admin/${environment}/partner-invites${rest}`;

/** GET /api/admin/:env/partner-invites: one page (the admin list protocol). */
export function getPartnerInvites(environment: Environment, query: AdminListQuery) {
  return requestJson(path(environment, `?${adminListSearchParams(query)}`), partnerInviteListPageSchema);
}

/** Every partner invite change: the request, then the list reloads. */
function useInviteChange<Input, Output>(environment: Environment, send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnersAdminQueryKey(environment, 'invites') }),
  });
}

/** POST …/partner-invites: unclaimed and undelivered; 409 when the code is taken. */
export const useCreatePartnerInvite = (environment: Environment) =>
  useInviteChange(environment, (input: CreatePartnerInvite) =>
    requestJson(path(environment), partnerInviteSchema, { method: 'POST', body: input }),
  );

/** PUT …/partner-invites/:inviteID: its rewards, and its code when `input.inviteID` differs. */
export const useUpdatePartnerInvite = (environment: Environment) =>
  useInviteChange(environment, ({ inviteID, input }: { inviteID: string; input: UpdatePartnerInvite }) =>
    requestJson(path(environment, `/${encodeURIComponent(inviteID)}`), partnerInviteSchema, {
      method: 'PUT',
      body: input,
    }),
  );

/** DELETE …/partner-invites/:inviteID. */
export const useDeletePartnerInvite = (environment: Environment) =>
  useInviteChange(environment, (inviteID: string) =>
    requestJson(path(environment, `/${encodeURIComponent(inviteID)}`), deletedPartnerInviteSchema, {
      method: 'DELETE',
    }),
  );

/** POST …/partner-invites/delivered: all or none. */
export const useMarkDelivered = (environment: Environment) =>
  useInviteChange(environment, (body: { inviteIDs: string[]; delivered: boolean }) =>
    requestJson(path(environment, '/delivered'), markDeliveredSchema, { method: 'POST', body }),
  );

/** POST …/partner-invites/delete-undelivered: the answer says which were deleted and which kept. */
export const useDeleteUndelivered = (environment: Environment) =>
  useInviteChange(environment, (inviteIDs: string[]) =>
    requestJson(path(environment, '/delete-undelivered'), deleteUndeliveredSchema, {
      method: 'POST',
      body: { inviteIDs },
    }),
  );
