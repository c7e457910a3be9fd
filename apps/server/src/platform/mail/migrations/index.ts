import type { Migration } from 'kysely';
import * as mailOutbox from './2026-11-23-mail-outbox';
import * as mailOutboxAccount from './2026-12-16-mail-outbox-account';

/** The mail outbox's identity-store migrations; never edit one that has shipped, add a new one. */
export const mailMigrations: Record<string, Migration> = {
  '2026-11-23-mail-outbox': mailOutbox,
  '2026-12-16-mail-outbox-account': mailOutboxAccount,
};
