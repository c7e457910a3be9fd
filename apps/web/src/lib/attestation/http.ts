import { ATTESTATION_PATHS, type AttestationExchangeRequest } from '@outpost/contracts/attestation';
import type { ExchangeResponse } from './token-manager';

/** POSTs the exchange to our own origin; a rejection means no answer arrived. */
export function exchangeOverHttp(request: AttestationExchangeRequest): Promise<ExchangeResponse> {
  return fetch(ATTESTATION_PATHS.exchange, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
}
