import type { Selectable } from 'kysely';

export interface ProfileTable {
  user_id: string;
  display_name: string;
  /** Lower-cased display name: display names are unique case-insensitively. */
  display_name_key: string;
  /** JSON array of key strings (admin, staff, moderator, partner are meaningful). */
  keys: string;
  created: string;
}

export type ProfileRow = Selectable<ProfileTable>;

export interface IdentityTables {
  profiles: ProfileTable;
}
