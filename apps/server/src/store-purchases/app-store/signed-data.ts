import {
  type Environment,
  type JWSRenewalInfoDecodedPayload,
  type JWSTransactionDecodedPayload,
  type ResponseBodyV2DecodedPayload,
  SignedDataVerifier,
  VerificationException,
  VerificationStatus,
} from '@apple/app-store-server-library';
import { decodeJwt } from 'jose';
import type { AppStoreConfig } from '../../platform/config';
import { StoreRefusedError, StoreUnreachableError } from '../store-report';

/**
 * Apple's SignedDataVerifier (the x5c chain up to the configured roots, Apple's marker extensions,
 * the ES256 signature, the bundle id, the App Store environment and, in Production, the app's
 * Apple ID), its refusals turned into sentences a person understands.
 */
export interface AppStoreSignedData {
  transaction(signed: string, what: string): Promise<JWSTransactionDecodedPayload>;
  renewalInfo(signed: string, what: string): Promise<JWSRenewalInfoDecodedPayload>;
  notification(signedPayload: string): Promise<ResponseBodyV2DecodedPayload>;
}

export function createAppStoreSignedData(settings: AppStoreConfig, environment: Environment): AppStoreSignedData {
  const verifier = new SignedDataVerifier(
    settings.rootCertificates,
    settings.onlineChecks,
    environment,
    settings.bundleId,
    settings.appAppleId,
  );
  async function verified<T>(signed: string, what: string, verify: (signed: string) => Promise<T>): Promise<T> {
    try {
      return await verify(signed);
    } catch (error) {
      throw refusal(error, what, claimsOf(signed), settings);
    }
  }
  return {
    transaction: (signed, what) => verified(signed, what, (jws) => verifier.verifyAndDecodeTransaction(jws)),
    renewalInfo: (signed, what) => verified(signed, what, (jws) => verifier.verifyAndDecodeRenewalInfo(jws)),
    notification: (signedPayload) =>
      verified(signedPayload, 'This notification', (jws) => verifier.verifyAndDecodeNotification(jws)),
  };
}

/** What the JWS says of itself before it is verified: only to name, in a refusal, what it claims. */
interface Claims {
  bundleId?: unknown;
  environment?: unknown;
}

function claimsOf(signed: string): Claims {
  try {
    const payload = decodeJwt(signed);
    const data = payload.data;
    // A notification names its app and environment in `data`; a transaction at its top level.
    return typeof data === 'object' && data !== null ? (data as Claims) : (payload as Claims);
  } catch {
    return {};
  }
}

function refusal(error: unknown, what: string, claims: Claims, settings: AppStoreConfig): Error {
  if (!(error instanceof VerificationException)) {
    return new StoreRefusedError(`${what} is not data the App Store signed.`);
  }
  switch (error.status) {
    case VerificationStatus.INVALID_APP_IDENTIFIER: {
      const other = typeof claims.bundleId === 'string' ? ` (${claims.bundleId})` : '';
      return new StoreRefusedError(`${what} is for another app${other}, not this game (${settings.bundleId}).`);
    }
    case VerificationStatus.INVALID_ENVIRONMENT: {
      const other = typeof claims.environment === 'string' ? `the App Store's ${claims.environment}` : 'another';
      return new StoreRefusedError(
        `${what} comes from ${other} environment; this game's server takes ${settings.environment} purchases only.`,
      );
    }
    case VerificationStatus.RETRYABLE_VERIFICATION_FAILURE:
      return new StoreUnreachableError(
        `Apple's certificate status service could not be reached to check ${what.toLowerCase()}; report it again later.`,
      );
    case VerificationStatus.INVALID_CHAIN_LENGTH:
    case VerificationStatus.INVALID_CERTIFICATE:
      return new StoreRefusedError(`${what} is not signed with a valid App Store certificate chain.`);
    case VerificationStatus.VERIFICATION_FAILURE:
      return new StoreRefusedError(
        `${what} does not carry the App Store's signature: its certificates do not lead to Apple's root, or it was changed after signing.`,
      );
    // Also what the online checks say of a certificate Apple revoked.
    case VerificationStatus.FAILURE:
      return new StoreRefusedError(`${what} is not data the App Store signed, or its signing certificate was revoked.`);
    default:
      return new StoreRefusedError(`${what} is not data the App Store signed.`);
  }
}
