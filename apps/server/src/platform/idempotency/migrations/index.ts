import type { Migration } from 'kysely';
import * as keys from './2026-12-15-idempotency-keys';

/** The request keys' identity-store migrations; never edit one that has shipped, add a new one. */
export const idempotencyMigrations: Record<string, Migration> = {
  '2026-12-15-idempotency-keys': keys,
};
