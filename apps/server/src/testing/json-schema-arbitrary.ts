import fc from 'fast-check';

/*
 * Values that look valid to a JSON Schema, as fast-check arbitraries: the fuzz test's starting
 * point for each route (fuzz.test.ts). The schemas come from the routes' zod contracts through
 * z.toJSONSchema, so only what it writes is covered; anything else generates any JSON value.
 * "Looks valid": zod still has the last word (refinements and transforms have no JSON Schema).
 */

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

export interface JsonSchema {
  type?: JsonType | JsonType[];
  const?: unknown;
  enum?: readonly unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  /** OpenAPI 3.0's way of saying "or null". */
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema | false;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
}

/** How many elements and keys a generated collection holds beyond its minimum: bodies stay small and quick. */
const SPARE_ELEMENTS = 4;

const INT32 = { min: -0x80000000, max: 0x7fffffff };
/** The span of the "small" numbers drawn most of the time. */
const SMALL_NUMBER = 100;

function withinLength(schema: JsonSchema) {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
  return (text: string) => text.length >= min && text.length <= max;
}

function formatted(format: string | undefined): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'date-time':
      return fc
        .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case 'email':
      return fc.emailAddress();
    case 'uuid':
      return fc.uuid();
    case 'uri':
    case 'url':
      return fc.webUrl();
    default:
      return undefined;
  }
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  // A pattern says the most; a format generator is next; then any text of the allowed length.
  let pattern: fc.Arbitrary<string> | undefined;
  if (schema.pattern !== undefined) {
    try {
      pattern = fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A regular expression fast-check cannot invert (a look-around): the format or plain text instead.
    }
  }
  const source =
    pattern ??
    formatted(schema.format) ??
    fc.string({
      unit: 'grapheme',
      minLength: schema.minLength ?? 0,
      maxLength: Math.min(schema.maxLength ?? 40, (schema.minLength ?? 0) + 40),
    });
  return source.filter(withinLength(schema));
}

function bound(inclusive: number | undefined, exclusive: number | boolean | undefined) {
  // Draft 4 wrote exclusivity as a flag beside minimum/maximum; later drafts as the bound itself.
  if (typeof exclusive === 'number') return { value: exclusive, excluded: true };
  return { value: inclusive, excluded: exclusive === true };
}

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const low = bound(schema.minimum, schema.exclusiveMinimum);
  const high = bound(schema.maximum, schema.exclusiveMaximum);
  const min = low.value === undefined ? Number.MIN_SAFE_INTEGER : Math.ceil(low.value) + (low.excluded ? 1 : 0);
  const max = high.value === undefined ? Number.MAX_SAFE_INTEGER : Math.floor(high.value) - (high.excluded ? 1 : 0);
  const step = schema.multipleOf !== undefined && Number.isInteger(schema.multipleOf) ? schema.multipleOf : 1;
  const anywhere =
    min >= INT32.min && max <= INT32.max
      ? fc.integer({ min, max })
      : fc
          .bigInt({
            min: BigInt(Math.max(min, Number.MIN_SAFE_INTEGER)),
            max: BigInt(Math.min(max, Number.MAX_SAFE_INTEGER)),
          })
          .map(Number);
  // Mostly small: a bound set after a transform (a page size, a count of days) has no JSON Schema.
  const small = fc.integer({
    min: Math.max(min, Math.min(0, max)),
    max: Math.min(max, Math.max(min, 0) + SMALL_NUMBER),
  });
  const within = fc.oneof({ weight: 3, arbitrary: small }, { weight: 1, arbitrary: anywhere });
  return step === 1 ? within : within.map((value) => Math.min(max, Math.ceil(value / step) * step));
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const low = bound(schema.minimum, schema.exclusiveMinimum);
  const high = bound(schema.maximum, schema.exclusiveMaximum);
  if (low.value === undefined && high.value === undefined) {
    // Unbounded: likely a bound the JSON Schema cannot show (see integerArbitrary), so mostly small.
    return fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: 0, max: SMALL_NUMBER }) },
      { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
    );
  }
  return fc.double({
    ...(low.value === undefined ? {} : { min: low.value, minExcluded: low.excluded }),
    ...(high.value === undefined ? {} : { max: high.value, maxExcluded: high.excluded }),
    noNaN: true,
    noDefaultInfinity: true,
  });
}

function arrayArbitrary(schema: JsonSchema): fc.Arbitrary<unknown[]> {
  const minLength = schema.minItems ?? 0;
  const maxLength = Math.min(schema.maxItems ?? Number.POSITIVE_INFINITY, minLength + SPARE_ELEMENTS);
  if (schema.prefixItems) {
    const head = fc.tuple(...schema.prefixItems.map((item) => jsonSchemaArbitrary(item)));
    const rest = schema.items
      ? fc.array(jsonSchemaArbitrary(schema.items), { maxLength: SPARE_ELEMENTS })
      : fc.constant([]);
    return fc.tuple(head, rest).map(([first, more]) => [...first, ...more]);
  }
  const item = schema.items ? jsonSchemaArbitrary(schema.items) : fc.jsonValue({ maxDepth: 2 });
  return schema.uniqueItems
    ? fc.uniqueArray(item, { minLength, maxLength, selector: (value) => JSON.stringify(value) })
    : fc.array(item, { minLength, maxLength });
}

function objectArbitrary(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = (schema.required ?? []).filter((key) => key in properties);
  const named = fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, jsonSchemaArbitrary(property)])),
    { requiredKeys: required },
  );
  const extra = schema.additionalProperties;
  if (typeof extra !== 'object') return named;
  // A record (z.record): keys from propertyNames, values from additionalProperties.
  const keys = schema.propertyNames
    ? stringArbitrary(schema.propertyNames)
    : fc.string({ minLength: 1, maxLength: 20 });
  const more = fc.dictionary(
    keys.filter((key) => !(key in properties)),
    jsonSchemaArbitrary(extra),
    { maxKeys: SPARE_ELEMENTS, noNullPrototype: true },
  );
  return fc.tuple(named, more).map(([own, rest]) => ({ ...rest, ...own }));
}

function typedArbitrary(type: JsonType, schema: JsonSchema): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayArbitrary(schema);
    case 'object':
      return objectArbitrary(schema);
  }
}

/** An arbitrary of JSON values that `schema` describes (any JSON value where it says nothing). */
export function jsonSchemaArbitrary(schema: JsonSchema | boolean): fc.Arbitrary<unknown> {
  if (schema === true || schema === false) return fc.jsonValue({ maxDepth: 2 });
  const base = baseArbitrary(schema);
  return schema.nullable ? fc.option(base, { nil: null }) : base;
}

function baseArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => jsonSchemaArbitrary(alternative)));
  // An intersection: its first part, which zod may then refuse (the body is only valid-looking).
  if (schema.allOf?.[0]) return jsonSchemaArbitrary(schema.allOf[0]);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) {
    if (schema.properties || typeof schema.additionalProperties === 'object') return objectArbitrary(schema);
    if (schema.items || schema.prefixItems) return arrayArbitrary(schema);
    return fc.jsonValue({ maxDepth: 2 });
  }
  return fc.oneof(...types.map((type) => typedArbitrary(type, schema)));
}
