import fc from 'fast-check';

/*
 * Requests beyond a route's contract, made from requests that look valid to it (fuzz.test.ts):
 * a field missing, added or of the wrong type, strings and numbers too big or strange, objects
 * nested deep, arrays too long, prototype keys, bodies that are not JSON or not sent as JSON.
 * Each mutation names itself, so a failure says what was tried as well as the body itself.
 */

/** A request body as sent: its bytes, the Content-Type header (none when empty) and the mutation that made it. */
export interface FuzzBody {
  payload: string | Buffer;
  contentType: string;
  mutation: string;
}

/** A query string as sent (without the "?") and the mutation that made it. */
export interface FuzzQuery {
  search: string;
  mutation: string;
  /** False when the text is malformed in a way parsers may read differently (a broken percent escape). */
  wellFormed: boolean;
}

type Path = readonly (string | number)[];

/** Text (or bytes) written into the body as is, where JSON.stringify cannot write it: 1e400, invalid UTF-8. */
class Raw {
  constructor(readonly content: string | Buffer) {}
}

/** Names an object's key as its own data property, even `__proto__` (which an assignment would treat as the prototype). */
function withKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Raw);
}

/** The path of every node of a JSON value, the root first. */
function nodePaths(value: unknown, path: Path = [], found: Path[] = []): Path[] {
  found.push(path);
  if (Array.isArray(value)) for (const [index, member] of value.entries()) nodePaths(member, [...path, index], found);
  else if (isObject(value)) for (const [key, member] of Object.entries(value)) nodePaths(member, [...path, key], found);
  return found;
}

function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], value);
}

/** A copy of `value` with the node at `path` replaced (`remove`: taken out). */
function changeAt(value: unknown, path: Path, change: { replace: unknown } | { remove: true }): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return 'replace' in change ? change.replace : undefined;
  if (Array.isArray(value) && typeof key === 'number') {
    if (rest.length === 0 && 'remove' in change) return value.filter((_member, index) => index !== key);
    return value.map((member, index) => (index === key ? changeAt(member, rest, change) : member));
  }
  if (isObject(value) && typeof key === 'string') {
    const copy = { ...value };
    if (rest.length === 0 && 'remove' in change) {
      delete copy[key];
      return copy;
    }
    return withKey(copy, key, changeAt(value[key], rest, change));
  }
  return value;
}

/** JSON text of a value holding Raw parts; bytes when one of them is bytes. */
function serialise(value: unknown): string | Buffer {
  const raws: Raw[] = [];
  // Private-use characters JSON.stringify leaves as they are: a placeholder no generated text holds.
  const marker = (index: number) => `"\ue000raw${index}\ue000"`;
  const text = JSON.stringify(value, (_key, member: unknown) => {
    if (!(member instanceof Raw)) return member;
    raws.push(member);
    return `\ue000raw${raws.length - 1}\ue000`;
  });
  if (text === undefined) return '';
  if (raws.every((raw) => typeof raw.content === 'string')) {
    return raws.reduce<string>((body, raw, index) => body.replace(marker(index), raw.content as string), text);
  }
  const pieces: Buffer[] = [];
  let rest = text;
  raws.forEach((raw, index) => {
    const [before = '', after = ''] = rest.split(marker(index));
    pieces.push(Buffer.from(before), typeof raw.content === 'string' ? Buffer.from(raw.content) : raw.content);
    rest = after;
  });
  pieces.push(Buffer.from(rest));
  return Buffer.concat(pieces);
}

/** Keys that reach an object's prototype, or shadow what every object inherits. */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
] as const;

/** What a pollution attempt would add to Object.prototype: the fuzz test checks it never appears. */
export const POLLUTION_MARK = 'fuzzPolluted';

const pollution = { [POLLUTION_MARK]: true, isAdmin: true, keys: ['admin'] };

const anyJson = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3, noNullPrototype: true }),
);

const STRANGE_TEXT = [
  '\ud800',
  '\udfff',
  'a\ud83d',
  '😀',
  '👩‍👩‍👧‍👦',
  '\u202eevil',
  '\u200b',
  '\ufeff',
  'e\u0301',
  '１２３',
  '\u2028\u2029',
  'İı',
  'ß',
  '\u00a0',
  '\t\r\n',
  '\u0007\u001b[31m',
  'ｄｅｖｅｌｏｐｍｅｎｔ',
  '%00',
  '\\u0000',
  '../../etc/passwd',
  "'; drop table users; --",
  '<img src=x onerror=alert(1)>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template-injection text, on purpose
  '${7*7}{{7*7}}',
  '*%_?[]',
];

