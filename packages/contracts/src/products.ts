import { z } from 'zod/mini';
import { adminListPageSchema, adminListQuerySchema } from './admin-list';
import { environmentSchema } from './environments';

/**
 * Products (docs/product.md §3.1: digital doubles and merch, each with varieties), their admin screens'
 * messages (docs/product.md §5.2, §5.3, §8.4, word for word) and the rules the create and edit screens and the
 * server share: the server validates with these schemas, the screens check first for speed.
 */
export const PRODUCT_MESSAGES = {
  fillAllFields: 'Please fill out all fields.',
  addVariety: 'Please add at least one variety.',
  fillVarietyFields: 'Please fill out all variety fields.',
  varietyIdRequired: 'Variety ID is required for all varieties.',
  stripeIdRequired: 'Stripe Product ID is required for all varieties.',
  varietyNameRequired: 'Variety Name is required for all varieties.',
  quantityNegative: 'Quantity cannot be negative.',
  created: 'Product created!',
  updated: 'Product Updated!',
  loading: 'Loading product data...',
  empty: 'No products found.',
  photosOnEditPage: 'Photos are added on the Edit page, once the product exists.',
  // Beyond docs/product.md §5.2: its checks only say "> 0", and these inputs deserve a precise answer.
  wholeCents: 'Prices are in whole cents: use at most two decimals.',
  productIdCharacters: "Product ID may use letters, digits, '-', '_' and '.', and may not start with '.'.",
  productIdReserved: 'Product ID cannot be "new" or "list": those are the names of admin pages.',
  varietyIdCharacters: "Variety ID may use lower-case letters, digits, '-', '_' and '.'.",
  varietyIdsUnique: 'Each variety needs its own Variety ID.',
} as const;

/** A variety as a form or a request names it: what the messages below need to point at it. */
interface NamedVariety {
  varietyID: string;
  varietyName: string;
  stripeID?: string | undefined;
}

/** The place in the list of each variety without a Stripe Product ID. */
export function varietiesWithoutStripeId(varieties: readonly NamedVariety[]): number[] {
  return varieties.flatMap((variety, index) => ((variety.stripeID ?? '').trim() === '' ? [index] : []));
}

/** A variety in words: its name and ID, or its place when it has neither yet. */
export function varietyLabel(variety: NamedVariety, index: number): string {
  const name = variety.varietyName.trim();
  const id = variety.varietyID.trim();
  if (name && id) return `${name} (${id})`;
  return name || id || `Variety ${index + 1}`;
}

/**
 * The message of docs/product.md §5.3 word for word, then the varieties it is about, so the admin knows which row
 * to fill: "Stripe Product ID is required for all varieties. Missing for: Large (large)."
 */
export function stripeIdMissingMessage(varieties: readonly NamedVariety[]): string {
  const missing = varietiesWithoutStripeId(varieties).map((index) =>
    varietyLabel(varieties[index] as NamedVariety, index),
  );
  return missing.length === 0
    ? PRODUCT_MESSAGES.stripeIdRequired
    : `${PRODUCT_MESSAGES.stripeIdRequired} Missing for: ${missing.join(', ')}.`;
}

export const createProductErrorMessage = (message: string) => `Error creating product: ${message}`;
export const uploadErrorMessage = (message: string) => `Error uploading file: ${message}`;

/** 0 Inactive, 1 Active, 2 Archived; new products are Inactive (docs/product.md §4.1). */
export const PRODUCT_STATUS = { inactive: 0, active: 1, archived: 2 } as const;
export type ProductStatus = (typeof PRODUCT_STATUS)[keyof typeof PRODUCT_STATUS];
export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = { 0: 'Inactive', 1: 'Active', 2: 'Archived' };
export const productStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** The create screen's first variety (docs/product.md §2.11, §9.1). */
export const DEFAULT_VARIETY = { varietyID: 'default', varietyName: 'Default', stripeID: '', quantity: 0 } as const;
/** A variety added on the edit screen gets a generated id with this prefix (docs/product.md §5.3). */
export const EDIT_VARIETY_ID_PREFIX = 'variety-';

export const PRODUCT_ID_MAX_LENGTH = 100;
export const PRODUCT_TEXT_MAX_LENGTH = 200;
export const PRODUCT_DESCRIPTION_MAX_LENGTH = 10_000;
/** A price far above any real product: the cents fit every integer column and JavaScript number. */
export const PRODUCT_MAX_PRICE_CENTS = 100_000_000;
export const VARIETY_MAX_QUANTITY = 10_000_000;
export const PRODUCT_MAX_VARIETIES = 100;
/** Images a product may have, and new ones one save may upload. */
export const PRODUCT_MAX_IMAGES = 24;
export const PRODUCT_MAX_NEW_IMAGES = 12;

/**
 * Product ids sit in URLs and storage keys (`product-images/{productID}/…`), so they are made of
 * characters safe in both; `new` and `list` would be shadowed by the admin pages of those names.
 */
