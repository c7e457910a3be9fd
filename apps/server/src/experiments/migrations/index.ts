import type { Migration } from 'kysely';
import * as experiments from './2026-12-24-experiments';

/** Experiments' game-store migrations; never edit one that has shipped, add a new one. */
export const experimentsMigrations: Record<string, Migration> = {
  '2026-12-24-experiments': experiments,
};
