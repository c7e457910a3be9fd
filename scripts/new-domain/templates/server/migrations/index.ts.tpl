import type { Migration } from 'kysely';
import * as entries from './__date__-__kebab__';

/** __Words__' game-store migrations; never edit one that has shipped, add a new one. */
export const __camel__Migrations: Record<string, Migration> = {
  '__date__-__kebab__': entries,
};