const PRODUCT_ID_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const RESERVED_PRODUCT_IDS = new Set(['new', 'list']);
const VARIETY_ID_PATTERN = /^[a-z0-9_-][a-z0-9._-]*$/;

/**
 * Dollars as typed ("19.99", "$5", "0.3") to integer cents, from the text rather than through a
 * float, so no input drifts (19.99 → 1999, 0.29 → 29). Null for anything that is not an amount of
 * whole cents; the caller says which message fits.
 */
export function dollarsToCents(text: string): number | null {
  const match = /^\s*\$?\s*(\d{1,9})?(?:\.(\d{0,2}))?\s*$/.exec(text);
  if (!match || (match[1] === undefined && !match[2])) return null;
  return Number(match[1] ?? '0') * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** True when the text is a number of dollars with more than two decimals ("1.999"). */
export function hasFractionalCents(text: string): boolean {
  return /^\s*\$?\s*\d*\.\d{3,}\s*$/.test(text);
}

/** Shown in dollars as price / 100, always with its cents ("19.90") (docs/product.md §9.1). */
export function centsToDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, { error: message }), z.maxLength(max, { error: `At most ${max} characters.` }));

const priceSchema = z
  .int({ error: PRODUCT_MESSAGES.fillAllFields })
  .check(
    z.positive({ error: PRODUCT_MESSAGES.fillAllFields }),
    z.maximum(PRODUCT_MAX_PRICE_CENTS, { error: 'The price is too large.' }),
  );

const isoDateTime = z.string().check(z.iso.datetime({ offset: true, error: 'Release Date must be a date and time.' }));

const quantitySchema = (negative: string) =>
  z
    .int({ error: PRODUCT_MESSAGES.fillVarietyFields })
    .check(
      z.nonnegative({ error: negative }),
      z.maximum(VARIETY_MAX_QUANTITY, { error: `Quantity can be at most ${VARIETY_MAX_QUANTITY}.` }),
    );

const varietyIdSchema = (message: string) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, { error: message }),
      z.maxLength(PRODUCT_ID_MAX_LENGTH, { error: `At most ${PRODUCT_ID_MAX_LENGTH} characters.` }),
      z.regex(VARIETY_ID_PATTERN, { error: PRODUCT_MESSAGES.varietyIdCharacters }),
    );

function uniqueVarietyIds(varieties: readonly { varietyID: string }[]): boolean {
  return new Set(varieties.map((variety) => variety.varietyID)).size === varieties.length;
}

const varietyList = <Variety extends z.ZodMiniType<{ varietyID: string }>>(variety: Variety) =>
  z.array(variety, { error: PRODUCT_MESSAGES.addVariety }).check(
    z.minLength(1, { error: PRODUCT_MESSAGES.addVariety }),
    z.maxLength(PRODUCT_MAX_VARIETIES, { error: `At most ${PRODUCT_MAX_VARIETIES} varieties.` }),
    z.refine((list) => uniqueVarietyIds(list as { varietyID: string }[]), {
      error: PRODUCT_MESSAGES.varietyIdsUnique,
    }),
  );

/** A variety on the create screen (docs/product.md §5.2): ID, name and a quantity ≥ 0; the Stripe id may wait. */
export const newVarietyInputSchema = z.object({
  varietyID: varietyIdSchema(PRODUCT_MESSAGES.fillVarietyFields),
  varietyName: requiredText(PRODUCT_MESSAGES.fillVarietyFields, PRODUCT_TEXT_MAX_LENGTH),
  stripeID: z._default(z.string().check(z.trim(), z.maxLength(PRODUCT_TEXT_MAX_LENGTH)), ''),
  quantity: quantitySchema(PRODUCT_MESSAGES.fillVarietyFields),
});

/** POST /api/admin/:env/products: docs/product.md §5.2's create rules. The product starts Inactive. */
export const createProductInputSchema = z.object({
  productID: z.string({ error: PRODUCT_MESSAGES.fillAllFields }).check(
    z.trim(),
    z.minLength(1, { error: PRODUCT_MESSAGES.fillAllFields }),
    z.maxLength(PRODUCT_ID_MAX_LENGTH, { error: `Product ID can be at most ${PRODUCT_ID_MAX_LENGTH} characters.` }),
    z.regex(PRODUCT_ID_PATTERN, { error: PRODUCT_MESSAGES.productIdCharacters }),
    z.refine((id) => !RESERVED_PRODUCT_IDS.has(id.toLowerCase()), { error: PRODUCT_MESSAGES.productIdReserved }),
  ),
  name: requiredText(PRODUCT_MESSAGES.fillAllFields, PRODUCT_TEXT_MAX_LENGTH),
  description: requiredText(PRODUCT_MESSAGES.fillAllFields, PRODUCT_DESCRIPTION_MAX_LENGTH),
  /** Integer US cents (the screen converts the dollars typed). */
  price: priceSchema,
  isDigitalDouble: z.boolean(),
  releaseDate: z.nullable(isoDateTime),
  varieties: varietyList(newVarietyInputSchema),
});
export type CreateProductInput = z.input<typeof createProductInputSchema>;

