import { z } from 'zod/mini';
import { adminListPageSchema, adminListQuerySchema } from './admin-list';
import { environmentSchema } from './environments';

/**
 * items-master and purchasables (docs/product.md §3.16, §7.9, §8.5, §9.1), per environment. items-master is the
 * catalogue of the game's items {itemID, name}: every purchasable, machine prize and code reward
 * names an itemID of it. Purchasables are what the game sells for credits in game; admins write
 * them by merge (docs/product.md §7.9): only the fields given change, and a new one is created whole.
 */

/** The purchasables refresh reads at most this many documents (docs/product.md §9.1). */
export const PURCHASABLES_REFRESH_LIMIT = 5000;
/** Purchasables one merge request may write. */
export const PURCHASABLES_MERGE_MAX = 500;
export const ITEM_ID_MAX_LENGTH = 64;
export const ITEM_NAME_MAX_LENGTH = 120;
/** Far above any real price; keeps every figure an exact integer everywhere. */
export const PURCHASABLE_MAX_COST_CREDITS = 100_000_000;

export const ITEM_MESSAGES = {
  itemIdRequired: 'Item ID is required.',
  itemIdCharacters: `Item ID may use letters, digits, '-' and '_' (at most ${ITEM_ID_MAX_LENGTH} characters).`,
  purchasableIdRequired: 'Purchasable ID is required.',
  purchasableIdCharacters: `Purchasable ID may use letters, digits, '-' and '_' (at most ${ITEM_ID_MAX_LENGTH} characters).`,
  reservedId: 'An ID cannot be "new" or "list": those are the names of admin pages.',
  nameRequired: 'Name is required.',
  nameTooLong: `Names can be at most ${ITEM_NAME_MAX_LENGTH} characters.`,
  itemRequired: 'Choose the item this purchasable sells.',
  costCredits: 'Cost (credits) must be a whole number, 0 or more.',
  costTooLarge: `Cost (credits) can be at most ${PURCHASABLE_MAX_COST_CREDITS}.`,
  available: 'Available must be true or false.',
  notAnObject: 'Send the purchasable’s fields as a JSON object.',
  emptyMerge: 'Give at least one field to change.',
  mergeList: `A merge writes 1 to ${PURCHASABLES_MERGE_MAX} purchasables.`,
  mergeIdsUnique: 'Each purchasable may appear once in a merge.',
  itemCreated: 'Item created!',
  itemSaved: 'Item saved!',
  purchasableCreated: 'Purchasable created!',
  purchasableSaved: 'Purchasable saved!',
  nothingChanged: 'Nothing to save: no field has changed.',
  itemsEmpty: 'No items found.',
  purchasablesEmpty: 'No purchasables found.',
} as const;

/** A merge naming a field purchasables do not have: refused, so a typo is never a silent no-op. */
export const unknownFieldMessage = (fields: readonly string[]) =>
  `A purchasable has no field ${fields.map((field) => `"${field}"`).join(', ')}: use itemID, name, costCredits and available.`;

/** The answer to a merge or a delete naming an item items-master does not have. */
export const unknownItemsMessage = (itemIDs: readonly string[], environment: string) =>
  itemIDs.length === 1
    ? `There is no item "${itemIDs[0]}" in items-master of ${environment}: add it there first.`
    : `These items are not in items-master of ${environment}: ${itemIDs.map((id) => `"${id}"`).join(', ')}. Add them there first.`;

/** What the purchasables screen says when the game's refresh does not load them all. */
export const refreshCappedMessage = (total: number, environment: string) =>
  `The game's purchasables refresh loads at most ${PURCHASABLES_REFRESH_LIMIT.toLocaleString('en-US')}; ` +
  `${environment} has ${total.toLocaleString('en-US')}, so ${(total - PURCHASABLES_REFRESH_LIMIT).toLocaleString('en-US')} ` +
  'never reach the game. Delete or merge some to bring it under the limit.';

/**
 * Item and purchasable ids sit in URLs and in the game's data; letters, digits, '-' and '_',
 * compared exactly (case included). `new` and `list` would be shadowed by the admin pages.
 */
const ID_PATTERN = /^[A-Za-z0-9_-]+$/;
const RESERVED_IDS = new Set(['new', 'list']);

const idSchema = (required: string, characters: string) =>
  z.string({ error: required }).check(
    z.trim(),
    z.minLength(1, { error: required }),
    z.maxLength(ITEM_ID_MAX_LENGTH, { error: characters }),
    z.regex(ID_PATTERN, { error: characters }),
    z.refine((id) => !RESERVED_IDS.has(id.toLowerCase()), { error: ITEM_MESSAGES.reservedId }),
  );

