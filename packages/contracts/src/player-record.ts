import { z } from 'zod/mini';
import { userParamsSchema } from './account-lifecycle';
import { ledgerEntrySchema } from './economy';
import { environmentSchema } from './environments';
import { personSchema } from './people';

/*
 * The back office's player page for support (docs/decisions/0130-the-player-page.md): what every domain keeps
 * about one player in one environment, as sections each domain fills in its own folder, and the changes support
 * makes from there (credits and items given or taken back, with a reason the player reads).
 */

/**
 * The sections of the page, in the order it shows them; a domain names the ones it fills. The admin actions on
 * the player are the admin log's own list, filtered by the player (GET /api/admin/:env/admin-log?record=).
 */
export const PLAYER_RECORD_SECTIONS = [
  'sessions',
  'devices',
  'game',
  'credits',
  'inventory',
  'purchases',
  'orders',
  'spins',
  'redemptions',
  'reportsFiled',
  'reportsAbout',
] as const;
export type PlayerRecordSectionKey = (typeof PLAYER_RECORD_SECTIONS)[number];

/** One cell: words, an instant, money, credits (signed: a change, shown with its sign), a person, or a link to a record's page. */
export const playerRecordValueSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({ kind: z.literal('instant'), at: z.string() }),
  z.object({ kind: z.literal('money'), cents: z.int(), currency: z.string() }),
  z.object({ kind: z.literal('credits'), credits: z.int(), signed: z.boolean() }),
  z.object({ kind: z.literal('person'), person: personSchema }),
  z.object({ kind: z.literal('link'), text: z.string(), path: z.string() }),
]);
export type PlayerRecordValue = z.infer<typeof playerRecordValueSchema>;

export const playerRecordColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** The column a phone shows as the row's card title (the first when none is). */
  primary: z.optional(z.boolean()),
});
export type PlayerRecordColumn = z.infer<typeof playerRecordColumnSchema>;

/** A row: its cells by column key (null: nothing to show). */
export const playerRecordRowSchema = z.object({
  id: z.string(),
  cells: z.record(z.string(), z.nullable(playerRecordValueSchema)),
});
export type PlayerRecordRow = z.infer<typeof playerRecordRowSchema>;

/** Facts of a section, as a label and a value ("Level 12"). */
export const playerRecordFactSchema = z.object({ label: z.string(), value: z.nullable(playerRecordValueSchema) });
export type PlayerRecordFact = z.infer<typeof playerRecordFactSchema>;

export const playerRecordSectionSchema = z.object({
  key: z.enum(PLAYER_RECORD_SECTIONS),
  title: z.string(),
  facts: z.array(playerRecordFactSchema),
  columns: z.array(playerRecordColumnSchema),
  /** The newest PLAYER_RECORD_ROWS, newest first. */
  rows: z.array(playerRecordRowSchema),
  /** How many there are in all (more than rows.length: the rest are on `more`'s page). */
  total: z.int(),
  /** Where all of them are, when the section shows only the newest. */
  more: z.nullable(z.object({ text: z.string(), path: z.string() })),
  /** What the section says when there is nothing: "No merch orders." */
  empty: z.string(),
});
export type PlayerRecordSection = z.infer<typeof playerRecordSectionSchema>;

/** How many rows a section shows at most, newest first. */
export const PLAYER_RECORD_ROWS = 50;

/** GET /api/admin/:env/users/:userID/record */
export const playerRecordSchema = z.object({
  environment: environmentSchema,
  sections: z.array(playerRecordSectionSchema),
});
export type PlayerRecord = z.infer<typeof playerRecordSchema>;

export const PLAYER_SUPPORT_LIMITS = {
  credits: 1_000_000,
  reasonMin: 3,
  reasonMax: 200,
  items: 20,
  /** Of one item at once: the game's own claims may pile up more than support ever gives. */
  itemsTakenBack: 10_000,
} as const;

const count = (n: number) => n.toLocaleString('en-US');

export const PLAYER_SUPPORT_MESSAGES = {
  amount: `Enter a whole number of credits from 1 to ${PLAYER_SUPPORT_LIMITS.credits.toLocaleString('en-US')}.`,
  reason: `Say why in ${PLAYER_SUPPORT_LIMITS.reasonMin} to ${PLAYER_SUPPORT_LIMITS.reasonMax} characters.`,
  items: `Pick from 1 to ${PLAYER_SUPPORT_LIMITS.items} items.`,
  tooMuch: (held: number, asked: number) =>
    `The player holds ${held.toLocaleString('en-US')} credits, so ${asked.toLocaleString('en-US')} cannot be taken back. Take back at most ${held.toLocaleString('en-US')}.`,
  noItem: (itemID: string) => `No item has the id "${itemID}" in this environment.`,
  takeBackItem: 'Pick an item the player holds.',
  takeBackQuantity: `Enter a whole number of items from 1 to ${count(PLAYER_SUPPORT_LIMITS.itemsTakenBack)}.`,
  tooManyItems: (held: number, asked: number, item: string) =>
    held === 0
      ? `The player holds no “${item}”, so none can be taken back.`
      : `The player holds ${count(held)} of “${item}”, so ${count(asked)} cannot be taken back. Take back at most ${count(held)}.`,
  sessionsEnded: 'Every session of the player ended; they sign in again on each device.',
  ownAccount: 'You cannot delete your own account here; use your account page.',
  staffDeletedByAdmins: 'Only admins delete staff and admin accounts.',
  accountDeleted:
    'The account was deleted: the player is signed out everywhere and their data is erased or anonymised.',
} as const;

