import type { Generated, Selectable } from 'kysely';

/** The admin log (docs/product.md §3.10), one per environment's store; entries are only ever appended. */
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

/**
 * The game's configuration documents (docs/product.md §3.16's config/container-spin, config/partners, …): one
 * JSON document per id, each read and validated by the domain that owns it.
 */
export interface ConfigDocumentTable {
  config_id: string;
  data: string;
  updated_at: string;
}

export type AdminLogRow = Selectable<AdminLogTable>;

export interface BackofficeTables {
  admin_log: AdminLogTable;
  config_documents: ConfigDocumentTable;
}

declare module '../database' {
  interface GameDatabase extends BackofficeTables {}
}
