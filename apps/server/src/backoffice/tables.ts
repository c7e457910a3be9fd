import type { Generated, Selectable } from 'kysely';

/** The admin log (spec §3), one per environment's store; entries are only ever appended. */
export interface AdminLogTable {
  id: Generated<number>;
  action: string;
  environment: string;
  /** ISO 8601, UTC: sorts as time does. */
  timestamp: string;
  admin: string;
  /** The action's own data, as JSON text. */
  data: string;
}

export type AdminLogRow = Selectable<AdminLogTable>;

export interface BackofficeTables {
  admin_log: AdminLogTable;
}