const reasonSchema = z
  .string({ error: PLAYER_SUPPORT_MESSAGES.reason })
  .check(
    z.trim(),
    z.minLength(PLAYER_SUPPORT_LIMITS.reasonMin, { error: PLAYER_SUPPORT_MESSAGES.reason }),
    z.maxLength(PLAYER_SUPPORT_LIMITS.reasonMax, { error: PLAYER_SUPPORT_MESSAGES.reason }),
  );

/** POST /api/admin/:env/users/:userID/credits: give (`grant`) or take back (`takeBack`) credits, with a reason. */
export const creditAdjustmentInputSchema = z.object({
  direction: z.enum(['grant', 'takeBack']),
  amount: z
    .int({ error: PLAYER_SUPPORT_MESSAGES.amount })
    .check(
      z.minimum(1, { error: PLAYER_SUPPORT_MESSAGES.amount }),
      z.maximum(PLAYER_SUPPORT_LIMITS.credits, { error: PLAYER_SUPPORT_MESSAGES.amount }),
    ),
  reason: reasonSchema,
});
export type CreditAdjustmentInput = z.input<typeof creditAdjustmentInputSchema>;

export const creditAdjustmentResultSchema = z.object({
  entry: ledgerEntrySchema,
  balanceBefore: z.int(),
  balance: z.int(),
});
export type CreditAdjustmentResult = z.infer<typeof creditAdjustmentResultSchema>;

/** POST /api/admin/:env/users/:userID/items: put items into the player's inventory, with a reason. */
export const itemGrantInputSchema = z.object({
  itemIDs: z
    .array(z.string().check(z.trim(), z.minLength(1)))
    .check(
      z.minLength(1, { error: PLAYER_SUPPORT_MESSAGES.items }),
      z.maxLength(PLAYER_SUPPORT_LIMITS.items, { error: PLAYER_SUPPORT_MESSAGES.items }),
    ),
  reason: reasonSchema,
});
export type ItemGrantInput = z.input<typeof itemGrantInputSchema>;

export const itemGrantResultSchema = z.object({ granted: z.int() });

/**
 * POST /api/admin/:env/users/:userID/items/take-back: take some of one item out of the player's inventory, with a
 * reason the player reads in their item history. The inventory keeps the grant and gains a row of its own.
 */
export const itemTakeBackInputSchema = z.object({
  itemID: z
    .string({ error: PLAYER_SUPPORT_MESSAGES.takeBackItem })
    .check(z.trim(), z.minLength(1, { error: PLAYER_SUPPORT_MESSAGES.takeBackItem })),
  quantity: z
    .int({ error: PLAYER_SUPPORT_MESSAGES.takeBackQuantity })
    .check(
      z.minimum(1, { error: PLAYER_SUPPORT_MESSAGES.takeBackQuantity }),
      z.maximum(PLAYER_SUPPORT_LIMITS.itemsTakenBack, { error: PLAYER_SUPPORT_MESSAGES.takeBackQuantity }),
    ),
  reason: reasonSchema,
});
export type ItemTakeBackInput = z.input<typeof itemTakeBackInputSchema>;

/** What the player held of the item before and holds after. */
export const itemTakeBackResultSchema = z.object({
  itemID: z.string(),
  name: z.string(),
  heldBefore: z.int(),
  held: z.int(),
});
export type ItemTakeBackResult = z.infer<typeof itemTakeBackResultSchema>;

/** One item the player holds now: what was granted less what was taken back, more than none. */
export const playerHoldingSchema = z.object({ itemID: z.string(), name: z.string(), held: z.int() });
export type PlayerHolding = z.infer<typeof playerHoldingSchema>;

/** GET /api/admin/:env/users/:userID/items: what the player holds, by name (the take-back tool's choices). */
export const playerHoldingsSchema = z.object({ holdings: z.array(playerHoldingSchema) });
export type PlayerHoldings = z.infer<typeof playerHoldingsSchema>;

export const playerRecordParamsSchema = userParamsSchema;

/** POST /api/admin/:env/users/:userID/sessions/end */
export const sessionsEndedSchema = z.object({ message: z.string() });

/** The admin log's actions of the player page's changes. */
export const PLAYER_SUPPORT_LOG_ACTIONS = {
  creditsGrant: 'credits.grant',
  creditsTakeBack: 'credits.takeBack',
  itemsGrant: 'items.grant',
  itemsTakeBack: 'items.takeBack',
  sessionsEnd: 'user.sessionsEnd',
} as const;