export const itemIdSchema = idSchema(ITEM_MESSAGES.itemIdRequired, ITEM_MESSAGES.itemIdCharacters);
export const purchasableIdSchema = idSchema(ITEM_MESSAGES.purchasableIdRequired, ITEM_MESSAGES.purchasableIdCharacters);

const nameSchema = z
  .string({ error: ITEM_MESSAGES.nameRequired })
  .check(
    z.trim(),
    z.minLength(1, { error: ITEM_MESSAGES.nameRequired }),
    z.maxLength(ITEM_NAME_MAX_LENGTH, { error: ITEM_MESSAGES.nameTooLong }),
  );

const searchSchema = z.optional(z.string().check(z.trim(), z.maxLength(100, { error: 'At most 100 characters.' })));

/* ------------------------------------------------------------------ items-master */

export const itemSchema = z.object({
  itemID: z.string(),
  name: z.string(),
  /** ISO 8601, UTC: when it was created or renamed. */
  updatedAt: z.string(),
});
export type Item = z.infer<typeof itemSchema>;

/** A row of the items list: the item and how many purchasables sell it (an item in use cannot be deleted). */
/** An item as a screen names it wherever another record stores its id: a code's rewards, a reward's items. */
export const namedItemSchema = z.object({ itemID: z.string(), name: z.string() });
export type NamedItem = z.infer<typeof namedItemSchema>;

export const itemSummarySchema = z.extend(itemSchema, { purchasableCount: z.int() });
export type ItemSummary = z.infer<typeof itemSummarySchema>;

/** POST /api/admin/:env/items. */
export const createItemInputSchema = z.object({ itemID: itemIdSchema, name: nameSchema });
export type CreateItemInput = z.input<typeof createItemInputSchema>;

/** PUT /api/admin/:env/items/:itemID: a rename; an item's id never changes. */
export const updateItemInputSchema = z.object({ name: nameSchema });
export type UpdateItemInput = z.input<typeof updateItemInputSchema>;

export const itemParamsSchema = z.object({ env: environmentSchema, itemID: itemIdSchema });

/** GET /api/admin/:env/items: recently changed first; search by name or ID. */
export const itemListQuerySchema = adminListQuerySchema(['updatedAt', 'itemID', 'name'] as const, {
  search: searchSchema,
});
export type ItemListQuery = z.infer<typeof itemListQuerySchema>;
export const itemListPageSchema = adminListPageSchema(itemSummarySchema);

/** DELETE /api/admin/:env/items/:itemID. */
export const itemDeletedSchema = z.object({ itemID: z.string() });

/* ------------------------------------------------------------------ purchasables */

export const purchasableSchema = z.object({
  purchasableID: z.string(),
  /** The item of items-master a purchase gives. */
  itemID: z.string(),
  /** That item's name in items-master. */
  itemName: z.string(),
  name: z.string(),
  costCredits: z.int(),
  /** Only available purchasables are on sale in the game. */
  available: z.boolean(),
  /** ISO 8601, UTC: the last merge that changed it. */
  updatedAt: z.string(),
});
export type Purchasable = z.infer<typeof purchasableSchema>;

const costCreditsSchema = z
  .int({ error: ITEM_MESSAGES.costCredits })
  .check(
    z.nonnegative({ error: ITEM_MESSAGES.costCredits }),
    z.maximum(PURCHASABLE_MAX_COST_CREDITS, { error: ITEM_MESSAGES.costTooLarge }),
  );

/** The item a purchasable sells; whether items-master has it is the server's check. */
const itemReferenceSchema = z
  .string({ error: ITEM_MESSAGES.itemRequired })
  .check(
    z.trim(),
    z.minLength(1, { error: ITEM_MESSAGES.itemRequired }),
    z.maxLength(ITEM_ID_MAX_LENGTH, { error: ITEM_MESSAGES.itemIdCharacters }),
  );

const mergeFields = {
  itemID: z.optional(itemReferenceSchema),
  name: z.optional(nameSchema),
  costCredits: z.optional(costCreditsSchema),
  available: z.optional(z.boolean({ error: ITEM_MESSAGES.available })),
};

/** The object error of a merge: an unknown field, or no object at all. */
const mergeObjectError = (issue: z.core.$ZodRawIssue) =>
  issue.code === 'unrecognized_keys' ? unknownFieldMessage(issue.keys) : ITEM_MESSAGES.notAnObject;

const MERGE_FIELD_NAMES = Object.keys(mergeFields) as (keyof typeof mergeFields)[];
export type PurchasableField = (typeof MERGE_FIELD_NAMES)[number];

