import { SITE_CALLABLES, signupResultSchema } from '@outpost/contracts/site';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '../../../lib/callable';
import { signupCountQueryKey } from './signup-count';

export function signupForEmails(email: string) {
  return callFunction(SITE_CALLABLES.signupForEmails, email, signupResultSchema);
}

export function useSignupForEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signupForEmails,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signupCountQueryKey }),
  });
}
