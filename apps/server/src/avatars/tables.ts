/**
 * Avatars players claim (docs/product.md §3.16 create-avatar-experience) in each environment's store. Its
 * claimedBy is the rows of `avatar_claims`, one per (avatar, player).
 */
export interface AvatarTable {
  avatar_id: string;
  name: string;
  description: string;
  /** ISO 8601. */
  created: string;
  /** The avatar's claim rows, moved in the transaction that inserts one. */
  claimed_count: number;
}

export interface AvatarClaimTable {
  avatar_id: string;
  user_id: string;
  /** ISO 8601. */
  claimed_at: string;
}

export interface AvatarTables {
  avatars: AvatarTable;
  avatar_claims: AvatarClaimTable;
}

declare module '../database' {
  interface GameDatabase extends AvatarTables {}
}
