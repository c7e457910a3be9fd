import type { Migration } from 'kysely';
import * as changes from './2026-12-07-changes';
import * as constantKeys from './2026-12-09-constant-keys';
import * as constantKeyOnce from './2026-12-11-constant-key-once';

/** The change feed's migrations, run in every store; never edit one that has shipped, add a new one. */
export const changeMigrations: Record<string, Migration> = {
  '2026-12-07-changes': changes,
  '2026-12-09-constant-keys': constantKeys,
  '2026-12-11-constant-key-once': constantKeyOnce,
};