const strangeText = fc.oneof(
  fc.constantFrom(...STRANGE_TEXT),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

const NAN_LIKE = ['NaN', 'Infinity', '-Infinity', '1e400', '-0', '0x10', '1_000', ' 42', '42 ', '٤٢', '4\u200b2', ''];
const NAN_LIKE_VALUES = [...NAN_LIKE, 'null', 'undefined', 'true', '[]', '{}'];

const HUGE_NUMBERS: readonly (number | Raw)[] = [
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  -(2 ** 63),
  2 ** 64,
  5e-324,
  -0,
  0.1 + 0.2,
  1e21,
  new Raw('1e400'),
  new Raw('-1e400'),
  new Raw('123456789012345678901234567890'),
  new Raw('1E+2'),
  new Raw('-0.0e-0'),
];

const hugeString = fc
  .tuple(fc.constantFrom('x', 'é', '😀', '\u202e', '\\', '"', '<b>'), fc.integer({ min: 10_000, max: 200_000 }))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));

/** About the most an oversized array writes: near the body limit, never many megabytes to generate. */
const ARRAY_BYTES = 1_500_000;

/** Nested objects or arrays `depth` levels deep. */
function nested(depth: number, kind: 'object' | 'array'): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = kind === 'object' ? { a: value } : [value];
  return value;
}

/** Whole bodies that are not the JSON object every route reads. */
const NOT_AN_OBJECT = [
  '',
  ' ',
  '[]',
  '[{}]',
  '"text"',
  '42',
  'null',
  'true',
  '{',
  '}',
  '{"a":1,}',
  '[1,2',
  '{}{}',
  '{"a":1}garbage',
  'NaN',
  "{'a':1}",
  '{"a":01}',
  '\ufeff{}',
  '{"a":"\\x41"}',
  '{"a":1e400}',
  '/*c*/{}',
];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data',
  'application/octet-stream',
  'application/jsonx',
  '',
];

const PREVIEW = 300;

function preview(payload: string | Buffer): string {
  const text = typeof payload === 'string' ? payload : payload.toString('utf8');
  return text.length <= PREVIEW
    ? JSON.stringify(text)
    : `${JSON.stringify(text.slice(0, PREVIEW))}… (${text.length} characters)`;
}

/** Failures print a request as its mutation and the start of its text: a body can be a megabyte. */
function printable<Request extends FuzzBody | FuzzQuery>(request: Request): Request {
  const text =
    'payload' in request
      ? `${request.mutation}; ${request.contentType || 'no content type'}: ${preview(request.payload)}`
      : `${request.mutation}: ?${preview(request.search)}`;
  return Object.assign(request, { [fc.toStringMethod]: () => text });
}

const json = (value: unknown, mutation: string): FuzzBody => ({
  payload: serialise(value),
  contentType: 'application/json',
  mutation,
});

/** A body that is valid-looking JSON: sent as generated. */
export function asBody(value: unknown): FuzzBody {
  return printable(json(value, 'as generated'));
}

