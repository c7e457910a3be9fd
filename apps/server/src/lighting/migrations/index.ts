import type { Migration } from 'kysely';
import * as lightingPresets from './2026-12-02-lighting-presets';

/** The lighting presets' game-store migrations; never edit one that has shipped, add a new one. */
export const lightingMigrations: Record<string, Migration> = {
  '2026-12-02-lighting-presets': lightingPresets,
};
