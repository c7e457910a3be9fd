import type { Migration } from 'kysely';
import * as pushMessages from './2026-12-10-push-messages';

/** The notifications' game-store migrations; never edit one that has shipped, add a new one. */
export const notificationMigrations: Record<string, Migration> = {
  '2026-12-10-push-messages': pushMessages,
};