/** Requests beyond the contract, each made from one valid-looking body. */
export function mutatedBodies(valid: fc.Arbitrary<unknown>): fc.Arbitrary<FuzzBody> {
  return valid.chain((value) => {
    const paths = nodePaths(value);
    const objectPaths = paths.filter((path) => isObject(valueAt(value, path)));
    const keyPaths = paths.filter((path) => path.length > 0 && typeof path.at(-1) === 'string');
    const stringPaths = paths.filter((path) => typeof valueAt(value, path) === 'string');
    const anyPath = fc.constantFrom(...paths);
    const objectPath = objectPaths.length > 0 ? fc.constantFrom(...objectPaths) : fc.constant(undefined);
    const at = (path: Path, replacement: unknown, mutation: string) =>
      json(changeAt(value, path, { replace: replacement }), `${mutation} at ${describe(path)}`);
    const addKey = (path: Path | undefined, key: string, member: unknown, mutation: string) =>
      path === undefined
        ? json(withKey({}, key, member), `${mutation} (the only key)`)
        : json(
            changeAt(value, path, { replace: withKey({ ...(valueAt(value, path) as object) }, key, member) }),
            `${mutation} at ${describe(path)}`,
          );

    const mutations: fc.WeightedArbitrary<FuzzBody>[] = [
      { weight: 4, arbitrary: fc.tuple(anyPath, anyJson).map(([path, other]) => at(path, other, 'wrong type')) },
      {
        weight: 3,
        arbitrary:
          keyPaths.length > 0
            ? fc
                .constantFrom(...keyPaths)
                .map((path) => json(changeAt(value, path, { remove: true }), `missing ${describe(path)}`))
            : fc.constant(json({}, 'missing every field')),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(objectPath, fc.string({ minLength: 1, maxLength: 12 }), anyJson)
          .map(([path, key, member]) => addKey(path, key, member, `extra field ${JSON.stringify(key)}`)),
      },
      {
        weight: 3,
        arbitrary: fc
          .tuple(
            objectPath,
            fc.constantFrom(...PROTOTYPE_KEYS),
            fc.constantFrom<unknown>(pollution, { prototype: pollution }, 'x', 1),
          )
          .map(([path, key, member]) => addKey(path, key, member, `prototype key ${key}`)),
      },
      {
        weight: 2,
        arbitrary: fc.tuple(anyPath, hugeString).map(([path, text]) => at(path, text, `string of ${text.length}`)),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(anyPath, fc.constantFrom(...HUGE_NUMBERS))
          .map(([path, number]) => at(path, number, `number ${number instanceof Raw ? number.content : number}`)),
      },
      {
        weight: 3,
        arbitrary: fc
          .tuple(stringPaths.length > 0 ? fc.constantFrom(...stringPaths) : anyPath, strangeText, fc.boolean())
          .map(([path, text, append]) => {
            const original = valueAt(value, path);
            const changed = append && typeof original === 'string' ? `${original}${text}` : text;
            return at(path, changed, `strange text ${JSON.stringify(text)}`);
          }),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(anyPath, fc.constantFrom(...NAN_LIKE_VALUES))
          .map(([path, text]) => at(path, text, `NaN-like ${JSON.stringify(text)}`)),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(anyPath, fc.integer({ min: 8, max: 70 }), fc.constantFrom('object' as const, 'array' as const))
          .map(([path, depth, kind]) => at(path, nested(depth, kind), `${kind}s nested ${depth} deep`)),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(anyPath, fc.constantFrom(1_000, 10_000, 60_000)).map(([path, length]) => {
          const current = valueAt(value, path);
          const element = Array.isArray(current) ? (current[0] ?? 0) : current;
          // Past the body limit is another mutation's job: big elements make fewer of them.
          const fitting = Math.min(length, Math.floor(ARRAY_BYTES / ((JSON.stringify(element) ?? '').length + 1)));
          return at(
            path,
            Array.from({ length: fitting }, () => element),
            `array of ${fitting}`,
          );
        }),
      },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(...stringPaths, ...(stringPaths.length > 0 ? [] : [[] as Path]))
          .map((path) =>
            at(path, new Raw(Buffer.from([0x22, 0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0x22])), 'invalid UTF-8'),
          ),
      },
      {
        weight: 2,
        arbitrary: fc.constantFrom(...NOT_AN_OBJECT).map((text) => ({
          payload: text,
          contentType: 'application/json',
          mutation: `body ${JSON.stringify(text)}`,
        })),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...WRONG_CONTENT_TYPES).map((contentType) => ({
          ...json(value, `sent as ${contentType || 'no content type'}`),
          contentType,
        })),
      },
      {
        weight: 1,
        // Written when drawn, not with the list: most draws take another mutation, and writing a
        // megabyte for each valid-looking value was a fifth of the fuzz test's time.
        arbitrary: fc.constant('body over 1 MiB').map((mutation) => {
          const padding = 'x'.repeat(1_100_000);
          return json(isObject(value) ? { ...value, padding } : padding, mutation);
        }),
      },
    ];
    return fc.oneof(...mutations).map(printable);
  });
}

function describe(path: Path): string {
  return path.length === 0 ? 'the root' : path.join('.');
}

