import { centsToDollars, dollarsToCents, hasFractionalCents, PRODUCT_MESSAGES } from '@outpost/contracts/products';
import {
  type CreateCreditPackInput,
  type CreditPack,
  type CreditPackInput,
  createCreditPackInputSchema,
  creditPackInputSchema,
  SHOP_MAX_CENTS,
} from '@outpost/contracts/shop';
import type { z } from 'zod/mini';
import { type Checked, checkWith, numberValue } from '../components/form-check';

/*
 * The credit pack form as data, and its checks (pure; the screens hold the state). The price is
 * typed in dollars and sent in cents, converted from the text (dollarsToCents), never through a float.
 */

export interface PackDraft {
  packID: string;
  name: string;
  credits: string;
  /** US dollars as typed ("4.99"). */
  price: string;
  available: boolean;
}

export const PACK_MESSAGES = {
  price: `Price (USD) must be an amount in dollars from 0.01 to ${centsToDollars(SHOP_MAX_CENTS)}, e.g. 4.99.`,
  created: 'Credit pack created!',
  saved: 'Credit pack saved!',
  empty: 'No credit packs found.',
} as const;

/** A new pack starts unavailable, so players never see a half-made one. */
export function newPackDraft(): PackDraft {
  return { packID: '', name: '', credits: '', price: '', available: false };
}

export function draftFromPack(pack: CreditPack): PackDraft {
  return {
    packID: pack.packID,
    name: pack.name,
    credits: String(pack.credits),
    price: centsToDollars(pack.costUSD),
    available: pack.available,
  };
}

/** The field the admin typed says what is wrong with the price, not the cents on the wire. */
function describe(price: string) {
  return (issue: z.core.$ZodIssue) => {
    if (issue.path[0] !== 'costUSD') return issue.message;
    return hasFractionalCents(price) ? PRODUCT_MESSAGES.wholeCents : PACK_MESSAGES.price;
  };
}

/** The form's fields from the top: the ID comes first on screen, last in the schema. */
const PACK_FIELD_ORDER = ['packID', 'name', 'credits', 'costUSD', 'available'];

const values = (draft: PackDraft) => ({
  name: draft.name,
  credits: numberValue(draft.credits),
  costUSD: dollarsToCents(draft.price) ?? undefined,
  available: draft.available,
});

export function checkNewPack(draft: PackDraft): Checked<CreateCreditPackInput> {
  return checkWith(
    createCreditPackInputSchema,
    { packID: draft.packID, ...values(draft) },
    { order: PACK_FIELD_ORDER, describe: describe(draft.price), markFields: true },
  );
}

export function checkPackEdit(draft: PackDraft): Checked<CreditPackInput> {
  return checkWith(creditPackInputSchema, values(draft), { describe: describe(draft.price), markFields: true });
}

/** "$4.99" as the lists and the confirmation show a price in cents. */
export const formatPrice = (cents: number) => `$${centsToDollars(cents)}`;
