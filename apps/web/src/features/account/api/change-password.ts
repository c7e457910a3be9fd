import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { requestJson } from '../../../lib/api';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  /** Signs out every other device: whoever knew the old password is locked out too. */
  revokeOtherSessions: boolean;
}

/** POST /api/auth/change-password (the auth library's): keeps this session, with a new token. */
export function changePassword(input: ChangePasswordInput) {
  return requestJson('/api/auth/change-password', z.unknown(), { method: 'POST', body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
