/*
 * The way into attestation for the rest of the app. Safe to import from the entry chunk: the
 * token manager, its captcha solver (altcha-lib) and the attestation schemas load on the first
 * call, so a page that never needs a token never downloads them.
 */

/** A valid attestation token, from the held one or a new exchange; rejects with an AttestationError. */
export async function getAttestationToken(): Promise<string> {
  const { attestationTokenManager } = await import('./default-manager');
  return attestationTokenManager.getToken();
}

/** The token in the header the server reads (`X-Firebase-AppCheck`), ready to spread into a request's headers. */
export async function getAttestationHeaders(): Promise<Record<string, string>> {
  const [token, { ATTESTATION_HEADER }] = await Promise.all([
    getAttestationToken(),
    import('@outpost/contracts/attestation'),
  ]);
  return { [ATTESTATION_HEADER]: token };
}
