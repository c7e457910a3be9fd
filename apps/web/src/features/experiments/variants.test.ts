import { EXPERIMENT_MESSAGES } from '@outpost/contracts/experiments/schemas';
import type { RemoteConfigParameter } from '@outpost/contracts/remote-config/schemas';
import { describe, expect, it } from 'vitest';
import {
  addedVariant,
  errorsWithoutVariant,
  MAX_VARIANTS,
  newVariantDrafts,
  parseVariants,
  removedVariant,
  retypedVariants,
  variantDraftsOf,
  variantLegend,
  weightShares,
} from './variants';

const parameter = (type: RemoteConfigParameter['type'], defaultValue: RemoteConfigParameter['defaultValue']) =>
  ({ key: 'daily_reward_credits', type, defaultValue, conditionalValues: [] }) satisfies RemoteConfigParameter;

describe('the editor’s variants', () => {
  it('starts with the control and one variant at the parameter’s default, weighted evenly', () => {
    expect(newVariantDrafts(parameter('number', 50))).toEqual([
      { name: 'Control', text: '50', weight: '50' },
      { name: 'Variant B', text: '50', weight: '50' },
    ]);
    expect(variantLegend(0)).toBe('Control');
    expect(variantLegend(2)).toBe('Variant C');
  });

  it('adds up to five, named by the next free letter, and keeps at least two', () => {
    let drafts = newVariantDrafts(parameter('boolean', true));
    for (let count = 3; count <= MAX_VARIANTS; count += 1) {
      drafts = addedVariant(drafts, parameter('boolean', true)) ?? drafts;
      expect(drafts).toHaveLength(count);
    }
    expect(drafts.map((draft) => draft.name)).toEqual(['Control', 'Variant B', 'Variant C', 'Variant D', 'Variant E']);
    expect(drafts[4]?.text).toBe('true');
    expect(addedVariant(drafts, null)).toBeNull();
    const fewer = removedVariant(drafts, 2);
    expect(fewer.map((draft) => draft.name)).toEqual(['Control', 'Variant B', 'Variant D', 'Variant E']);
    // The row's own letter when free, else the first free one.
    expect(addedVariant(fewer, null)?.at(-1)?.name).toBe('Variant C');
    const renamed = [
      { name: 'Control', text: '', weight: '1' },
      { name: 'Variant C', text: '', weight: '1' },
    ];
    expect(addedVariant(renamed, null)?.at(-1)?.name).toBe('Variant B');
    expect(addedVariant([renamed[0], { ...renamed[1], name: 'Warm' }] as typeof renamed, null)?.at(-1)?.name).toBe(
      'Variant C',
    );
    const two = newVariantDrafts(null);
    expect(removedVariant(two, 1)).toEqual(two);
  });

  it('parses each value by the parameter’s type, and says which field is at fault', () => {
    const drafts = [
      { name: ' Control ', text: '50', weight: '1' },
      { name: 'Double', text: '100', weight: '100' },
    ];
    expect(parseVariants(drafts, 'number')).toEqual({
      ok: true,
      variants: [
        { name: 'Control', value: 50, weight: 1 },
        { name: 'Double', value: 100, weight: 100 },
      ],
    });
    expect(parseVariants(drafts, 'string')).toMatchObject({ ok: true, variants: [{ value: '50' }, { value: '100' }] });
    expect(parseVariants([{ name: 'On', text: 'true', weight: '5' }], 'boolean')).toMatchObject({
      ok: true,
      variants: [{ value: true }],
    });
    expect(parseVariants([{ name: 'J', text: '{"a":[1,2]}', weight: '5' }], 'json')).toMatchObject({
      ok: true,
      variants: [{ value: { a: [1, 2] } }],
    });
    const wrong = parseVariants(
      [
        { name: 'Control', text: 'fifty', weight: '50' },
        { name: 'B', text: '10', weight: '101' },
        { name: '', text: '10', weight: '2.5' },
      ],
      'number',
    );
    expect(wrong).toEqual({
      ok: false,
      message: 'Control’s value must be a number.',
      fields: {
        'variants.0.value': 'Control’s value must be a number.',
        'variants.1.weight': EXPERIMENT_MESSAGES.weights,
        'variants.2.weight': EXPERIMENT_MESSAGES.weights,
      },
    });
    const json = parseVariants([{ name: 'J', text: '{oops', weight: '5' }], 'json');
    expect(json.ok).toBe(false);
    if (!json.ok) expect(json.fields['variants.0.value']).toMatch(/^J’s value is not valid JSON/);
    expect(parseVariants([{ name: 'E', text: '', weight: '' }], 'number')).toMatchObject({
      ok: false,
      fields: { 'variants.0.value': 'E’s value must be a number.', 'variants.0.weight': EXPERIMENT_MESSAGES.weights },
    });
  });

  it('shows saved values as typed, and starts them again from a new parameter’s default', () => {
    const saved = [
      { name: 'Control', value: { tiers: [1] }, weight: 30 },
      { name: 'B', value: { tiers: [2] }, weight: 70 },
    ];
    expect(variantDraftsOf(saved, 'json')[1]).toEqual({
      name: 'B',
      text: '{\n  "tiers": [\n    2\n  ]\n}',
      weight: '70',
    });
    expect(variantDraftsOf([{ name: 'A', value: 'Hi', weight: 1 }], 'string')[0]?.text).toBe('Hi');
    expect(retypedVariants(variantDraftsOf(saved, 'json'), parameter('string', 'Welcome!')).map((d) => d.text)).toEqual(
      ['Welcome!', 'Welcome!'],
    );
  });

  it('drops a removed row’s errors, and moves those of the rows after it up with their rows', () => {
    const refused = {
      name: 'Give the experiment a name.',
      variants: EXPERIMENT_MESSAGES.variantNames,
      'variants.0.value': 'Control’s value must be a number.',
      'variants.1.weight': EXPERIMENT_MESSAGES.weights,
      'variants.1.value': 'B’s value must be a number.',
      'variants.2.weight': EXPERIMENT_MESSAGES.weights,
      'variants.3.value': 'D’s value must be a number.',
    };
    // Variant B (index 1) removed: C and D are now the rows at 1 and 2.
    expect(errorsWithoutVariant(refused, 1)).toEqual({
      name: 'Give the experiment a name.',
      'variants.0.value': 'Control’s value must be a number.',
      'variants.1.weight': EXPERIMENT_MESSAGES.weights,
      'variants.2.value': 'D’s value must be a number.',
    });
    // The last row removed: nothing left of it, the others where they were.
    expect(errorsWithoutVariant({ 'variants.2.weight': EXPERIMENT_MESSAGES.weights }, 2)).toEqual({});
    expect(errorsWithoutVariant({ 'variants.0.value': 'x', variantsNote: 'y' }, 2)).toEqual({
      'variants.0.value': 'x',
      variantsNote: 'y',
    });
  });

  it('gives each weight its share of the players', () => {
    expect(weightShares([{ weight: '30' }, { weight: '70' }])).toEqual([30, 70]);
    expect(weightShares([{ weight: 1 }, { weight: 1 }, { weight: 1 }])).toEqual([33, 33, 33]);
    expect(weightShares([{ weight: '50' }, { weight: 'x' }])).toEqual([100, null]);
  });
});
