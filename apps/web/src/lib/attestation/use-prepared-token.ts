import { useEffect } from 'react';
import { getAttestationToken } from './get-token';

/**
 * Gets the attestation token ready while a screen with a spending button is shown (`enabled`: the
 * player is signed in), so the click does not wait for the captcha to be solved. A failure is left
 * to the call itself, which asks again and lets the server decide.
 */
export function usePreparedAttestationToken(enabled: boolean): void {
  useEffect(() => {
    if (enabled) getAttestationToken().catch(() => undefined);
  }, [enabled]);
}
