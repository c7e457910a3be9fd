import {
  type CreateProductInput,
  centsToDollars,
  createProductInputSchema,
  DEFAULT_VARIETY,
  dollarsToCents,
  EDIT_VARIETY_ID_PREFIX,
  hasFractionalCents,
  PRODUCT_MAX_IMAGES,
  PRODUCT_MAX_NEW_IMAGES,
  PRODUCT_MESSAGES,
  PRODUCT_STATUS,
  type Product,
  type ProductImage,
  type ProductStatus,
  stripeIdMissingMessage,
  updateProductInputSchema,
  type Variety,
} from '@outpost/contracts/products';
import type { z } from 'zod/mini';
import { type Checked, checkWith } from '../components/form-check';
import { fromLocalDateTime, toLocalDateTime } from '../components/local-time';

/*
 * The create and edit screens' forms as data, and their checks (docs/product.md §5.2, §5.3). The checks parse with
 * the contracts schemas the server parses with, so the screen's message is the one the server
 * would give and a form that passes here is not refused there for its shape. Pure: the screens
 * hold the state and call these.
 */

/** A variety as its fields hold it: text as typed. */
export interface VarietyDraft {
  /** React's key for the row: it stays while the Variety ID is edited. */
  key: string;
  varietyID: string;
  varietyName: string;
  stripeID: string;
  quantity: string;
  /** The variety as saved (edit screen): its ID is fixed and its lifetime quantity shown. */
  stored: Variety | null;
}

export const IMAGE_LIMIT_MESSAGE = `A product can have at most ${PRODUCT_MAX_IMAGES} images.`;
export const NEW_IMAGE_LIMIT_MESSAGE = `At most ${PRODUCT_MAX_NEW_IMAGES} new images can be uploaded in one save.`;

let keys = 0;
const nextKey = () => {
  keys += 1;
  return `variety-row-${keys}`;
};

/** A random ID is two concatenated random base-36 strings (docs/product.md §5.7). */
function randomId(random: () => number): string {
  const part = () => random().toString(36).slice(2, 10);
  return `${part()}${part()}`;
}

/** A variety added on the edit screen gets a generated ID prefixed 'variety-' (docs/product.md §5.3). */
export function newVarietyId(random: () => number = Math.random): string {
  return `${EDIT_VARIETY_ID_PREFIX}${randomId(random)}`;
}

/** A new row: on the edit screen with a generated ID, on the create screen blank. */
export function blankVariety(varietyID = ''): VarietyDraft {
  return { key: nextKey(), varietyID, varietyName: '', stripeID: '', quantity: '0', stored: null };
}

function storedVariety(variety: Variety): VarietyDraft {
  return {
    key: nextKey(),
    varietyID: variety.varietyID,
    varietyName: variety.varietyName,
    stripeID: variety.stripeID,
    quantity: String(variety.quantity),
    stored: variety,
  };
}