/** True when a merge names at least one field. */
const namesAField = (merge: Partial<Record<PurchasableField, unknown>>) =>
  MERGE_FIELD_NAMES.some((field) => merge[field] !== undefined);

/**
 * PUT /api/admin/:env/purchasables/:purchasableID, docs/product.md §7.9's merge: the fields given change, the
 * others stay. A purchasable that does not exist yet is created, so it needs itemID, name and costCredits;
 * `available` defaults to false (a new purchasable is hidden until made available). A field it does not have
 * is refused rather than dropped, so a typo is not a no-op.
 */
export const mergePurchasableInputSchema = z
  .strictObject(mergeFields, { error: mergeObjectError })
  .check(z.refine(namesAField, { error: ITEM_MESSAGES.emptyMerge }));
export type MergePurchasableInput = z.input<typeof mergePurchasableInputSchema>;

/**
 * A purchasable as the create screen makes it: every field, so the merge that sends it creates it.
 * (The server's merge requires the same of a purchasable that does not exist yet.)
 */
export const newPurchasableInputSchema = z.object({
  purchasableID: purchasableIdSchema,
  itemID: itemReferenceSchema,
  name: nameSchema,
  costCredits: costCreditsSchema,
  available: z.boolean({ error: ITEM_MESSAGES.available }),
});
export type NewPurchasableInput = z.input<typeof newPurchasableInputSchema>;

/** POST /api/admin/:env/purchasables: several merges in one transaction (an import, a price change). */
export const mergePurchasablesInputSchema = z.object({
  purchasables: z
    .array(
      z
        .strictObject({ purchasableID: purchasableIdSchema, ...mergeFields }, { error: mergeObjectError })
        .check(z.refine(namesAField, { error: ITEM_MESSAGES.emptyMerge })),
      { error: ITEM_MESSAGES.mergeList },
    )
    .check(
      z.minLength(1, { error: ITEM_MESSAGES.mergeList }),
      z.maxLength(PURCHASABLES_MERGE_MAX, { error: ITEM_MESSAGES.mergeList }),
      z.refine((list) => new Set(list.map((merge) => merge.purchasableID)).size === list.length, {
        error: ITEM_MESSAGES.mergeIdsUnique,
      }),
    ),
});
export type MergePurchasablesInput = z.input<typeof mergePurchasablesInputSchema>;

/** The answer to one merge: the purchasable as stored, and whether the merge created it. */
export const mergedPurchasableSchema = z.object({ purchasable: purchasableSchema, created: z.boolean() });
export type MergedPurchasable = z.infer<typeof mergedPurchasableSchema>;

export const mergedPurchasablesSchema = z.object({
  purchasables: z.array(purchasableSchema),
  created: z.int(),
  updated: z.int(),
});

export const purchasableParamsSchema = z.object({ env: environmentSchema, purchasableID: purchasableIdSchema });

/**
 * GET /api/admin/:env/purchasables: the admin list protocol (recently changed first; search by
 * name, ID or item; filter by availability or exact item). `all=true` answers the whole list as
 * the game's refresh reads it instead of a page: the first PURCHASABLES_REFRESH_LIMIT rows in the
 * list's order, as page 1 of that size, `page` and `pageSize` being ignored.
 */
export const purchasableListQuerySchema = adminListQuerySchema(
  ['updatedAt', 'purchasableID', 'name', 'itemID', 'costCredits'] as const,
  {
    search: searchSchema,
    available: z.optional(z.enum(['yes', 'no'], { error: 'available must be yes or no.' })),
    itemID: z.optional(z.string().check(z.trim(), z.maxLength(ITEM_ID_MAX_LENGTH))),
    all: z.optional(
      z.pipe(
        z.enum(['true', 'false'], { error: 'all must be true or false.' }),
        z.transform((value) => value === 'true'),
      ),
    ),
  },
);
export type PurchasableListQuery = z.infer<typeof purchasableListQuerySchema>;

/**
 * A page of purchasables, or the whole list (`all=true`). `capped` is true when the filters match
 * more than PURCHASABLES_REFRESH_LIMIT: the whole list then stops at the limit (docs/product.md §9.1), and
 * without filters it means the game's refresh does not load every purchasable.
 */
export const purchasableListPageSchema = z.extend(adminListPageSchema(purchasableSchema), {
  capped: z.boolean(),
});
export type PurchasableListPage = z.infer<typeof purchasableListPageSchema>;

/** DELETE /api/admin/:env/purchasables/:purchasableID. */
export const purchasableDeletedSchema = z.object({ purchasableID: z.string() });
