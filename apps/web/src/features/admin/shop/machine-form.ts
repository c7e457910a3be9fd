import { centsToDollars, dollarsToCents, hasFractionalCents, PRODUCT_MESSAGES } from '@outpost/contracts/products';
import {
  type CreateMachineInput,
  createMachineInputSchema,
  type Machine,
  publishedOdds,
  SHOP_MAX_CENTS,
  type UpdateMachineInput,
  updateMachineInputSchema,
} from '@outpost/contracts/shop';
import type { z } from 'zod/mini';
import { type Checked, checkWith, numberValue } from '../components/form-check';

/*
 * The machine form as data: the machine's fields and its prizes table, the published odds the
 * table shows as it is edited, and the checks (pure; the screens hold the state).
 */

/** A prize row as its fields hold it: text as typed. */
export interface PrizeDraft {
  /** React's key for the row: it stays while the Prize ID is edited or the row moves. */
  key: string;
  prizeID: string;
  name: string;
  itemID: string;
  weight: string;
  stock: string;
}

export interface MachineDraft {
  machineID: string;
  name: string;
  description: string;
  costCredits: string;
  /** US dollars as typed for a spin paid with PayPal; empty: credits only. */
  paypalPrice: string;
  available: boolean;
  prizes: PrizeDraft[];
}

export const MACHINE_MESSAGES = {
  paypalPrice: `PayPal price (USD) must be empty (credits only) or an amount in dollars from 0.01 to ${centsToDollars(SHOP_MAX_CENTS)}.`,
  created: 'Machine created!',
  saved: 'Machine saved!',
  empty: 'No machines found.',
} as const;

let keys = 0;
const nextKey = () => {
  keys += 1;
  return `prize-row-${keys}`;
};

/** A new prize row: weight 1, no stock until the admin says how many. */
export function blankPrize(): PrizeDraft {
  return { key: nextKey(), prizeID: '', name: '', itemID: '', weight: '1', stock: '0' };
}

/** A new machine starts unavailable, so players never see a half-stocked one. */
export function newMachineDraft(): MachineDraft {
  return {
    machineID: '',
    name: '',
    description: '',
    costCredits: '',
    paypalPrice: '',
    available: false,
    prizes: [blankPrize()],
  };
}

export function draftFromMachine(machine: Machine): MachineDraft {
  return {
    machineID: machine.machineID,
    name: machine.name,
    description: machine.description,
    costCredits: String(machine.costCredits),
    paypalPrice: machine.costUSD === null ? '' : centsToDollars(machine.costUSD),
    available: machine.available,
    prizes: machine.prizes.map((prize) => ({
      key: nextKey(),
      prizeID: prize.prizeID,
      name: prize.name,
      itemID: prize.itemID,
      weight: String(prize.weight),
      stock: String(prize.stock),
    })),
  };
}

const wholeOrNull = (text: string) => {
  const value = numberValue(text);
  return value !== undefined && Number.isInteger(value) && value >= 0 ? value : null;
};

/**
 * Each row's published odds as the table stands: its weight over the weights of the prizes in
 * stock (the rule players are shown and the draw follows), 0 for a prize with no stock, null for
 * a row whose weight or stock is not a valid number yet (or when no row could be drawn).
 */
export function prizeOdds(prizes: readonly Pick<PrizeDraft, 'weight' | 'stock'>[]): (number | null)[] {
  const rows = prizes.map((prize) => ({ weight: wholeOrNull(prize.weight), stock: wholeOrNull(prize.stock) }));
  const valid = rows.filter(
    (row): row is { weight: number; stock: number } => row.weight !== null && row.stock !== null,
  );
  if (valid.length < rows.length) return rows.map(() => null);
  const inStock = valid.some((row) => row.stock > 0 && row.weight > 0);
  return publishedOdds(valid).map((odds, index) => ((valid[index]?.stock ?? 0) === 0 || inStock ? odds : null));
}

