import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { requestJson } from '../../../lib/api';
import { meQueryKey } from '../../../lib/session';

export interface SignInInput {
  email: string;
  password: string;
}

export function signIn(input: SignInInput) {
  return requestJson('/api/auth/sign-in/email', z.unknown(), { method: 'POST', body: input });
}

/** Stays pending until the session is refetched, so the screen moves on only once the bar knows the user. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
