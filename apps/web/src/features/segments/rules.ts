import { PUSH_PLATFORMS, type PushPlatform } from '@outpost/contracts/push';
import {
  isSegmentGroup,
  SEGMENT_ATTRIBUTE_LABELS,
  SEGMENT_FLAG_ATTRIBUTES,
  SEGMENT_NUMBER_ATTRIBUTES,
  SEGMENT_RULES_MAX,
  SEGMENT_VALUE_MAX,
  SEGMENTS_MESSAGES,
  type SegmentAttribute,
  type SegmentDefinition,
  type SegmentGroup,
  type SegmentMatch,
  type SegmentRule,
  segmentDefinitionSchema,
} from '@outpost/contracts/segments/schemas';
import type { FieldErrors } from '../../components/form/field-errors';
import { type Checked, checkWith } from '../admin/components/form-check';

/*
 * The rule editor's draft and the words a definition reads in. The draft holds what the admin picks
 * and types (a number as text) and becomes a definition only when every rule reads: the live size and
 * a save both ask for it. Each rule is checked on its own first, because the contracts' union of rule
 * shapes would answer any wrong rule with one message about attributes.
 */

export type RuleKind = 'number' | 'flag' | 'platform';
export type RuleOp = 'atLeast' | 'atMost' | 'is' | 'isNot';

export interface RuleDraft {
  /** Stable while the rule is on screen (React keys, field ids); never sent. */
  key: string;
  attribute: SegmentAttribute;
  op: RuleOp;
  /** A number rule's value as typed; a platform rule's platform; empty for a flag. */
  value: string;
}

export interface GroupDraft {
  key: string;
  match: SegmentMatch;
  rules: RuleDraft[];
}

export type EntryDraft = RuleDraft | GroupDraft;

export interface DefinitionDraft {
  match: SegmentMatch;
  rules: EntryDraft[];
}

export const isGroupDraft = (entry: EntryDraft): entry is GroupDraft => 'rules' in entry;

export const PLATFORM_LABELS: Record<PushPlatform, string> = { ios: 'iOS', android: 'Android', web: 'Web' };

export const MATCH_LABELS: Record<SegmentMatch, string> = {
  all: 'All of these rules',
  any: 'Any of these rules',
};

export const OP_LABELS: Record<RuleOp, string> = {
  atLeast: 'at least',
  atMost: 'at most',
  is: 'is',
  isNot: 'is not',
};

const NUMBER_ATTRIBUTES: readonly SegmentAttribute[] = SEGMENT_NUMBER_ATTRIBUTES;
const FLAG_ATTRIBUTES: readonly SegmentAttribute[] = SEGMENT_FLAG_ATTRIBUTES;

export function kindOf(attribute: SegmentAttribute): RuleKind {
  if (NUMBER_ATTRIBUTES.includes(attribute)) return 'number';
  return FLAG_ATTRIBUTES.includes(attribute) ? 'flag' : 'platform';
}

export const opsOf = (kind: RuleKind): readonly RuleOp[] =>
  kind === 'number' ? ['atLeast', 'atMost'] : ['is', 'isNot'];

let nextKey = 0;
const newKey = () => `entry-${++nextKey}`;

const defaultValue = (kind: RuleKind) => (kind === 'number' ? '0' : kind === 'platform' ? PUSH_PLATFORMS[0] : '');

export function newRule(attribute: SegmentAttribute = 'lastSeenDays'): RuleDraft {
  const kind = kindOf(attribute);
  return { key: newKey(), attribute, op: opsOf(kind)[0] ?? 'is', value: defaultValue(kind) };
}

export const newGroup = (): GroupDraft => ({ key: newKey(), match: 'any', rules: [newRule()] });

/** The rule with another attribute: its op and value stay when they still apply, else start over. */
export function withAttribute(rule: RuleDraft, attribute: SegmentAttribute): RuleDraft {
  const kind = kindOf(attribute);
  if (kind === kindOf(rule.attribute)) return { ...rule, attribute };
  return { ...rule, attribute, op: opsOf(kind)[0] ?? 'is', value: defaultValue(kind) };
}

function ruleDraftOf(rule: SegmentRule): RuleDraft {
  return { key: newKey(), attribute: rule.attribute, op: rule.op, value: 'value' in rule ? String(rule.value) : '' };
}

