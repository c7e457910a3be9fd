import {
  type CreateClaimCodeBatchInput,
  claimCodeName,
  createClaimCodeBatchInputSchema,
} from '@outpost/contracts/claim-codes';
import { z } from 'zod/mini';
import { numberValue } from '../components/form-check';

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

export type Checked<Value> =
  | { ok: true; value: Value }
  | { ok: false; message: string; field: keyof BatchDraft | null };

/** One code, one use, no credits yet: the admin says what it grants. */
export function newBatchDraft(): BatchDraft {
  return { batchName: '', type: '', uses: '1', batchQuantity: '1', credits: '0', rewards: '', customCodeName: '' };
}

/** The reward item IDs of the field, in order; a repeated ID grants that item twice. */
export function rewardList(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

const FIELDS = new Set<string>(['batchName', 'type', 'uses', 'batchQuantity', 'credits', 'rewards', 'customCodeName']);

/** Checks the draft; the first problem comes back with the field it belongs to, so the screen can point at it. */
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
  const result = z.safeParse(createClaimCodeBatchInputSchema, raw);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const field = String(issue?.path[0] ?? '');
  return {
    ok: false,
    message: issue?.message ?? 'Please check the form.',
    field: FIELDS.has(field) ? (field as keyof BatchDraft) : null,
  };
}

/** The code a custom name becomes (spec §5), to show under the field; null while it is empty. */
export function customCodePreview(text: string): string | null {
  return text.trim() === '' ? null : claimCodeName(text);
}
