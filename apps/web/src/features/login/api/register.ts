import type { RegisterInput } from '@outpost/contracts/identity';
import { profileSchema } from '@outpost/contracts/identity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getAttestationToken } from '../../../lib/attestation/get-token';
import { callHttpFunction } from '../../../lib/callable';
import { meQueryKey } from '../../../lib/session';

/**
 * POST /api/fn/register (docs/product.md §7.1): creates the profile of the signed-in account; the session
 * cookie says which. A product function, so it carries an attestation token (production refuses it without).
 */
export function register(input: RegisterInput) {
  return callHttpFunction({ method: 'POST', name: 'register', body: input }, profileSchema);
}

/** Starts solving the attestation captcha while the user types, so registering does not wait for it. */
export function prepareRegister(): void {
  getAttestationToken().catch(() => undefined);
}

export interface UseRegisterOptions {
  /** Runs before the session is refetched, so a message is in place when the screen changes. */
  onError?: (error: unknown, input: RegisterInput) => void;
}

/** Refetches the session either way: on success it has a profile; on failure an account without one. */
export function useRegister(options: UseRegisterOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    ...(options.onError ? { onError: options.onError } : {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
