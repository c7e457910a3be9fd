import {
  REMOTE_CONFIG_LIMITS,
  type RemoteConfigParameter,
  type RemoteConfigParameterType,
  type RemoteConfigTemplate,
  type RemoteConfigValue,
  REMOTE_CONFIG_MESSAGES as SAY,
} from '@outpost/contracts/remote-config/schemas';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { FunctionError } from '../platform/http/errors';
import { compareAppVersions } from './evaluate';

/*
 * What a template must be beyond its shape (the contracts' zod schema): within the limits, its names
 * unique, its conditions meaningful, every value of a parameter of the parameter's type and, for a
 * JSON parameter with a schema, matching it (Ajv, JSON Schema 2020-12). Checked at every save and
 * publish; a refusal names the first problem.
 */

const ajv = new Ajv2020({ strict: false, allErrors: false });

const refuse = (message: string) => new FunctionError('invalid-argument', message);

function ofType(type: RemoteConfigParameterType, value: RemoteConfigValue): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'json':
      return true;
  }
}

function checkParameter(parameter: RemoteConfigParameter, conditionNames: ReadonlySet<string>): void {
  const { key } = parameter;
  const values: [string, RemoteConfigValue][] = [
    ['default value', parameter.defaultValue],
    ...parameter.conditionalValues.map(({ condition, value }): [string, RemoteConfigValue] => [
      `value for "${condition}"`,
      value,
    ]),
  ];
  const seen = new Set<string>();
  for (const { condition } of parameter.conditionalValues) {
    if (!conditionNames.has(condition)) throw refuse(SAY.unknownCondition(key, condition));
    if (seen.has(condition)) throw refuse(`Parameter "${key}" has two values for the condition "${condition}".`);
    seen.add(condition);
  }
  checkParameterValues(parameter, values);
}

/**
 * Each of `values` ([where, value]) must be of the parameter's type and match its schema; a refusal
 * (400) names the first that is not. Exported for experiments, whose variants' values are the
 * parameter's (experiments/queries.ts).
 */
export function checkParameterValues(
  parameter: Pick<RemoteConfigParameter, 'key' | 'type' | 'schema'>,
  values: readonly [string, RemoteConfigValue][],
): void {
  const { key, type } = parameter;
  for (const [where, value] of values) if (!ofType(type, value)) throw refuse(SAY.wrongType(key, where, type));
  if (parameter.schema === undefined) return;
  if (type !== 'json') throw refuse(SAY.schemaOnlyForJson(key));
  let validate: ReturnType<typeof ajv.compile>;
  try {
    validate = ajv.compile(parameter.schema);
  } catch (error) {
    throw refuse(SAY.badSchema(key, (error as Error).message));
  }
  for (const [where, value] of values) {
    if (!validate(value))
      throw refuse(SAY.schemaRefused(key, where, ajv.errorsText(validate.errors, { dataVar: 'value' })));
  }
}

/** Throws a 400 naming the template's first problem; answers its JSON, as stored. */
export function checkRemoteConfigTemplate(template: RemoteConfigTemplate): string {
  if (template.parameters.length > REMOTE_CONFIG_LIMITS.parameters) throw refuse(SAY.tooManyParameters);
  if (template.conditions.length > REMOTE_CONFIG_LIMITS.conditions) throw refuse(SAY.tooManyConditions);
  const json = JSON.stringify(template);
  if (Buffer.byteLength(json) > REMOTE_CONFIG_LIMITS.templateBytes) throw refuse(SAY.tooLarge);

  const conditionNames = new Set<string>();
  for (const condition of template.conditions) {
    const { name, platforms, appVersion, percent, segment } = condition;
    if (conditionNames.has(name)) throw refuse(SAY.duplicateCondition(name));
    conditionNames.add(name);
    if (!platforms && !appVersion?.min && !appVersion?.max && !percent && !segment)
      throw refuse(SAY.emptyCondition(name));
    if (appVersion?.min && appVersion.max && compareAppVersions(appVersion.min, appVersion.max) > 0) {
      throw refuse(SAY.badVersionRange(name));
    }
    if (percent && percent.from >= percent.to) throw refuse(SAY.badPercentRange(name));
  }
  const keys = new Set<string>();
  for (const parameter of template.parameters) {
    if (keys.has(parameter.key)) throw refuse(SAY.duplicateKey(parameter.key));
    keys.add(parameter.key);
    checkParameter(parameter, conditionNames);
  }
  return json;
}
