import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { requestJson } from '../../../lib/api';
import { meQueryKey } from '../../../lib/session';

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

export function resetPassword(input: ResetPasswordInput) {
  return requestJson('/api/auth/reset-password', z.unknown(), { method: 'POST', body: input });
}

/** The server ends the account's sessions on reset, so a session this tab holds is refetched too. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