/** A query string's parameters as a parser reads them: repeated names give lists. */
export type QueryParameters = Record<string, string | string[]>;

/** A valid-looking value of a querystring schema, as the parameters a URL can carry. */
export function asQueryParameters(value: unknown): QueryParameters {
  const parameters: QueryParameters = {};
  if (!isObject(value)) return parameters;
  for (const [key, member] of Object.entries(value)) {
    if (member === undefined) continue;
    parameters[key] = Array.isArray(member)
      ? member.map(String)
      : isObject(member)
        ? JSON.stringify(member)
        : String(member);
  }
  return parameters;
}

export function querySearch(parameters: QueryParameters): string {
  const search = new URLSearchParams();
  for (const [key, member] of Object.entries(parameters)) {
    for (const one of Array.isArray(member) ? member : [member]) search.append(key, one);
  }
  return search.toString();
}

/** The parameters a standard parser reads from a query string. */
export function readQuery(search: string): QueryParameters {
  const read: QueryParameters = {};
  for (const [key, member] of new URLSearchParams(search)) {
    const earlier = Object.hasOwn(read, key) ? read[key] : undefined;
    withKey(read, key, earlier === undefined ? member : [...(Array.isArray(earlier) ? earlier : [earlier]), member]);
  }
  return read;
}

const MALFORMED_QUERIES = [
  '%',
  '%E0%A4%A',
  'a=%zz',
  '&&&',
  '=x',
  '==',
  'a[b]=1&a[c]=2',
  'a.b=1',
  '+=+',
  '%C0%AE%C0%AE',
];

/** Query strings beyond the contract, each made from one valid-looking set of parameters. */
export function mutatedQueries(valid: fc.Arbitrary<unknown>): fc.Arbitrary<FuzzQuery> {
  return valid.map(asQueryParameters).chain((parameters) => {
    const names = Object.keys(parameters);
    const name = names.length > 0 ? fc.constantFrom(...names) : fc.string({ minLength: 1, maxLength: 8 });
    const query = (changed: QueryParameters, mutation: string): FuzzQuery => ({
      search: querySearch(changed),
      mutation,
      wellFormed: true,
    });
    const set = (key: string, member: string | string[], mutation: string) =>
      query(withKey({ ...parameters }, key, member) as QueryParameters, `${mutation} for ${key}`);
    const mutations: fc.WeightedArbitrary<FuzzQuery>[] = [
      {
        weight: 2,
        arbitrary: name.map((key) => {
          const { [key]: _dropped, ...rest } = parameters;
          return query(rest, `missing ${key}`);
        }),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom(...PROTOTYPE_KEYS)), fc.string())
          .map(([key, member]) => set(key, member, 'extra parameter')),
      },
      {
        weight: 3,
        arbitrary: fc
          .tuple(
            name,
            fc.oneof(fc.constantFrom(...NAN_LIKE_VALUES, 'abc', '-1', '1.5', '99999999999999999999999'), fc.string()),
          )
          .map(([key, member]) => set(key, member, `value ${JSON.stringify(member)}`)),
      },
      {
        weight: 3,
        arbitrary: fc
          .tuple(name, strangeText)
          .map(([key, member]) => set(key, member, `strange text ${JSON.stringify(member)}`)),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(name, fc.integer({ min: 2_000, max: 8_000 }))
          .map(([key, length]) => set(key, 'x'.repeat(length), `value of ${length} characters`)),
      },
      {
        weight: 2,
        arbitrary: fc.tuple(name, fc.integer({ min: 2, max: 200 })).map(([key, times]) =>
          set(
            key,
            Array.from({ length: times }, () => String(parameters[key] ?? 'x')),
            `${times} times`,
          ),
        ),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...MALFORMED_QUERIES).map((text) => ({
          search: [querySearch(parameters), text].filter(Boolean).join('&'),
          mutation: `malformed ${JSON.stringify(text)}`,
          wellFormed: false,
        })),
      },
    ];
    return fc.oneof(...mutations).map(printable);
  });
}

/** A valid-looking value of a querystring schema, sent as generated. */
export function asQuery(value: unknown): FuzzQuery {
  return printable({ search: querySearch(asQueryParameters(value)), mutation: 'as generated', wellFormed: true });
}
