import { createMerchDropInputSchema, type MerchDrop, merchDropInputSchema } from '@outpost/contracts/merch';
import type { z } from 'zod/mini';
import { type Checked, checkWith } from '../components/form-check';
import { fromLocalDateTime, toLocalDateTime } from '../components/local-time';

/*
 * The merch drop form as data and its checks (pure). The opening is typed in the admin's time
 * zone (datetime-local) and sent as an ISO instant; the products are chosen from the environment's.
 */

export interface MerchDropDraft {
  dropID: string;
  name: string;
  /** A datetime-local value, in the admin's time zone. */
  opensAt: string;
  /** Product ids, in the order the drop shows them. */
  products: string[];
}

export const MERCH_DROP_MESSAGES = {
  created: 'Drop created!',
  saved: 'Drop saved!',
  deleted: (dropID: string) => `Drop ${dropID} deleted.`,
  empty: 'No merch drops yet.',
} as const;

/** The fields from top to bottom, so the first problem named is the highest one. */
const FIELD_ORDER = ['dropID', 'name', 'opensAt', 'products'] as const;

/** A blank merch drop, opening at `opensAt` (ISO) when the calendar chose a time. */
export const newMerchDropDraft = (opensAt: string | null = null): MerchDropDraft => ({
  dropID: '',
  name: '',
  opensAt: toLocalDateTime(opensAt),
  products: [],
});

export function draftFromMerchDrop(drop: MerchDrop): MerchDropDraft {
  return { dropID: drop.dropID, name: drop.name, opensAt: toLocalDateTime(drop.opensAt), products: [...drop.products] };
}

const values = (draft: MerchDropDraft) => ({
  name: draft.name,
  // Empty goes as missing, so the schema says the opening is needed.
  opensAt: fromLocalDateTime(draft.opensAt) ?? undefined,
  products: draft.products,
});

export function checkNewMerchDrop(draft: MerchDropDraft): Checked<z.output<typeof createMerchDropInputSchema>> {
  return checkWith(
    createMerchDropInputSchema,
    { dropID: draft.dropID, ...values(draft) },
    { order: FIELD_ORDER, markFields: true },
  );
}

export function checkMerchDropEdit(draft: MerchDropDraft): Checked<z.output<typeof merchDropInputSchema>> {
  return checkWith(merchDropInputSchema, values(draft), { order: FIELD_ORDER, markFields: true });
}

/** The products with `productID` added at the end (chosen) or taken out (unchosen). */
export function toggleProduct(products: readonly string[], productID: string, chosen: boolean): string[] {
  const without = products.filter((id) => id !== productID);
  return chosen ? [...without, productID] : without;
}

/** Whether the drop has opened at `now`: its products are on sale (while Active and in stock). */
export function merchDropOpen(drop: Pick<MerchDrop, 'opensAt'>, now: Date): boolean {
  return now.getTime() >= Date.parse(drop.opensAt);
}
