import type { Migration } from 'kysely';
import * as avatars from './2026-12-02-avatars';

/** The avatars' game-store migrations; never edit one that has shipped, add a new one. */
export const avatarMigrations: Record<string, Migration> = {
  '2026-12-02-avatars': avatars,
};
