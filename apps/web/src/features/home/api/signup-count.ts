import { SITE_CALLABLES, type SignupCount, signupCountSchema } from '@outpost/contracts/site';
import { queryOptions } from '@tanstack/react-query';
import { callFunction } from '../../../lib/callable';
import type { Watch } from '../../../lib/live-value';
import { watchQuery } from '../../../lib/query-client';

export const signupCountQueryKey = ['site', 'signup-count'] as const;

export const signupCountQueryOptions = queryOptions({
  queryKey: signupCountQueryKey,
  queryFn: () => callFunction(SITE_CALLABLES.signupCount, null, signupCountSchema),
});

/** The landing page follows the count once it is interactive (it is not part of the first visit's code). */
export const watchSignupCount: Watch<SignupCount> = (listener) => watchQuery(signupCountQueryOptions, listener);
