import type { Migration } from 'kysely';
import * as remoteConfig from './2026-12-22-remote-config';

/** Remote config's game-store migrations; never edit one that has shipped, add a new one. */
export const remoteConfigMigrations: Record<string, Migration> = {
  '2026-12-22-remote-config': remoteConfig,
};
