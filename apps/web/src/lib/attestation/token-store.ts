import { z } from 'zod/mini';
import { AttestationError } from './errors';

/** The part of the Web Storage API the manager needs; `window.localStorage` in the browser. */
export interface TokenStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const STORAGE_KEY = 'outpost.attestation.token';

/** A token with the times the schedule is computed from (epoch ms). */
export interface HeldToken {
  token: string;
  issuedAt: number;
  expiresAt: number;
}

const heldTokenSchema = z.object({ token: z.string(), issuedAt: z.number(), expiresAt: z.number() });

/**
 * Keeps the token in storage so a reload reuses it instead of solving a new captcha. Storage may
 * be unavailable (private mode, quota, blocked by the user): failures are reported and the token
 * lives on in memory, since losing persistence is no reason to fail a call.
 */
export function createTokenStore(storage: TokenStorage | undefined, report: (error: AttestationError) => void) {
  return {
    read(): HeldToken | undefined {
      if (!storage) return undefined;
      let raw: string | null;
      try {
        raw = storage.getItem(STORAGE_KEY);
      } catch (cause) {
        report(new AttestationError('storage', 'Could not read the stored attestation token.', { cause }));
        return undefined;
      }
      if (raw === null) return undefined;
      try {
        return z.parse(heldTokenSchema, JSON.parse(raw));
      } catch (cause) {
        report(new AttestationError('storage', 'The stored attestation token is unreadable.', { cause }));
        return undefined;
      }
    },

    write(held: HeldToken): void {
      if (!storage) return;
      try {
        storage.setItem(STORAGE_KEY, JSON.stringify(held));
      } catch (cause) {
        report(new AttestationError('storage', 'Could not store the attestation token.', { cause }));
      }
    },
  };
}
