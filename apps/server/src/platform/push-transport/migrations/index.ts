import type { Migration } from 'kysely';
import * as pushOutbox from './2026-12-10-push-outbox';

/** The push outbox's identity-store migrations; never edit one that has shipped, add a new one. */
export const pushOutboxMigrations: Record<string, Migration> = {
  '2026-12-10-push-outbox': pushOutbox,
};
