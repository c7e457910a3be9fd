import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { requestJson } from '../../../lib/api';

export interface SignUpInput {
  email: string;
  password: string;
  /** The account's name; we use the display name the user picked. */
  name: string;
}

export function signUp(input: SignUpInput) {
  return requestJson('/api/auth/sign-up/email', z.unknown(), { method: 'POST', body: input });
}

/**
 * Creates the account and its session. It does not refetch the session: the profile comes with
 * register right after, which does (otherwise the screen would flip to "no profile" in between).
 */
export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