/** Odds as a percentage to two decimals ("33.33%"), a dash when they cannot be worked out yet. */
export function formatOdds(odds: number | null): string {
  if (odds === null) return '—';
  return `${(Math.round(odds * 10_000) / 100).toFixed(2)}%`;
}

const PRIZE_FIELD_LABELS: Record<string, string> = {
  prizeID: 'Prize ID',
  name: 'Name',
  itemID: 'Item',
  weight: 'Weight',
  stock: 'Stock',
};

/** A prize's problem names its row ("Prize 2, Weight: …"); the PayPal price is said in dollars. */
function describe(draft: MachineDraft) {
  return (issue: z.core.$ZodIssue) => {
    const [field, row, prizeField] = issue.path;
    if (field === 'costUSD') {
      return hasFractionalCents(draft.paypalPrice) ? PRODUCT_MESSAGES.wholeCents : MACHINE_MESSAGES.paypalPrice;
    }
    if (field === 'prizes' && typeof row === 'number') {
      const label = typeof prizeField === 'string' ? PRIZE_FIELD_LABELS[prizeField] : undefined;
      return `Prize ${row + 1}${label ? `, ${label}` : ''}: ${issue.message}`;
    }
    return issue.message;
  };
}

/** Empty is "credits only"; text that is no amount is handed on for the schema to refuse. */
function paypalCents(text: string): number | null | string {
  if (text.trim() === '') return null;
  return dollarsToCents(text) ?? text;
}

/** The form's fields from the top: the ID comes first on screen, last in the schema. */
const MACHINE_FIELD_ORDER = ['machineID', 'name', 'description', 'costCredits', 'costUSD', 'available', 'prizes'];

const values = (draft: MachineDraft) => ({
  name: draft.name,
  description: draft.description,
  available: draft.available,
  costCredits: numberValue(draft.costCredits),
  costUSD: paypalCents(draft.paypalPrice),
  prizes: draft.prizes.map((prize) => ({
    prizeID: prize.prizeID,
    name: prize.name,
    itemID: prize.itemID,
    weight: numberValue(prize.weight),
    stock: numberValue(prize.stock),
  })),
});

export function checkNewMachine(draft: MachineDraft): Checked<CreateMachineInput> {
  return checkWith(
    createMachineInputSchema,
    { machineID: draft.machineID, ...values(draft) },
    { order: MACHINE_FIELD_ORDER, describe: describe(draft), markFields: true },
  );
}

/** `version` is the loaded one: a save over a spin or another admin's save since is refused (409). */
export function checkMachineEdit(draft: MachineDraft, version: number): Checked<UpdateMachineInput> {
  return checkWith(
    updateMachineInputSchema,
    { ...values(draft), version },
    { order: MACHINE_FIELD_ORDER, describe: describe(draft), markFields: true },
  );
}

/**
 * What a save changes that players notice, for the production confirmation: the machine taken
 * off or put on the floor, prizes removed or added, stock and odds weights changed.
 */
export function machineChanges(machine: Machine, update: UpdateMachineInput): string[] {
  const changes: string[] = [];
  if (machine.available && !update.available) changes.push('Hides the machine: players can no longer spin it.');
  if (!machine.available && update.available) changes.push('Puts the machine in front of players.');
  const before = new Map(machine.prizes.map((prize) => [prize.prizeID, prize]));
  const after = new Set(update.prizes.map((prize) => prize.prizeID));
  for (const prize of machine.prizes) {
    if (!after.has(prize.prizeID)) changes.push(`Removes the prize ${prize.name} (${prize.stock} left).`);
  }
  for (const prize of update.prizes) {
    const previous = before.get(prize.prizeID);
    if (!previous) changes.push(`Adds the prize ${prize.name} (${prize.stock} in stock).`);
    else {
      if (previous.stock !== prize.stock) {
        changes.push(`Sets the stock of ${prize.name} from ${previous.stock} to ${prize.stock}.`);
      }
      if (previous.weight !== prize.weight) {
        changes.push(`Changes the odds weight of ${prize.name} from ${previous.weight} to ${prize.weight}.`);
      }
    }
  }
  return changes;
}
