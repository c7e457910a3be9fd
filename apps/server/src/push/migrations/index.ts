import type { Migration } from 'kysely';
import * as devices from './2026-12-10-push-devices';

/** Push devices' game-store migrations; never edit one that has shipped, add a new one. */
export const pushDeviceMigrations: Record<string, Migration> = {
  '2026-12-10-push-devices': devices,
};
