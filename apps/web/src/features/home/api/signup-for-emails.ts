import { SITE_CALLABLES, signupResultSchema } from '@outpost/contracts/site';
import { callFunction } from '../../../lib/callable';
import { queryClient } from '../../../lib/query-client';
import { signupCountQueryKey } from './signup-count';

/** Puts the address on the launch list, then refreshes the count the page shows. */
export async function signupForEmails(email: string) {
  const result = await callFunction(SITE_CALLABLES.signupForEmails, email, signupResultSchema);
  void queryClient.invalidateQueries({ queryKey: signupCountQueryKey });
  return result;
}
