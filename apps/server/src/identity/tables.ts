import type { Generated, Selectable } from 'kysely';

export interface ProfileTable {
  user_id: string;
  display_name: string;
  /** Lower-cased display name: display names are unique case-insensitively. */
  display_name_key: string;
  /** JSON array of key strings (admin, staff, moderator, partner are meaningful). */
  keys: Generated<string>;
  created: string;
}

export type ProfileRow = Selectable<ProfileTable>;

/** The account table the auth library writes; we read it for look-ups by email. */
export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  email_verified: number | boolean;
  image: string | null;
  created_at: string | Date;
  updated_at: string | Date;
}

/** The auth library's sessions; read by us only in tests and operations. */
export interface AuthSessionTable {
  id: string;
  token: string;
  user_id: string;
  /** A real timestamp on PostgreSQL, ISO text on SQLite. */
  expires_at: string | Date;
  created_at: string | Date;
  updated_at: string | Date;
  ip_address: string | null;
  user_agent: string | null;
}

/** The auth library's sign-in methods of an account (its password hash); a deletion removes them. */
export interface AuthAccountTable {
  id: string;
  user_id: string;
  /** 'credential' for an email and password account. */
  provider_id: string;
  /** The password's scrypt hash, for 'credential' accounts. */
  password: string | null;
}

/** The auth library's one-time values: a password-reset token names its account in `value`. */
export interface AuthVerificationTable {
  id: string;
  identifier: string;
  value: string;
}

/** Why a session ended, by a hash of its token (identity/ended-sessions.ts). */
export interface EndedSessionTable {
  /** SHA-256 of the session's token, base64url: the token itself is never kept once it is dead. */
  token_hash: string;
  user_id: string;
  /** A SessionEndCause of the contracts that the account's standing cannot tell: signed-out, password-changed, suspended. */
  cause: string;
  /** The session's own expiry (ISO 8601): the row is not used, and is pruned, after it. */
  expires_at: string;
}

/** The number of accounts, in one row (id 1), kept by triggers on auth_users; bigint, so read it with Number(). */
export interface AccountCountTable {
  id: number;
  total: number | string;
}

/** The accounts made in each hour (UTC, `YYYY-MM-DDTHH`) that still exist, kept by triggers on auth_users; bigint. */
export interface SignUpHourTable {
  hour: string;
  accounts: number | string;
}

export interface IdentityTables {
  profiles: ProfileTable;
  auth_users: AuthUserTable;
  auth_sessions: AuthSessionTable;
  auth_accounts: AuthAccountTable;
  auth_verifications: AuthVerificationTable;
  account_count: AccountCountTable;
  sign_up_hours: SignUpHourTable;
  ended_sessions: EndedSessionTable;
}

declare module '../database' {
  interface IdentityDatabase extends IdentityTables {}
}
