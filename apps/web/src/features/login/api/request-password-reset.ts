import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { requestJson } from '../../../lib/api';

/** Answers 200 whether or not an account uses the address; the email links to /login?mode=reset&token=…. */
export function requestPasswordReset(email: string) {
  return requestJson('/api/auth/request-password-reset', z.unknown(), { method: 'POST', body: { email } });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
