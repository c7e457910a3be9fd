import {
  type CreateDropInput,
  createDropInputSchema,
  type Drop,
  type DropInput,
  dropInputSchema,
} from '@outpost/contracts/shop';
import type { z } from 'zod/mini';
import { type Checked, checkWith } from '../components/form-check';
import { fromLocalDateTime, toLocalDateTime } from '../components/local-time';

/*
 * The drop form as data and its checks (pure). Opening and closing are typed in the admin's time
 * zone (datetime-local) and sent as ISO instants.
 */

export interface DropDraft {
  dropID: string;
  machineID: string;
  name: string;
  /** datetime-local values, in the admin's time zone. */
  opensAt: string;
  closesAt: string;
}

export const DROP_MESSAGES = {
  created: 'Drop created!',
  saved: 'Drop saved!',
  deleted: (dropID: string) => `Drop ${dropID} deleted.`,
  empty: 'No drops yet.',
  chooseMachine: 'Choose the machine the drop opens.',
} as const;

/**
 * A blank drop, opening at `opensAt` (ISO) when the calendar chose a time, and closing at the same
 * time the next day (a day on the admin's clock), for the admin to change as they need.
 */
export function newDropDraft(machineID = '', opensAt: string | null = null): DropDraft {
  const opens = opensAt === null ? null : new Date(opensAt);
  const closes =
    opens && new Date(opens.getFullYear(), opens.getMonth(), opens.getDate() + 1, opens.getHours(), opens.getMinutes());
  return {
    dropID: '',
    machineID,
    name: '',
    opensAt: toLocalDateTime(opensAt),
    closesAt: toLocalDateTime(closes ? closes.toISOString() : null),
  };
}

export function draftFromDrop(drop: Drop): DropDraft {
  return {
    dropID: drop.dropID,
    machineID: drop.machineID,
    name: drop.name,
    opensAt: toLocalDateTime(drop.opensAt),
    closesAt: toLocalDateTime(drop.closesAt),
  };
}

const values = (draft: DropDraft) => ({
  machineID: draft.machineID,
  name: draft.name,
  // Empty goes as missing, so the schema says which date is needed.
  opensAt: fromLocalDateTime(draft.opensAt) ?? undefined,
  closesAt: fromLocalDateTime(draft.closesAt) ?? undefined,
});

/** The machine is chosen from a list, so "an ID is required" would not say what to do. */
const describe = (draft: DropDraft) => (issue: z.core.$ZodIssue) =>
  issue.path[0] === 'machineID' && draft.machineID.trim() === '' ? DROP_MESSAGES.chooseMachine : issue.message;

/** The form's fields from the top: the Drop ID first on screen, last in the schema. */
const DROP_FIELD_ORDER = ['dropID', 'machineID', 'name', 'opensAt', 'closesAt'];

export function checkNewDrop(draft: DropDraft): Checked<CreateDropInput> {
  return checkWith(
    createDropInputSchema,
    { dropID: draft.dropID, ...values(draft) },
    { order: DROP_FIELD_ORDER, describe: describe(draft), markFields: true },
  );
}

export function checkDropEdit(draft: DropDraft): Checked<DropInput> {
  return checkWith(dropInputSchema, values(draft), {
    order: DROP_FIELD_ORDER,
    describe: describe(draft),
    markFields: true,
  });
}

export type DropState = 'upcoming' | 'open' | 'closed';

/** Where a drop stands at `now`: a machine with drops spins only while one is open. */
export function dropState(drop: Pick<Drop, 'opensAt' | 'closesAt'>, now: Date): DropState {
  const at = now.getTime();
  if (at < Date.parse(drop.opensAt)) return 'upcoming';
  return at < Date.parse(drop.closesAt) ? 'open' : 'closed';
}

export const DROP_STATE_LABELS: Record<DropState, string> = {
  upcoming: 'Upcoming',
  open: 'Open now',
  closed: 'Closed',
};
