import type { Migration } from 'kysely';
import * as windows from './2026-12-12-rate-limit-windows';

/** The shared rate limits' identity-store migrations; never edit one that has shipped, add a new one. */
export const rateLimitMigrations: Record<string, Migration> = {
  '2026-12-12-rate-limit-windows': windows,
};
