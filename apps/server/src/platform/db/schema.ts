import type { IdentityTables } from '../../identity/tables';
import type { OpsTables } from '../../ops/tables';
import type { SiteTables } from '../../site/tables';

/** The identity store: accounts and profiles, shared by every environment. */
export type IdentityDatabase = IdentityTables;

/** One game-data store per environment (development, beta, production). */
export type GameDatabase = SiteTables & OpsTables;
