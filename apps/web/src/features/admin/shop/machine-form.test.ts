import { PRODUCT_MESSAGES } from '@outpost/contracts/products';
import type { Machine } from '@outpost/contracts/shop';
import { describe, expect, it } from 'vitest';
import type { Checked } from '../components/form-check';
import {
  blankPrize,
  checkMachineEdit,
  checkNewMachine,
  draftFromMachine,
  formatOdds,
  MACHINE_MESSAGES,
  type MachineDraft,
  machineChanges,
  newMachineDraft,
  type PrizeDraft,
  prizeOdds,
} from './machine-form';

const prize = (changes: Partial<PrizeDraft>): PrizeDraft => ({ ...blankPrize(), ...changes });

const filled = (changes: Partial<MachineDraft> = {}): MachineDraft => ({
  ...newMachineDraft(),
  machineID: 'snacks',
  name: 'Snack Machine',
  costCredits: '100',
  prizes: [
    prize({ prizeID: 'taco', name: 'Taco', itemID: 'taco', weight: '3', stock: '10' }),
    prize({ prizeID: 'boba', name: 'Boba', itemID: 'boba-tea', weight: '1', stock: '5' }),
  ],
  ...changes,
});

const messageOf = (checked: Checked<unknown>) => (checked.ok ? 'ok' : checked.message);

const machine: Machine = {
  machineID: 'snacks',
  name: 'Snack Machine',
  description: '',
  available: true,
  costCredits: 100,
  costUSD: 99,
  prizes: [
    { prizeID: 'taco', name: 'Taco', itemID: 'taco', weight: 3, stock: 9 },
    { prizeID: 'boba', name: 'Boba', itemID: 'boba-tea', weight: 1, stock: 5 },
  ],
  version: 4,
};

describe('published odds as the prizes table stands', () => {
  it('is each weight over the weights of the prizes in stock', () => {
    const odds = prizeOdds([
      { weight: '3', stock: '10' },
      { weight: '1', stock: '5' },
      { weight: '6', stock: '0' },
    ]);
    expect(odds).toEqual([0.75, 0.25, 0]);
    expect(odds.map(formatOdds)).toEqual(['75.00%', '25.00%', '0.00%']);
    expect(
      prizeOdds([
        { weight: '1', stock: '1' },
        { weight: '1', stock: '1' },
        { weight: '1', stock: '1' },
      ]).map(formatOdds),
    ).toEqual(['33.33%', '33.33%', '33.33%']);
  });

  it('shows no figure while a weight or stock is not a whole number yet', () => {
    expect(
      prizeOdds([
        { weight: '', stock: '1' },
        { weight: '2', stock: '1' },
      ]),
    ).toEqual([null, null]);
    expect(prizeOdds([{ weight: '2', stock: '-1' }])).toEqual([null]);
    expect(formatOdds(null)).toBe('—');
  });

  it('gives 0 to every prize once all are gone', () => {
    expect(prizeOdds([{ weight: '2', stock: '0' }])).toEqual([0]);
  });
});

