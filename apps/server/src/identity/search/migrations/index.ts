import type { Migration } from 'kysely';
import * as userSearch from './2026-12-01-user-search';
import * as userSearchWords from './2026-12-03-user-search-words';

/** The user search's identity-store migrations; never edit one that has shipped, add a new one. */
export const userSearchMigrations: Record<string, Migration> = {
  '2026-12-01-user-search': userSearch,
  '2026-12-03-user-search-words': userSearchWords,
};