/** A variety on the edit screen (docs/product.md §5.3): every field required; the server applies the lifetime rule. */
export const editVarietyInputSchema = z.object({
  varietyID: varietyIdSchema(PRODUCT_MESSAGES.varietyIdRequired),
  stripeID: requiredText(PRODUCT_MESSAGES.stripeIdRequired, PRODUCT_TEXT_MAX_LENGTH),
  varietyName: requiredText(PRODUCT_MESSAGES.varietyNameRequired, PRODUCT_TEXT_MAX_LENGTH),
  quantity: quantitySchema(PRODUCT_MESSAGES.quantityNegative),
});

/**
 * PUT /api/admin/:env/products/:productID, the whole product as the edit screen saves it. `images`
 * lists the existing images to keep, in their new order (by key); new uploads travel beside it in
 * the same multipart request and are appended after them. `version` is the one the screen loaded:
 * a save over someone else's newer save is refused.
 */
export const updateProductInputSchema = z.object({
  name: requiredText(PRODUCT_MESSAGES.fillAllFields, PRODUCT_TEXT_MAX_LENGTH),
  description: requiredText(PRODUCT_MESSAGES.fillAllFields, PRODUCT_DESCRIPTION_MAX_LENGTH),
  price: priceSchema,
  isDigitalDouble: z.boolean(),
  releaseDate: z.nullable(isoDateTime),
  status: productStatusSchema,
  varieties: varietyList(editVarietyInputSchema),
  images: z
    .array(z.object({ key: z.string().check(z.minLength(1), z.maxLength(1024)) }))
    .check(z.maxLength(PRODUCT_MAX_IMAGES, { error: `A product can have at most ${PRODUCT_MAX_IMAGES} images.` })),
  version: z.int().check(z.positive()),
});
export type UpdateProductInput = z.input<typeof updateProductInputSchema>;

export const varietySchema = z.object({
  varietyID: z.string(),
  varietyName: z.string(),
  /** The payment provider's product id (docs/product.md §3.1: stripeID); empty until set on the edit screen. */
  stripeID: z.string(),
  quantity: z.int(),
  /** The quantity the last save set: the baseline the lifetime rule compares a raise against. */
  originalQuantity: z.int(),
  /** Every unit ever made available: the first quantity plus each raise (docs/product.md §5.4's rule). */
  lifetimeQuantity: z.int(),
});
export type Variety = z.infer<typeof varietySchema>;

export const productImageSchema = z.object({
  index: z.int(),
  /** The image, upright and without metadata, at most 2048 px on its longest side. */
  url: z.string(),
  /** A 320 px wide WebP of it. */
  thumbnailUrl: z.string(),
  /** The stored file's key: how a save names the images it keeps. */
  key: z.string(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

export const productSchema = z.object({
  productID: z.string(),
  name: z.string(),
  description: z.string(),
  /** Integer US cents. */
  price: z.int(),
  isDigitalDouble: z.boolean(),
  /** The varieties' ids, in their order. */
  availableVarieties: z.array(z.string()),
  varieties: z.array(varietySchema),
  releaseDate: z.nullable(z.string()),
  /** The sum of the varieties' quantities when the product was created (docs/product.md §3.1). */
  totalQuantity: z.int(),
  status: productStatusSchema,
  images: z.array(productImageSchema),
  /** Goes up by one with every save. */
  version: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/** A row of the product list: what a card and the table view show. */
export const productSummarySchema = z.object({
  productID: z.string(),
  name: z.string(),
  isDigitalDouble: z.boolean(),
  varietyCount: z.int(),
  price: z.int(),
  status: productStatusSchema,
  thumbnailUrl: z.nullable(z.string()),
  updatedAt: z.string(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

/** The `:productID` of a product's admin routes. */
export const productParamsSchema = z.object({
  env: environmentSchema,
  productID: z.string().check(z.minLength(1), z.maxLength(PRODUCT_ID_MAX_LENGTH)),
});

/** GET /api/admin/:env/products: recently changed first; search by name or ID, filter by status and kind. */
export const productListQuerySchema = adminListQuerySchema(
  ['updatedAt', 'name', 'productID', 'price', 'status'] as const,
  {
    search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    status: z.optional(
      z.pipe(
        z.enum(['0', '1', '2'], { error: 'status must be 0, 1 or 2.' }),
        z.transform((value) => Number(value) as ProductStatus),
      ),
    ),
    digitalDouble: z.optional(z.enum(['yes', 'no'], { error: 'digitalDouble must be yes or no.' })),
  },
);
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productListPageSchema = adminListPageSchema(productSummarySchema);