export function definitionDraftOf(definition: SegmentDefinition | null): DefinitionDraft {
  if (!definition) return { match: 'all', rules: [newRule()] };
  return {
    match: definition.match,
    rules: definition.rules.map((entry) =>
      isSegmentGroup(entry)
        ? { key: newKey(), match: entry.match, rules: entry.rules.map(ruleDraftOf) }
        : ruleDraftOf(entry),
    ),
  };
}

export const ruleCount = (draft: DefinitionDraft) =>
  draft.rules.reduce((count, entry) => count + (isGroupDraft(entry) ? entry.rules.length : 1), 0);

export const canAddRule = (draft: DefinitionDraft) => ruleCount(draft) < SEGMENT_RULES_MAX;

/** The path of a rule's value in the definition ("rules.1.rules.0.value"), as the form keys its errors. */
export const valuePath = (path: readonly number[]) => `${path.map((index) => `rules.${index}`).join('.')}.value`;

/**
 * The rule for the schema to read, or the message of its value. Its attribute and comparison are
 * the editor's own choices (withAttribute keeps them of one kind); the schema still checks them.
 */
function ruleOf(rule: RuleDraft): object | string {
  const { attribute, op } = rule;
  const kind = kindOf(attribute);
  if (kind === 'flag') return { attribute, op };
  if (kind === 'platform') {
    return PUSH_PLATFORMS.some((one) => one === rule.value)
      ? { attribute, op, value: rule.value }
      : SEGMENTS_MESSAGES.platform;
  }
  const text = rule.value.trim();
  const value = Number(text);
  if (!/^\d+$/.test(text) || value > SEGMENT_VALUE_MAX) return SEGMENTS_MESSAGES.value;
  return { attribute, op, value };
}

/**
 * The definition the draft stands for, or the first problem and every value at fault, keyed by
 * `valuePath` under `prefix` ("definition." in a form that sends it beside other fields).
 */
export function checkDefinition(draft: DefinitionDraft, prefix = ''): Checked<SegmentDefinition> {
  const fields: FieldErrors = {};
  const read = (rule: RuleDraft, path: readonly number[]): object | null => {
    const read = ruleOf(rule);
    if (typeof read !== 'string') return read;
    fields[`${prefix}${valuePath(path)}`] = read;
    return null;
  };
  const rules = draft.rules.map((entry, index) =>
    isGroupDraft(entry)
      ? { match: entry.match, rules: entry.rules.map((rule, inner) => read(rule, [index, inner])) }
      : read(entry, [index]),
  );
  const first = Object.values(fields)[0];
  if (first !== undefined) return { ok: false, message: first, fields };
  // What is left for the schema is the definition's shape: no rules, an empty group, too many rules.
  return checkWith(segmentDefinitionSchema, { match: draft.match, rules });
}

const NUMBER_FORMAT = new Intl.NumberFormat('en-US');

function ruleWords(rule: SegmentRule): string {
  const label = SEGMENT_ATTRIBUTE_LABELS[rule.attribute];
  if (rule.attribute === 'platform') {
    return `${rule.op === 'is' ? 'has a device on' : 'has no device on'} ${PLATFORM_LABELS[rule.value]}`;
  }
  if ('value' in rule) return `${label.toLowerCase()} ${OP_LABELS[rule.op]} ${NUMBER_FORMAT.format(rule.value)}`;
  return rule.op === 'is' ? label.toLowerCase() : `not ${label.toLowerCase()}`;
}

const joined = (match: SegmentMatch, parts: readonly string[]) => parts.join(match === 'all' ? ' and ' : ' or ');

function entryWords(entry: SegmentRule | SegmentGroup): string {
  if (!isSegmentGroup(entry)) return ruleWords(entry);
  const words = joined(entry.match, entry.rules.map(ruleWords));
  return entry.rules.length > 1 ? `(${words})` : words;
}

/** A definition as one sentence: "Days since last seen at least 14 and credits spent at least 100". */
export function definitionWords(definition: SegmentDefinition): string {
  const words = joined(definition.match, definition.rules.map(entryWords));
  // The sentence's first letter, after a group's parenthesis when it starts with one.
  return words.replace(/[a-z]/, (letter) => letter.toUpperCase());
}
