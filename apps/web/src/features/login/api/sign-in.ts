import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { requestJson } from '../../../lib/api';
import { announceSessionChange, meQueryKey } from '../../../lib/session';

export interface SignInInput {
  email: string;
  password: string;
}

export function signIn(input: SignInInput) {
  return requestJson('/api/auth/sign-in/email', z.unknown(), { method: 'POST', body: input });
}

/**
 * Stays pending until the session is refetched, so the screen moves on only once the bar knows the
 * user; the browser's other tabs, which share the new session, are told to ask too.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => {
      announceSessionChange();
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