describe('the machine form', () => {
  it('starts unavailable with one blank prize row', () => {
    const draft = newMachineDraft();
    expect(draft).toMatchObject({ machineID: '', available: false, paypalPrice: '' });
    expect(draft.prizes).toHaveLength(1);
    expect(draft.prizes[0]).toMatchObject({ weight: '1', stock: '0' });
  });

  it('sends numbers, the PayPal price in cents (empty: credits only) and the prizes in order', () => {
    expect(checkNewMachine(filled({ paypalPrice: '0.99' }))).toEqual({
      ok: true,
      value: {
        machineID: 'snacks',
        name: 'Snack Machine',
        description: '',
        available: false,
        costCredits: 100,
        costUSD: 99,
        prizes: [
          { prizeID: 'taco', name: 'Taco', itemID: 'taco', weight: 3, stock: 10 },
          { prizeID: 'boba', name: 'Boba', itemID: 'boba-tea', weight: 1, stock: 5 },
        ],
      },
    });
    expect(checkNewMachine(filled())).toMatchObject({ ok: true, value: { costUSD: null } });
  });

  it.each([
    ['no cost', { costCredits: '' }, 'The cost in credits must be a whole number.'],
    ['a PayPal price that is no amount', { paypalPrice: 'free' }, MACHINE_MESSAGES.paypalPrice],
    ['a PayPal price in fractions of a cent', { paypalPrice: '0.999' }, PRODUCT_MESSAGES.wholeCents],
    ['no prize', { prizes: [] }, 'A machine needs at least one prize.'],
    [
      'a prize without an item',
      { prizes: [prize({ prizeID: 'a', name: 'A', itemID: ' ', weight: '1', stock: '1' })] },
      'Prize 1, Item: Each prize needs an item.',
    ],
    [
      'a second prize of weight 0',
      {
        prizes: [
          prize({ prizeID: 'a', name: 'A', itemID: 'taco', weight: '1', stock: '1' }),
          prize({ prizeID: 'b', name: 'B', itemID: 'taco', weight: '0', stock: '1' }),
        ],
      },
      'Prize 2, Weight: An odds weight must be at least 1.',
    ],
    [
      'two prizes of one ID',
      {
        prizes: [
          prize({ prizeID: 'a', name: 'A', itemID: 'taco', weight: '1', stock: '1' }),
          prize({ prizeID: 'a', name: 'B', itemID: 'taco', weight: '1', stock: '1' }),
        ],
      },
      'Each prize needs its own prize ID.',
    ],
  ])('refuses %s, naming the row', (_case, changes, message) => {
    expect(messageOf(checkNewMachine(filled(changes)))).toBe(message);
  });

  it('marks the prize cell at fault, keyed by its row as the server keys it', () => {
    const checked = checkNewMachine(
      filled({
        paypalPrice: 'free',
        prizes: [
          prize({ prizeID: 'a', name: 'A', itemID: 'taco', weight: '1', stock: '1' }),
          prize({ prizeID: 'b', name: 'B', itemID: 'taco', weight: '0', stock: '1' }),
        ],
      }),
    );
    expect(checked.ok ? {} : checked.fields).toEqual({
      costUSD: MACHINE_MESSAGES.paypalPrice,
      'prizes.1.weight': 'Prize 2, Weight: An odds weight must be at least 1.',
    });
  });

  it('says the first problem in the order of the form, the ID first', () => {
    expect(messageOf(checkNewMachine(newMachineDraft()))).toBe('An ID is required.');
  });

  it('saves a loaded machine from its version', () => {
    const draft = draftFromMachine(machine);
    expect(draft).toMatchObject({ costCredits: '100', paypalPrice: '0.99' });
    expect(draft.prizes.map((row) => [row.prizeID, row.weight, row.stock])).toEqual([
      ['taco', '3', '9'],
      ['boba', '1', '5'],
    ]);
    const checked = checkMachineEdit({ ...draft, paypalPrice: '' }, machine.version);
    expect(checked).toMatchObject({ ok: true, value: { version: 4, costUSD: null } });
  });

  it('lists what a production save changes for players', () => {
    const checked = checkMachineEdit(
      {
        ...draftFromMachine(machine),
        available: false,
        prizes: [
          prize({ prizeID: 'taco', name: 'Taco', itemID: 'taco', weight: '2', stock: '20' }),
          prize({ prizeID: 'gem', name: 'Gem', itemID: 'gem', weight: '1', stock: '1' }),
        ],
      },
      machine.version,
    );
    if (!checked.ok) throw new Error(checked.message);
    expect(machineChanges(machine, checked.value)).toEqual([
      'Hides the machine: players can no longer spin it.',
      'Removes the prize Boba (5 left).',
      'Sets the stock of Taco from 9 to 20.',
      'Changes the odds weight of Taco from 3 to 2.',
      'Adds the prize Gem (1 in stock).',
    ]);
  });
});
