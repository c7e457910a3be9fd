import { EXPERIMENT_LIMITS, EXPERIMENT_MESSAGES, type ExperimentVariant } from '@outpost/contracts/experiments/schemas';
import type { RemoteConfigParameter, RemoteConfigParameterType } from '@outpost/contracts/remote-config/schemas';
import type { FieldErrors } from '../../components/form/field-errors';
import { parseValue, valueText } from '../remote-config/template-edit';

/*
 * An experiment's variants as the editor holds them: each value as typed in the input its
 * parameter's type asks for (remote config's own text forms, template-edit.ts) and each weight as
 * typed. They become the contract's variants when saved; the server checks each value against
 * the parameter's type and schema, and its refusal is shown at the field it names.
 */

export interface VariantDraft {
  name: string;
  /** The value as typed: 'true' or 'false' for a boolean, JSON as text. */
  text: string;
  weight: string;
}

export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = EXPERIMENT_LIMITS.variants;

const LETTERS = 'ABCDEFGHIJ';

/** What a variant's row is called by its place: the first is the control, the others B, C… as new ones are named. */
export const variantLegend = (index: number) => (index === 0 ? 'Control' : `Variant ${LETTERS[index] ?? index + 1}`);

/** The field keys of a variant's inputs, as the server's refusals key them ("variants.1.value"). */
export const variantField = (index: number, field: keyof ExperimentVariant) => `variants.${index}.${field}`;

const blankText = (type: RemoteConfigParameterType | null) =>
  type === 'boolean' ? 'false' : type === 'json' ? '{}' : '';

/** The text a new variant's value starts from: the parameter's default, so an admin changes only what the variant tests. */
export function startingText(parameter: RemoteConfigParameter | null): string {
  return parameter ? valueText(parameter.type, parameter.defaultValue) : blankText(null);
}

/** A new experiment's variants: the control and one variant, both at the parameter's default, weighted evenly. */
export function newVariantDrafts(parameter: RemoteConfigParameter | null): VariantDraft[] {
  const text = startingText(parameter);
  return [
    { name: 'Control', text, weight: '50' },
    { name: 'Variant B', text, weight: '50' },
  ];
}

/** The saved variants as the editor holds them, given the parameter's type (null: not in the live version). */
export function variantDraftsOf(
  variants: readonly ExperimentVariant[],
  type: RemoteConfigParameterType | null,
): VariantDraft[] {
  return variants.map((variant) => ({
    name: variant.name,
    // A parameter gone from the live version: shown as JSON, which the server refuses in its words on save.
    text: valueText(type ?? 'json', variant.value),
    weight: String(variant.weight),
  }));
}

/** One more variant, named by its row's letter, at the parameter's default; null when there are five. */
export function addedVariant(drafts: readonly VariantDraft[], parameter: RemoteConfigParameter | null) {
  if (drafts.length >= MAX_VARIANTS) return null;
  const taken = new Set(drafts.map((draft) => draft.name));
  // The letter of its row when free (its legend then says the same), else the first free one.
  const letters = [LETTERS[drafts.length] ?? '', ...LETTERS.slice(1)];
  const letter = letters.find((candidate) => !taken.has(`Variant ${candidate}`)) ?? drafts.length + 1;
  return [...drafts, { name: `Variant ${letter}`, text: startingText(parameter), weight: '50' }];
}

/** The variants with the one at `index` gone; the first two stay, since an experiment has at least two. */
export function removedVariant(drafts: readonly VariantDraft[], index: number): VariantDraft[] {
  if (drafts.length <= MIN_VARIANTS) return [...drafts];
  return drafts.filter((_, at) => at !== index);
}

/**
 * A refusal's field errors once the variant at `index` is removed: its own go, and those of the
 * rows after it move up with their rows (the keys name rows by place, variantField). The variants'
 * own error (their count, their names together) goes too: the set it judged is no longer there.
 */
export function errorsWithoutVariant(errors: FieldErrors, index: number): FieldErrors {
  const kept: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const row = /^variants(?:\.(\d+)(\..*)?)?$/.exec(key);
    if (!row) kept[key] = message;
    else if (row[1] !== undefined && Number(row[1]) !== index) {
      const at = Number(row[1]);
      kept[at < index ? key : `variants.${at - 1}${row[2] ?? ''}`] = message;
    }
  }
  return kept;
}

/** The variants' values after the parameter changed: each starts again from the new parameter's default. */
export function retypedVariants(drafts: readonly VariantDraft[], parameter: RemoteConfigParameter | null) {
  const text = startingText(parameter);
  return drafts.map((draft) => ({ ...draft, text }));
}

/** Each variant's share of the players in whole percents, from the weights as typed; null where one is no weight. */
export function weightShares(drafts: readonly { weight: string | number }[]): (number | null)[] {
  const weights = drafts.map((draft) => {
    const weight = typeof draft.weight === 'number' ? draft.weight : Number(draft.weight.trim());
    return Number.isInteger(weight) && weight >= 1 && weight <= 100 ? weight : null;
  });
  const total = weights.reduce<number>((sum, weight) => sum + (weight ?? 0), 0);
  return weights.map((weight) => (weight === null || total === 0 ? null : Math.round((weight / total) * 100)));
}

type Parsed = { ok: true; variants: ExperimentVariant[] } | { ok: false; message: string; fields: FieldErrors };

/**
 * The variants the drafts stand for, given the parameter's type, or each field at fault: a value's
 * syntax (a number, JSON) and a weight's range. Names (unique, present) and counts are the
 * contract schema's to say, as the form's check runs it after this.
 */
export function parseVariants(drafts: readonly VariantDraft[], type: RemoteConfigParameterType): Parsed {
  const fields: FieldErrors = {};
  const variants: ExperimentVariant[] = [];
  drafts.forEach((draft, index) => {
    const name = draft.name.trim();
    const parsed = parseValue(type, draft.text, `${name || variantLegend(index)}’s value`);
    if (!parsed.ok) fields[variantField(index, 'value')] = parsed.message;
    const weight = Number(draft.weight.trim());
    if (draft.weight.trim() === '' || !Number.isInteger(weight) || weight < 1 || weight > 100) {
      fields[variantField(index, 'weight')] = EXPERIMENT_MESSAGES.weights;
    }
    if (parsed.ok) variants.push({ name, value: parsed.value, weight });
  });
  const first = Object.values(fields)[0];
  return first === undefined ? { ok: true, variants } : { ok: false, message: first, fields };
}
