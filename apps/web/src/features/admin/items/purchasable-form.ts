import {
  ITEM_MESSAGES,
  type MergePurchasableInput,
  mergePurchasableInputSchema,
  newPurchasableInputSchema,
  type Purchasable,
} from '@outpost/contracts/items';
import { type Checked, checkWith } from '../components/form-check';

/*
 * The purchasable screens' forms as data, and their checks. A save is docs/product.md §7.9's merge: the edit
 * screen sends only the fields the admin changed, so a change someone else made meanwhile to
 * another field stays. Pure: the screens hold the state.
 */

export interface PurchasableDraft {
  purchasableID: string;
  itemID: string;
  name: string;
  /** Credits as typed. */
  costCredits: string;
  available: boolean;
}

/** A new purchasable, hidden until made available; the item may come from the item's page. */
export function newPurchasableDraft(itemID = ''): PurchasableDraft {
  return { purchasableID: '', itemID, name: '', costCredits: '', available: false };
}

export function draftFromPurchasable(purchasable: Purchasable): PurchasableDraft {
  return {
    purchasableID: purchasable.purchasableID,
    itemID: purchasable.itemID,
    name: purchasable.name,
    costCredits: String(purchasable.costCredits),
    available: purchasable.available,
  };
}

/** Credits as typed: empty is missing, whole digits a number, anything else NaN (the schema's message). */
export function creditsValue(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export interface NewPurchasable {
  purchasableID: string;
  /** Every field, so the merge that sends it creates the purchasable. */
  input: MergePurchasableInput;
}

export function checkNewPurchasable(draft: PurchasableDraft): Checked<NewPurchasable> {
  const checked = checkWith(
    newPurchasableInputSchema,
    { ...draft, costCredits: creditsValue(draft.costCredits) },
    { markFields: true },
  );
  if (!checked.ok) return checked;
  const { purchasableID, ...input } = checked.value;
  return { ok: true, value: { purchasableID, input } };
}

/** The fields of the draft that differ from the stored purchasable: what the merge sends. */
export function purchasableChanges(stored: Purchasable, draft: PurchasableDraft): Checked<MergePurchasableInput> {
  const changes: Record<string, unknown> = {};
  if (draft.itemID.trim() !== stored.itemID) changes.itemID = draft.itemID;
  if (draft.name.trim() !== stored.name) changes.name = draft.name;
  const credits = creditsValue(draft.costCredits);
  if (credits !== stored.costCredits) changes.costCredits = credits;
  if (draft.available !== stored.available) changes.available = draft.available;
  if (Object.keys(changes).length === 0) return { ok: false, message: ITEM_MESSAGES.nothingChanged };
  // An emptied cost is no change to merge but a field to fill: say so, rather than "nothing to save".
  if ('costCredits' in changes && credits === undefined) {
    return { ok: false, message: ITEM_MESSAGES.costCredits, fields: { costCredits: ITEM_MESSAGES.costCredits } };
  }
  return checkWith(mergePurchasableInputSchema, changes, { markFields: true });
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** The merge in words, one line per field, for the confirmation before a change to production. */
export function describeChanges(stored: Purchasable, input: MergePurchasableInput): string[] {
  const lines: string[] = [];
  if (input.itemID !== undefined) lines.push(`Item: ${stored.itemID} → ${input.itemID}`);
  if (input.name !== undefined) lines.push(`Name: ${stored.name} → ${input.name}`);
  if (input.costCredits !== undefined) lines.push(`Cost (credits): ${stored.costCredits} → ${input.costCredits}`);
  if (input.available !== undefined) lines.push(`On sale: ${yesNo(stored.available)} → ${yesNo(input.available)}`);
  return lines;
}
