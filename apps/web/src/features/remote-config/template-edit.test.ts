import type { RemoteConfigTemplate } from '@outpost/contracts/remote-config/schemas';
import { describe, expect, it } from 'vitest';
import { diffLines, diffText, unpublishedText } from './diff-words';
import {
  checkConditionDraft,
  checkParameterDraft,
  conditionDraftOf,
  parameterDraftOf,
  parametersUsing,
  shortValue,
  withCondition,
  withoutCondition,
  withParameter,
  withType,
} from './template-edit';

const TEMPLATE: RemoteConfigTemplate = {
  conditions: [
    { name: 'Old app', appVersion: { max: '2.9' } },
    { name: 'Tenth', percent: { from: 0, to: 10 } },
  ],
  parameters: [
    {
      key: 'banner',
      type: 'json',
      defaultValue: { title: 'A' },
      conditionalValues: [{ condition: 'Old app', value: { title: 'B' } }],
      schema: { type: 'object' },
    },
    { key: 'credits', type: 'number', defaultValue: 50, conditionalValues: [] },
  ],
};

describe('the parameter form', () => {
  it('gives back the parameter it was opened on', () => {
    const [banner, credits] = TEMPLATE.parameters;
    for (const parameter of [banner, credits]) {
      if (!parameter) throw new Error('missing');
      const checked = checkParameterDraft(parameterDraftOf(parameter, TEMPLATE.conditions), TEMPLATE.conditions);
      expect(checked).toEqual({ ok: true, value: parameter });
    }
  });

  it('marks each field whose text is no value of the type, and a bad key', () => {
    const draft = { ...parameterDraftOf(null, TEMPLATE.conditions), key: '1st', type: 'number' as const };
    const checked = checkParameterDraft(
      { ...draft, defaultText: 'ten', conditional: { Tenth: { on: true, text: '' } } },
      TEMPLATE.conditions,
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.fields ?? {})).toEqual(['key', 'defaultValue', 'conditional.Tenth']);
    expect(checked.fields?.defaultValue).toBe('The default value must be a number.');
  });

  it('refuses JSON that does not parse, and a schema that is not an object', () => {
    const draft = parameterDraftOf(TEMPLATE.parameters[0] ?? null, TEMPLATE.conditions);
    const checked = checkParameterDraft({ ...draft, defaultText: '{', schemaText: '[]' }, TEMPLATE.conditions);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.fields?.defaultValue).toMatch(/^The default value is not valid JSON/);
    expect(checked.fields?.schema).toMatch(/must be a JSON object/);
  });

  it('turns values into yes or no when the type becomes boolean', () => {
    const draft = withType(parameterDraftOf(TEMPLATE.parameters[1] ?? null, TEMPLATE.conditions), 'boolean');
    expect(draft.defaultText).toBe('false');
    expect(checkParameterDraft({ ...draft, key: 'flag' }, TEMPLATE.conditions)).toMatchObject({
      ok: true,
      value: { type: 'boolean', defaultValue: false },
    });
  });

  it('replaces a parameter in its place, even renamed, and adds a new one last', () => {
    const renamed = withParameter(TEMPLATE, 'banner', {
      key: 'hero',
      type: 'string',
      defaultValue: '',
      conditionalValues: [],
    });
    expect(renamed.parameters.map((one) => one.key)).toEqual(['hero', 'credits']);
    const added = withParameter(TEMPLATE, null, {
      key: 'new',
      type: 'string',
      defaultValue: '',
      conditionalValues: [],
    });
    expect(added.parameters.map((one) => one.key)).toEqual(['banner', 'credits', 'new']);
  });

  it('cuts a long value for a table cell', () => {
    expect(shortValue('hi')).toBe('“hi”');
    expect(shortValue({ text: 'x'.repeat(100) }, 20)).toHaveLength(20);
  });
});

describe('the condition form', () => {
  it('gives back the condition it was opened on', () => {
    for (const condition of TEMPLATE.conditions) {
      expect(checkConditionDraft(conditionDraftOf(condition))).toEqual({ ok: true, value: condition });
    }
  });

  it('asks for both ends of a percentage, and marks a bad version', () => {
    const half = checkConditionDraft({ ...conditionDraftOf(null), name: 'Half', percentFrom: '0' });
    expect(half).toMatchObject({ ok: false, fields: { 'percent.to': expect.any(String) } });
    const version = checkConditionDraft({ ...conditionDraftOf(null), name: 'New', minVersion: 'two' });
    expect(version).toMatchObject({ ok: false, fields: { 'appVersion.min': expect.any(String) } });
  });

  it('keeps the parameters’ values under a renamed condition, and drops them with a deleted one', () => {
    const renamed = withCondition(TEMPLATE, 'Old app', { name: 'Legacy', appVersion: { max: '2.9' } });
    expect(renamed.conditions.map((one) => one.name)).toEqual(['Legacy', 'Tenth']);
    expect(parametersUsing(renamed, 'Legacy')).toEqual(['banner']);
    const deleted = withoutCondition(TEMPLATE, 'Old app');
    expect(deleted.conditions.map((one) => one.name)).toEqual(['Tenth']);
    expect(deleted.parameters[0]?.conditionalValues).toEqual([]);
  });
});

describe('a diff in words', () => {
  const diff = {
    parameters: { added: ['a'], changed: ['b', 'c'], removed: [] },
    conditions: { added: [], changed: ['priority order'], removed: [] },
  };
  it('counts and says each change', () => {
    expect(unpublishedText(diff)).toBe('4 unpublished changes');
    expect(diffLines(diff)).toEqual(['Parameters: added a; changed b, c', 'Conditions: changed priority order']);
    const none = { parameters: { added: [], changed: [], removed: [] }, conditions: diff.parameters };
    expect(diffText({ ...none, conditions: none.parameters })).toBe('No change');
  });
});
