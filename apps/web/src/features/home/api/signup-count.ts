import { SITE_CALLABLES, signupCountSchema } from '@outpost/contracts/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callFunction } from '../../../lib/callable';

export const signupCountQueryKey = ['site', 'signup-count'] as const;

export const signupCountQueryOptions = queryOptions({
  queryKey: signupCountQueryKey,
  queryFn: () => callFunction(SITE_CALLABLES.signupCount, null, signupCountSchema),
});

export function useSignupCount() {
  return useQuery(signupCountQueryOptions);
}
