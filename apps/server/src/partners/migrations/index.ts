import type { Migration } from 'kysely';
import * as partners from './2026-12-02-partners';

/** The partner programme's game-store migrations; never edit one that has shipped, add a new one. */
export const partnerMigrations: Record<string, Migration> = {
  '2026-12-02-partners': partners,
};
