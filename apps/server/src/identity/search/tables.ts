/**
 * The user search's document per account (identity store), kept by triggers on `auth_users`
 * and `profiles`, so every sign-up, display-name change or address change is searchable at once,
 * whichever code makes it. Both texts are lower-cased; the full-text and trigram indexes over
 * them are dialect-specific (see the migration).
 */
export interface UserSearchTable {
  user_id: string;
  /** The profile's lower-cased display name; null until the player picks one. */
  name: string | null;
  email: string;
}

export interface UserSearchTables {
  user_search: UserSearchTable;
}

declare module '../../database' {
  interface IdentityDatabase extends UserSearchTables {}
}
