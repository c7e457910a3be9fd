import {
  type CreateItemInput,
  createItemInputSchema,
  ITEM_MESSAGES,
  type Item,
  type UpdateItemInput,
  updateItemInputSchema,
} from '@outpost/contracts/items';
import { type Checked, checkWith } from '../components/form-check';

/* The item screens' forms as data, and their checks. Pure: the screens hold the state. */

export interface ItemDraft {
  itemID: string;
  name: string;
}

export const emptyItemDraft = (): ItemDraft => ({ itemID: '', name: '' });

export function checkNewItem(draft: ItemDraft): Checked<CreateItemInput> {
  return checkWith(createItemInputSchema, draft, { markFields: true });
}

/** A rename; the name as stored (after trimming) is nothing to save. */
export function checkRename(name: string, item: Item): Checked<UpdateItemInput> {
  const checked = checkWith(updateItemInputSchema, { name }, { markFields: true });
  if (checked.ok && checked.value.name === item.name) return { ok: false, message: ITEM_MESSAGES.nothingChanged };
  return checked;
}
