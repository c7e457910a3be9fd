import type { Migration } from 'kysely';
import * as gameData from './2026-12-09-game-data';

/** The game data's game-store migrations; never edit one that has shipped, add a new one. */
export const gameDataMigrations: Record<string, Migration> = {
  '2026-12-09-game-data': gameData,
};
