import { z } from 'zod/mini';
import { environmentSchema } from './environments';

/**
 * The role table (docs/product.md §6.2, docs/architecture.md §4): which profile keys grant which capability. The
 * server enforces it and the web app derives what it shows from it.
 */
export const PROFILE_KEYS = ['admin', 'staff', 'moderator', 'partner'] as const;
export type ProfileKey = (typeof PROFILE_KEYS)[number];

export const CAPABILITIES = {
  /** The ADMIN PANEL link in the navigation bar. */
  adminPanelLink: ['admin', 'staff'],
  /** Content of the /admin area. */
  adminArea: ['admin', 'moderator', 'staff'],
  /** Data-layer admin view: unavailable machines and credit packs are visible. */
  dataLayerAdmin: ['admin', 'staff'],
  /** Create and edit products; moderators see them only. */
  manageProducts: ['admin', 'staff'],
  /** Run the shop: credit packs, machines and drops, redemption codes, items and purchasables. */
  manageShop: ['admin', 'staff'],
  /** The story theater: episodes, theater videos and collections (the original had no check here). */
  manageTheater: ['admin', 'staff'],
  /** Moderation: reports, feedback review, user search (moderators moderate, and so do staff and admins). */
  moderate: ['admin', 'moderator', 'staff'],
  /** The beta programme's content: beta requests, testing objectives, beta-config. */
  manageBeta: ['admin', 'staff'],
  /** Only admins distribute rewards, run the partner programme and change players' keys. */
  distributeRewards: ['admin'],
  managePartners: ['admin'],
  manageKeys: ['admin'],
  /** Suspend a player and lift it: staff and admins; moderators see suspensions only. */
  suspendPlayers: ['admin', 'staff'],
  /** The background jobs' history: what ran, what failed and why. */
  viewJobs: ['admin', 'staff'],
  /** The live stats (/admin/live): the game's figures as its servers report them. */
  viewLiveStats: ['admin', 'staff'],
  /** The game servers' service keys: made, named and revoked by admins only (they let a server write game data). */
  manageIngestKeys: ['admin'],
  /** Push notifications: composed, sent, scheduled and cancelled by admins only (they reach players' phones). */
  sendPush: ['admin'],
} as const satisfies Record<string, readonly ProfileKey[]>;

export type Capability = keyof typeof CAPABILITIES;

export function can(keys: readonly string[] | undefined, capability: Capability): boolean {
  const granted: readonly string[] = CAPABILITIES[capability];
  return (keys ?? []).some((key) => granted.includes(key));
}

/** GET /api/admin/:env/access: what the admin area may show the viewer in one environment. */
export const adminAccessSchema = z.object({
  environment: environmentSchema,
  displayName: z.nullable(z.string()),
  capabilities: z.object({
    adminPanelLink: z.boolean(),
    adminArea: z.boolean(),
    dataLayerAdmin: z.boolean(),
    manageProducts: z.boolean(),
    manageShop: z.boolean(),
    manageTheater: z.boolean(),
    moderate: z.boolean(),
    manageBeta: z.boolean(),
    distributeRewards: z.boolean(),
    managePartners: z.boolean(),
    manageKeys: z.boolean(),
    suspendPlayers: z.boolean(),
    viewJobs: z.boolean(),
    viewLiveStats: z.boolean(),
    manageIngestKeys: z.boolean(),
    sendPush: z.boolean(),
  }),
});
export type AdminAccess = z.infer<typeof adminAccessSchema>;
