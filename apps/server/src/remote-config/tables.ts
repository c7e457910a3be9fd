import type { Selectable } from 'kysely';

/** The draft an environment's admins edit: one row, `draft`. */
export interface RemoteConfigDraftTable {
  draft_id: string;
  /** The template (RemoteConfigTemplate) as JSON. */
  template: string;
  /** Bumped by each save; a save names the revision it started from. */
  revision: number;
  updated_at: string | null;
  updated_by: string | null;
}

/** A published version: the template players get while it is the highest. */
export interface RemoteConfigVersionTable {
  version: number;
  template: string;
  description: string;
  /** The version this one published again (a rollback), or null. */
  rollback_of: number | null;
  published_at: string;
  /** The admin's user id, or null for a publish the job made on their schedule (scheduled_by then). */
  published_by: string | null;
}

/** A publish that waits for its time: the draft as it was when scheduled. */
export interface RemoteConfigScheduleTable {
  schedule_id: string;
  template: string;
  description: string;
  publish_at: string;
  /** The admin's user id; null for the demo's. */
  scheduled_by: string | null;
  scheduled_at: string;
}

export type RemoteConfigVersionRow = Selectable<RemoteConfigVersionTable>;
export type RemoteConfigScheduleRow = Selectable<RemoteConfigScheduleTable>;

export interface RemoteConfigTables {
  remote_config_drafts: RemoteConfigDraftTable;
  remote_config_versions: RemoteConfigVersionTable;
  remote_config_schedules: RemoteConfigScheduleTable;
}

declare module '../database' {
  interface GameDatabase extends RemoteConfigTables {}
}
