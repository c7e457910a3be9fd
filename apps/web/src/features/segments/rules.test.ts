import { SEGMENT_RULES_MAX, SEGMENTS_MESSAGES, type SegmentDefinition } from '@outpost/contracts/segments/schemas';
import { describe, expect, it } from 'vitest';
import {
  canAddRule,
  checkDefinition,
  type DefinitionDraft,
  definitionDraftOf,
  definitionWords,
  newRule,
  withAttribute,
} from './rules';

const MOBILE: SegmentDefinition = {
  match: 'all',
  rules: [
    {
      match: 'any',
      rules: [
        { attribute: 'platform', op: 'is', value: 'ios' },
        { attribute: 'platform', op: 'is', value: 'android' },
      ],
    },
    { attribute: 'playtimeMinutes', op: 'atLeast', value: 1200 },
    { attribute: 'premium', op: 'isNot' },
  ],
};

describe('segment rules in the editor', () => {
  it('reads a definition back from its draft unchanged', () => {
    const checked = checkDefinition(definitionDraftOf(MOBILE));
    expect(checked).toEqual({ ok: true, value: MOBILE });
  });

  it('says a definition in words, groups in parentheses', () => {
    expect(definitionWords(MOBILE)).toBe(
      '(Has a device on iOS or has a device on Android) and minutes played at least 1,200 and not premium',
    );
    expect(
      definitionWords({
        match: 'any',
        rules: [
          { attribute: 'betaTester', op: 'is' },
          { attribute: 'platform', op: 'isNot', value: 'web' },
        ],
      }),
    ).toBe('Beta tester or has no device on Web');
  });

  it('marks a value that is no whole number at its own path, inside a group too', () => {
    const draft = definitionDraftOf(MOBILE);
    const group = draft.rules[0];
    const rule = draft.rules[1];
    if (!group || !('rules' in group) || !rule || 'rules' in rule) throw new Error('the draft lost its shape');
    const broken: DefinitionDraft = {
      ...draft,
      rules: [
        { ...group, rules: [{ ...group.rules[0], value: 'mars' } as (typeof group.rules)[number]] },
        { ...rule, value: '1.5' },
      ],
    };
    expect(checkDefinition(broken, 'definition.')).toEqual({
      ok: false,
      message: SEGMENTS_MESSAGES.platform,
      fields: {
        'definition.rules.0.rules.0.value': SEGMENTS_MESSAGES.platform,
        'definition.rules.1.value': SEGMENTS_MESSAGES.value,
      },
    });
  });

  it('keeps a rule’s comparison and value while its attribute stays of the same kind', () => {
    const rule = { ...newRule('creditsHeld'), op: 'atMost' as const, value: '50' };
    expect(withAttribute(rule, 'purchases')).toMatchObject({ attribute: 'purchases', op: 'atMost', value: '50' });
    expect(withAttribute(rule, 'partner')).toMatchObject({ attribute: 'partner', op: 'is', value: '' });
    expect(withAttribute(rule, 'platform')).toMatchObject({ attribute: 'platform', op: 'is', value: 'ios' });
  });

  it('stops adding rules at the most a segment holds', () => {
    const full: DefinitionDraft = { match: 'all', rules: Array.from({ length: SEGMENT_RULES_MAX }, () => newRule()) };
    expect(canAddRule(full)).toBe(false);
    expect(canAddRule({ match: 'all', rules: full.rules.slice(1) })).toBe(true);
  });
});