/** A quantity as typed: empty is missing (the schema's "fill out" message), anything else a number or NaN. */
function quantityValue(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

const varietyValues = (varieties: readonly VarietyDraft[]) =>
  varieties.map((variety) => ({
    varietyID: variety.varietyID,
    varietyName: variety.varietyName,
    stripeID: variety.stripeID,
    quantity: quantityValue(variety.quantity),
  }));

/**
 * Parses with the contracts schema: on a refusal, the first problem in the order of the form (the
 * order of alerts of docs/product.md §5.2 and §5.3) and every field at fault. A missing Stripe id also names the
 * varieties without one, as the server does.
 */
function parseWith<Schema extends z.ZodMiniType>(
  schema: Schema,
  raw: { varieties: readonly { varietyID: string; varietyName: string; stripeID: string }[] },
  priceText: string,
): Checked<z.output<Schema>> {
  // "> 0" is all docs/product.md §5.2 says of a price; 1.999 deserves to be told why it is refused.
  const describe = (issue: z.core.$ZodIssue) =>
    issue.path[0] === 'price' && hasFractionalCents(priceText) ? PRODUCT_MESSAGES.wholeCents : issue.message;
  const checked = checkWith(schema, raw, { describe, markFields: true });
  if (checked.ok || checked.message !== PRODUCT_MESSAGES.stripeIdRequired) return checked;
  return { ...checked, message: stripeIdMissingMessage(raw.varieties) };
}

/* Create */

export interface NewProductDraft {
  productID: string;
  name: string;
  description: string;
  /** US dollars as typed ("19.99"). */
  price: string;
  isDigitalDouble: boolean;
  /** A datetime-local input's value ("2026-12-01T18:00"), in the admin's time zone; empty for none. */
  releaseDate: string;
  varieties: VarietyDraft[];
  goToProductPage: boolean;
}

/** The first variety is 'default', 'Default', quantity 0; 'Go to Product Page' is on (docs/product.md §2.11). */
export function newProductDraft(): NewProductDraft {
  return {
    productID: '',
    name: '',
    description: '',
    price: '',
    isDigitalDouble: false,
    releaseDate: '',
    varieties: [
      { ...blankVariety(DEFAULT_VARIETY.varietyID), ...DEFAULT_VARIETY, quantity: String(DEFAULT_VARIETY.quantity) },
    ],
    goToProductPage: true,
  };
}

/** A datetime-local value (local time) as an ISO instant; a value that is no date is left for the schema to refuse. */
export const localDateTimeToIso = fromLocalDateTime;

/**
 * The create checks and alerts (docs/product.md §5.2); the price goes from dollars to integer cents
 * without a float.
 */
export function checkNewProduct(draft: NewProductDraft): Checked<CreateProductInput> {
  const raw = {
    productID: draft.productID,
    name: draft.name,
    description: draft.description,
    price: dollarsToCents(draft.price) ?? undefined,
    isDigitalDouble: draft.isDigitalDouble,
    releaseDate: localDateTimeToIso(draft.releaseDate),
    varieties: varietyValues(draft.varieties),
  };
  return parseWith(createProductInputSchema, raw, draft.price);
}

/* Edit */

export type PriceUnit = 'dollars' | 'cents';

export interface ProductDraft {
  name: string;
  description: string;
  /** The price as typed, in `priceUnit`. */
  price: string;
  priceUnit: PriceUnit;
  isDigitalDouble: boolean;
  /** A datetime-local input's value, as on the create screen (ReleaseDateField); empty for none. */
  releaseDate: string;
  status: ProductStatus;
  varieties: VarietyDraft[];
  /** The saved images to keep, in their new order. */
  images: ProductImage[];
}

/**
 * The release date to save for the field's value: the stored instant when the value did not
 * change (the field shows minutes, and must not drop the stored seconds), else the instant typed.
 */
export function releaseDateFor(text: string, stored: string | null): string | null {
  if (text.trim() === '') return null;
  if (text === toLocalDateTime(stored)) return stored;
  return fromLocalDateTime(text);
}

export function draftFromProduct(product: Product): ProductDraft {
  return {
    name: product.name,
    description: product.description,
    price: centsToDollars(product.price),
    priceUnit: 'dollars',
    isDigitalDouble: product.isDigitalDouble,
    releaseDate: toLocalDateTime(product.releaseDate),
    status: product.status,
    varieties: product.varieties.map(storedVariety),
    images: [...product.images].sort((a, b) => a.index - b.index),
  };
}

const WHOLE_CENTS = /^\s*\d{1,12}\s*$/;

/** The price field's value in cents, or null when it is not an amount. */
export function priceInCents(text: string, unit: PriceUnit): number | null {
  if (unit === 'dollars') return dollarsToCents(text);
  return WHOLE_CENTS.test(text) ? Number(text) : null;
}

/** The price field's text when the toggle changes unit: the same amount, or the text as it was when it is none. */
export function convertPrice(text: string, from: PriceUnit, to: PriceUnit): string {
  if (from === to) return text;
  const cents = priceInCents(text, from);
  if (cents === null) return text;
  return to === 'cents' ? String(cents) : centsToDollars(cents);
}

/**
 * The edit checks and alerts (docs/product.md §5.3), then the image limits. The server applies the lifetime rule
 * to the quantities; `version` is the loaded one, so a save over someone else's is refused.
 */
export function checkProductEdit(
  draft: ProductDraft,
  product: Product,
  newImageCount: number,
): Checked<z.output<typeof updateProductInputSchema>> {
  const raw = {
    name: draft.name,
    description: draft.description,
    price: priceInCents(draft.price, draft.priceUnit) ?? undefined,
    isDigitalDouble: draft.isDigitalDouble,
    releaseDate: releaseDateFor(draft.releaseDate, product.releaseDate),
    status: draft.status,
    varieties: varietyValues(draft.varieties),
    images: draft.images.map((image) => ({ key: image.key })),
    version: product.version,
  };
  const checked = parseWith(updateProductInputSchema, raw, draft.priceUnit === 'dollars' ? draft.price : '');
  if (!checked.ok) return checked;
  if (newImageCount > PRODUCT_MAX_NEW_IMAGES) return { ok: false, message: NEW_IMAGE_LIMIT_MESSAGE, fields: {} };
  if (draft.images.length + newImageCount > PRODUCT_MAX_IMAGES) {
    return { ok: false, message: IMAGE_LIMIT_MESSAGE, fields: {} };
  }
  return checked;
}

/**
 * What a save takes away, for the production confirmation: the saved images it drops (by
 * their number before the edit), the varieties it removes, and whether it archives the product.
 */
export function destructiveChanges(
  product: Product,
  update: { status: ProductStatus; varieties: readonly { varietyID: string }[]; images: readonly { key: string }[] },
): string[] {
  const changes: string[] = [];
  const kept = new Set(update.images.map((image) => image.key));
  const before = [...product.images].sort((a, b) => a.index - b.index);
  before.forEach((image, position) => {
    if (!kept.has(image.key)) changes.push(`Removes image ${position + 1}.`);
  });
  const varietyIds = new Set(update.varieties.map((variety) => variety.varietyID));
  for (const variety of product.varieties) {
    if (!varietyIds.has(variety.varietyID)) {
      changes.push(`Removes the variety ${variety.varietyName} (${variety.varietyID}).`);
    }
  }
  if (update.status === PRODUCT_STATUS.archived && product.status !== PRODUCT_STATUS.archived) {
    changes.push('Archives the product.');
  }
  return changes;
}
