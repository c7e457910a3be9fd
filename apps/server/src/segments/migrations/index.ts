import type { Migration } from 'kysely';
import * as segments from './2026-12-23-segments';

/** Segments' game-store migrations; never edit one that has shipped, add a new one. */
export const segmentsMigrations: Record<string, Migration> = {
  '2026-12-23-segments': segments,
};
