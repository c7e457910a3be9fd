import {
  type CreateClaimCodeBatchInput,
  claimCodeName,
  createClaimCodeBatchInputSchema,
} from '@outpost/contracts/claim-codes';
import { type Checked, checkWith, numberValue } from '../components/form-check';
import { topFields } from '../components/server-refusal';

/*
 * The create-batch form as data, and its checks. The checks parse with the contracts schema the
 * server parses with, so the form says what the server would say and a form that passes here is
 * not refused there for its shape. Pure: the screen holds the state and calls these.
 */

/** The fields as typed. */
export interface BatchDraft {
  batchName: string;
  type: string;
  uses: string;
  batchQuantity: string;
  credits: string;
  /** Item IDs separated by commas, spaces or new lines. */
  rewards: string;
  customCodeName: string;
}

/** One code, one use, no credits yet: the admin says what it grants. */
export function newBatchDraft(): BatchDraft {
  return { batchName: '', type: '', uses: '1', batchQuantity: '1', credits: '0', rewards: '', customCodeName: '' };
}

/** The reward item IDs of the field, in order; a repeated ID grants that item twice. */
export function rewardList(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

/** The fields from top to bottom, so the message said is the highest field's. */
const FIELD_ORDER = ['batchName', 'type', 'batchQuantity', 'uses', 'credits', 'rewards', 'customCodeName'];

/**
 * Checks the draft: the first problem in the form's order, and every field at fault keyed by the
 * form's field (a reward item's problem is the Reward items field's), so the screen marks them.
 */
export function checkNewBatch(draft: BatchDraft): Checked<CreateClaimCodeBatchInput> {
  const raw = {
    batchName: draft.batchName,
    type: draft.type,
    uses: numberValue(draft.uses),
    batchQuantity: numberValue(draft.batchQuantity),
    credits: numberValue(draft.credits),
    rewards: rewardList(draft.rewards),
    customCodeName: draft.customCodeName,
  };
  const checked = checkWith(createClaimCodeBatchInputSchema, raw, { order: FIELD_ORDER, markFields: true });
  return checked.ok ? checked : { ...checked, fields: topFields(checked.fields ?? {}) };
}

/** The code a custom name becomes (docs/product.md §5.6), to show under the field; null while it is empty. */
export function customCodePreview(text: string): string | null {
  return text.trim() === '' ? null : claimCodeName(text);
}
