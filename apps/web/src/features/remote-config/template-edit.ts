import {
  REMOTE_CONFIG_PLATFORMS,
  type RemoteConfigCondition,
  type RemoteConfigParameter,
  type RemoteConfigParameterType,
  type RemoteConfigPlatform,
  type RemoteConfigTemplate,
  type RemoteConfigValue,
  remoteConfigConditionSchema,
  remoteConfigKeySchema,
} from '@outpost/contracts/remote-config/schemas';
import { z } from 'zod/mini';
import type { FieldErrors } from '../../components/form/field-errors';
import { type Checked, checkWith } from '../admin/components/form-check';

/*
 * The editor's forms as text, and the draft template they change. A form holds what the admin types
 * (a number as text, JSON as text) and becomes a parameter or a condition only when it is saved; the
 * server checks the rest (types, schemas, names unique, ranges) and its refusal is shown as it says it.
 */

export const TYPE_LABELS: Record<RemoteConfigParameterType, string> = {
  string: 'String',
  number: 'Number',
  boolean: 'Boolean',
  json: 'JSON',
};

export const PLATFORM_LABELS: Record<RemoteConfigPlatform, string> = { ios: 'iOS', android: 'Android', web: 'Web' };

/** A value as its form's field holds it: a boolean as 'true' or 'false', JSON indented. */
export function valueText(type: RemoteConfigParameterType, value: RemoteConfigValue): string {
  if (type === 'string' && typeof value === 'string') return value;
  if (type === 'json') return JSON.stringify(value, null, 2);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

type Parsed = { ok: true; value: RemoteConfigValue } | { ok: false; message: string };

/** The value a field's text stands for, given the parameter's type; `where` names the field in a refusal. */
export function parseValue(type: RemoteConfigParameterType, text: string, where: string): Parsed {
  switch (type) {
    case 'string':
      return { ok: true, value: text };
    case 'boolean':
      return { ok: true, value: text === 'true' };
    case 'number': {
      const number = text.trim() === '' ? Number.NaN : Number(text.trim());
      return Number.isFinite(number)
        ? { ok: true, value: number }
        : { ok: false, message: `${where} must be a number.` };
    }
    case 'json':
      try {
        return { ok: true, value: JSON.parse(text) as RemoteConfigValue };
      } catch (error) {
        return { ok: false, message: `${where} is not valid JSON (${(error as Error).message}).` };
      }
  }
}

/** A value in a table cell: JSON on one line, cut to `max` characters. */
export function shortValue(value: RemoteConfigValue, max = 48): string {
  const text = typeof value === 'string' ? `“${value}”` : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** What the parameter form holds: every value as typed, and per condition whether it has a value of its own. */
export interface ParameterDraft {
  key: string;
  type: RemoteConfigParameterType;
  description: string;
  defaultText: string;
  /** By condition name: whether the parameter has a value under it, and that value as typed. */
  conditional: Record<string, { on: boolean; text: string }>;
  schemaText: string;
}

const blankText = (type: RemoteConfigParameterType) => (type === 'boolean' ? 'false' : type === 'json' ? '{}' : '');

export function parameterDraftOf(
  parameter: RemoteConfigParameter | null,
  conditions: readonly RemoteConfigCondition[],
): ParameterDraft {
  const type = parameter?.type ?? 'string';
  const conditional: ParameterDraft['conditional'] = {};
  for (const { name } of conditions) {
    const value = parameter?.conditionalValues.find((one) => one.condition === name);
    conditional[name] = value ? { on: true, text: valueText(type, value.value) } : { on: false, text: blankText(type) };
  }
  return {
    key: parameter?.key ?? '',
    type,
    description: parameter?.description ?? '',
    defaultText: parameter ? valueText(type, parameter.defaultValue) : blankText(type),
    conditional,
    schemaText: parameter?.schema ? JSON.stringify(parameter.schema, null, 2) : '',
  };
}

/** The draft with another type: a boolean's text becomes 'true' or 'false', the rest is kept to be checked. */
export function withType(draft: ParameterDraft, type: RemoteConfigParameterType): ParameterDraft {
  const fit = (text: string) => (type === 'boolean' ? (text === 'true' ? 'true' : 'false') : text);
  return {
    ...draft,
    type,
    defaultText: fit(draft.defaultText),
    conditional: Object.fromEntries(
      Object.entries(draft.conditional).map(([name, value]) => [name, { ...value, text: fit(value.text) }]),
    ),
  };
}

/** The field key of a condition's value in the parameter form's errors. */
export const conditionalField = (condition: string) => `conditional.${condition}`;

/**
 * The parameter the form stands for, or each field at fault: the key's rule and the values' syntax
 * (a number, JSON). Whether a value fits its type's or its schema's rules is the server's to say.
 */
export function checkParameterDraft(
  draft: ParameterDraft,
  conditions: readonly RemoteConfigCondition[],
): Checked<RemoteConfigParameter> {
  const fields: FieldErrors = {};
  const key = z.safeParse(remoteConfigKeySchema, draft.key.trim());
  if (!key.success) fields.key = key.error.issues[0]?.message ?? 'Check the key.';
  const defaultValue = parseValue(draft.type, draft.defaultText, 'The default value');
  if (!defaultValue.ok) fields.defaultValue = defaultValue.message;
  const conditionalValues: RemoteConfigParameter['conditionalValues'] = [];
  for (const { name } of conditions) {
    const entry = draft.conditional[name];
    if (!entry?.on) continue;
    const parsed = parseValue(draft.type, entry.text, `The value for “${name}”`);
    if (parsed.ok) conditionalValues.push({ condition: name, value: parsed.value });
    else fields[conditionalField(name)] = parsed.message;
  }
  let schema: RemoteConfigParameter['schema'];
  if (draft.type === 'json' && draft.schemaText.trim() !== '') {
    const parsed = parseValue('json', draft.schemaText, 'The JSON Schema');
    if (!parsed.ok) fields.schema = parsed.message;
    else if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
      fields.schema = 'The JSON Schema must be a JSON object, such as {"type": "object"}.';
    } else schema = parsed.value;
  }
  const [first] = Object.values(fields);
  if (first !== undefined || !defaultValue.ok) return { ok: false, message: first ?? 'Check the fields.', fields };
  const description = draft.description.trim();
  return {
    ok: true,
    value: {
      key: draft.key.trim(),
      type: draft.type,
      ...(description ? { description } : {}),
      defaultValue: defaultValue.value,
      conditionalValues,
      ...(schema ? { schema } : {}),
    },
  };
}

/** The template with `parameter` in the place of `replacing` (the key it had), or added at the end. */
export function withParameter(
  template: RemoteConfigTemplate,
  replacing: string | null,
  parameter: RemoteConfigParameter,
): RemoteConfigTemplate {
  const index = replacing === null ? -1 : template.parameters.findIndex((one) => one.key === replacing);
  const parameters = [...template.parameters];
  if (index === -1) parameters.push(parameter);
  else parameters[index] = parameter;
  return { ...template, parameters };
}

export function withoutParameter(template: RemoteConfigTemplate, key: string): RemoteConfigTemplate {
  return { ...template, parameters: template.parameters.filter((one) => one.key !== key) };
}

/** What the condition form holds: the platforms ticked, the versions and the percentage as typed, the segment chosen ('' none). */
export interface ConditionDraft {
  name: string;
  platforms: RemoteConfigPlatform[];
  minVersion: string;
  maxVersion: string;
  percentFrom: string;
  percentTo: string;
  segment: string;
}

export function conditionDraftOf(condition: RemoteConfigCondition | null): ConditionDraft {
  return {
    name: condition?.name ?? '',
    platforms: [...(condition?.platforms ?? [])],
    minVersion: condition?.appVersion?.min ?? '',
    maxVersion: condition?.appVersion?.max ?? '',
    percentFrom: condition?.percent ? String(condition.percent.from) : '',
    percentTo: condition?.percent ? String(condition.percent.to) : '',
    segment: condition?.segment ?? '',
  };
}

const percentNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/**
 * The condition the form stands for, checked with the schema the server parses with (the name's rule,
 * version numbers, a percentage within 0 to 100); each field at fault is marked. Whether it has a rule
 * at all and its ranges run upwards is the server's to say.
 */
export function checkConditionDraft(draft: ConditionDraft): Checked<RemoteConfigCondition> {
  const min = draft.minVersion.trim();
  const max = draft.maxVersion.trim();
  const from = draft.percentFrom.trim();
  const to = draft.percentTo.trim();
  if ((from === '') !== (to === '')) {
    const field = from === '' ? 'percent.from' : 'percent.to';
    const message = 'Give the percentage both a lowest and a highest number, or neither.';
    return { ok: false, message, fields: { [field]: message } };
  }
  const raw = {
    name: draft.name.trim(),
    ...(draft.platforms.length > 0
      ? { platforms: REMOTE_CONFIG_PLATFORMS.filter((one) => draft.platforms.includes(one)) }
      : {}),
    ...(min || max ? { appVersion: { ...(min ? { min } : {}), ...(max ? { max } : {}) } } : {}),
    ...(from !== '' ? { percent: { from: percentNumber(from), to: percentNumber(to) } } : {}),
    ...(draft.segment ? { segment: draft.segment } : {}),
  };
  return checkWith(remoteConfigConditionSchema, raw, {
    markFields: true,
    describe: (issue) => {
      const path = issue.path.join('.');
      if (path.startsWith('percent.')) return 'A percentage is a number from 0 to 100.';
      return issue.message;
    },
  });
}

/**
 * The template with `condition` in the place of `replacing` (the name it had) or added last (the lowest
 * priority); a renamed condition keeps the parameters' values under its new name.
 */
export function withCondition(
  template: RemoteConfigTemplate,
  replacing: string | null,
  condition: RemoteConfigCondition,
): RemoteConfigTemplate {
  const index = replacing === null ? -1 : template.conditions.findIndex((one) => one.name === replacing);
  const conditions = [...template.conditions];
  if (index === -1) return { ...template, conditions: [...conditions, condition] };
  conditions[index] = condition;
  const renamed = replacing !== null && replacing !== condition.name;
  const parameters = renamed
    ? template.parameters.map((parameter) => ({
        ...parameter,
        conditionalValues: parameter.conditionalValues.map((value) =>
          value.condition === replacing ? { ...value, condition: condition.name } : value,
        ),
      }))
    : template.parameters;
  return { conditions, parameters };
}

/** The keys of the parameters with a value under the condition `name`. */
export function parametersUsing(template: RemoteConfigTemplate, name: string): string[] {
  return template.parameters
    .filter((parameter) => parameter.conditionalValues.some((value) => value.condition === name))
    .map((parameter) => parameter.key);
}

/** The template without the condition `name`, nor the parameters' values under it. */
export function withoutCondition(template: RemoteConfigTemplate, name: string): RemoteConfigTemplate {
  return {
    conditions: template.conditions.filter((one) => one.name !== name),
    parameters: template.parameters.map((parameter) => ({
      ...parameter,
      conditionalValues: parameter.conditionalValues.filter((value) => value.condition !== name),
    })),
  };
}

/** A condition's rules in words, for its row. */
export function platformsText(condition: RemoteConfigCondition): string {
  return condition.platforms ? condition.platforms.map((one) => PLATFORM_LABELS[one]).join(', ') : 'Any';
}

export function versionRangeText(condition: RemoteConfigCondition): string {
  const { min, max } = condition.appVersion ?? {};
  if (min && max) return `${min} to ${max}`;
  if (min) return `${min} or later`;
  if (max) return `Up to ${max}`;
  return 'Any';
}

function percentText(condition: RemoteConfigCondition): string {
  const { percent } = condition;
  if (!percent) return 'All';
  return percent.from === 0 ? `${percent.to}% of players` : `${percent.from}% to ${percent.to}% of players`;
}

/** Which players a condition takes: its segment (named by `segmentName`) and its percentage. */
export function playersText(condition: RemoteConfigCondition, segmentName: (segmentID: string) => string): string {
  const share = percentText(condition);
  if (!condition.segment) return share;
  const inSegment = `In ${segmentName(condition.segment)}`;
  return condition.percent ? `${inSegment}, ${share}` : inSegment;
}
