import fc from 'fast-check';

/**
 * Hostile requests generated from the OpenAPI document the app serves: every operation, its path
 * and query parameters and its JSON body, each leaf either a plausible value (from the schema and
 * the ids of a seeded world) or a hostile one.
 */

type JsonSchema = Record<string, unknown>;

export interface FuzzOperation {
  method: string;
  /** As the document writes it, e.g. `/api/v1/evaluations/{id}`. */
  path: string;
  pathParams: Array<{ name: string; schema: JsonSchema }>;
  queryParams: Array<{ name: string; schema: JsonSchema }>;
  bodySchema?: JsonSchema;
}

/** Text written into a request as it is: a JSON number token JSON.stringify cannot make, or pre-encoded URL text. */
export class RawText {
  constructor(readonly text: string) {}
}

export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\u202Eevil.exe',
  '\u0001\u0002\u001f',
  '\u0007\u0008\u001b[31m',
  'x'.repeat(10_000),
  '',
  ' ',
  '\n',
  '\uFEFF',
  '\u{1F600}',
  "'; DROP TABLE users; --",
  '../../etc/passwd',
  'NaN',
  'Infinity',
  '1e309',
  '-1',
  '9223372036854775808',
  '1.5',
  'null',
];

/** JSON carried in a string (ra-data-simple-rest's filter, sort and range): escapes only its parser sees. */
const HOSTILE_JSON_TEXT: readonly string[] = [
  '{"id":["\\u0000"]}',
  '{"q":"\\ud800","user_id":"\\u0000","status":"\\u0000","type":"\\u0000"}',
  '{"id":[1e309, -1, 9223372036854775808]}',
  '["\\u0000","ASC"]',
  '[0,1e309]',
  '[-1,9223372036854775808]',
];

/** Numbers as JSON text: beyond doubles, beyond int8, negative, fractional. */
export const HOSTILE_NUMBER_TOKENS: readonly string[] = [
  '1e309',
  '-1e309',
  '1e-400',
  '9223372036854775808',
  '-9223372036854775809',
  '99999999999999999999999',
  '4294967296',
  '2147483648',
  '1.5',
  '-1',
  '-0',
  '0',
];

/** URL text a client can send that no string encodes to: NUL, a lone surrogate's bytes, broken escapes. */
const HOSTILE_URL_TEXT: readonly string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF',
  '%C0%80',
  '%',
  '%zz',
  '%E2%80%AE',
];

/** Within the body limit but more than one event of the log may hold (64 KiB). */
const BULKY_OBJECT = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`k${i}`, 'x'.repeat(10_000)]));

export interface FuzzWorld {
  /** Ids of the seeded world (evaluations, keys, people, assignments): what a path or id field plausibly holds. */
  ids: readonly string[];
}

/** Every operation of an OpenAPI 3 document. */
export function operationsOf(document: { paths: Record<string, Record<string, unknown>> }): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const operation = raw as {
        parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      };
      const parameters = operation.parameters ?? [];
      const pick = (where: string) =>
        parameters
          .filter((parameter) => parameter.in === where)
          .map((parameter) => ({ name: parameter.name, schema: parameter.schema ?? {} }));
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: pick('path'),
        queryParams: pick('query'),
        bodySchema: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_JSON_TEXT),
  fc.constantFrom(...HOSTILE_NUMBER_TOKENS.map((token) => new RawText(token))),
  fc.constantFrom(null, true, [], {}, BULKY_OBJECT),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

function plausibleValueOf(
  schema: JsonSchema,
  name: string,
  world: FuzzWorld,
  depth: number,
): fc.Arbitrary<unknown> {
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (variants?.length)
    return fc.oneof(...variants.map((variant) => plausibleValueOf(variant, name, world, depth)));
  if (Array.isArray(schema.allOf) && schema.allOf.length)
    return plausibleValueOf(schema.allOf[0] as JsonSchema, name, world, depth);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...(schema.enum as unknown[]));
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  return fc.oneof(...types.map((type) => valueOfType(type, schema, name, world, depth)));
}

function valueOfType(
  type: string | undefined,
  schema: JsonSchema,
  name: string,
  world: FuzzWorld,
  depth: number,
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'object':
      return objectOf(schema, world, depth);
    case 'array':
      return depth > 6
        ? fc.constant([])
        : fc.array(plausibleValueOf((schema.items as JsonSchema | undefined) ?? {}, name, world, depth + 1), {
            maxLength: 3,
          });
    case 'string':
      return stringOf(schema, name, world);
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
      const max = typeof schema.maximum === 'number' ? Math.min(schema.maximum, min + 100_000) : min + 1000;
      return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.constantFrom<unknown>('x', 1, true, { note: 'x' });
  }
}

function objectOf(schema: JsonSchema, world: FuzzWorld, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  if (depth > 6 || Object.keys(properties).length === 0) return fc.constant({});
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties))
    model[key] = plausibleValueOf(property, key, world, depth + 1);
  const required = ((schema.required ?? []) as string[]).filter((key) => key in properties);
  return fc.record(model, { requiredKeys: required });
}

function stringOf(schema: JsonSchema, name: string, world: FuzzWorld): fc.Arbitrary<unknown> {
  const format = schema.format as string | undefined;
  if (format === 'email' || /email/.test(name))
    return fc.constantFrom('fuzz-other@example.com', 'Fuzz.Other@Example.com');
  if (format === 'uri' || format === 'url' || /url|host/.test(name))
    return fc.constantFrom('https://example.com/app', 'http://127.0.0.1:1/');
  if (format === 'date-time') return fc.constant('2026-01-01T00:00:00.000Z');
  if (format === 'date' || /date|^from$|^to$/.test(name)) return fc.constantFrom('2026-01-01', '2026-12-31');
  return fc.constantFrom('hello', 'A title', ...world.ids);
}

/** A path or query value: a plausible one, or an id of the world. */
function urlValueOf(schema: JsonSchema, name: string, world: FuzzWorld): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: plausibleValueOf(schema, name, world, 0) },
    { weight: 1, arbitrary: fc.constantFrom(...world.ids) },
  );
}

/** What a hostile client puts in a URL: hostile text, hostile numbers, escapes that decode to no text. */
const hostileUrlValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_JSON_TEXT),
  fc.constantFrom(...HOSTILE_NUMBER_TOKENS),
  fc.constantFrom(...HOSTILE_URL_TEXT.map((text) => new RawText(text))),
);

export interface FuzzRequest {
  url: string;
  /** JSON text, when the operation takes a body. */
  payload?: string;
}

interface RequestParts {
  path: unknown[];
  query: unknown[];
  body: unknown;
}

/**
 * Requests for one operation: plausible values everywhere (so the route's own rules are reached),
 * then, in most requests, one place made hostile: a path or query parameter, the body itself, or
 * any field or element inside it.
 */
export function requestsFor(operation: FuzzOperation, world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const parts: fc.Arbitrary<RequestParts> = fc.record({
    path: fc.tuple(...operation.pathParams.map((param) => urlValueOf(param.schema, param.name, world))),
    query: fc.tuple(
      ...operation.queryParams.map((param) =>
        fc.option(urlValueOf(param.schema, param.name, world), { nil: undefined }),
      ),
    ),
    body: operation.bodySchema
      ? plausibleValueOf(operation.bodySchema, 'body', world, 0)
      : fc.constant(undefined),
  });
  return fc
    .tuple(parts, fc.nat(), hostileLeaf, hostileUrlValue, fc.nat(9))
    .map(([request, target, hostile, hostileInUrl, plan]) =>
      plan === 0 ? request : withOneHostilePlace(request, target, hostile, hostileInUrl),
    )
    .map((request) => toFuzzRequest(operation, request));
}

/** `request` with the `target`-th place (modulo the number of places) made hostile. */
function withOneHostilePlace(
  request: RequestParts,
  target: number,
  hostile: unknown,
  hostileInUrl: unknown,
): RequestParts {
  const bodyPlaces = request.body === undefined ? [] : placesIn(request.body, []);
  const count = request.path.length + request.query.length + bodyPlaces.length;
  if (count === 0) return request;
  let index = target % count;
  if (index < request.path.length)
    return { ...request, path: request.path.map((v, i) => (i === index ? hostileInUrl : v)) };
  index -= request.path.length;
  if (index < request.query.length)
    return { ...request, query: request.query.map((v, i) => (i === index ? hostileInUrl : v)) };
  index -= request.query.length;
  return { ...request, body: replaceAt(request.body, bodyPlaces[index]!, hostile) };
}

/** Paths of the value itself and of every field and element inside it. */
function placesIn(value: unknown, at: Array<string | number>): Array<Array<string | number>> {
  const places = [at];
  if (value instanceof RawText || value === null || typeof value !== 'object') return places;
  for (const [key, item] of Object.entries(value)) {
    places.push(...placesIn(item, [...at, Array.isArray(value) ? Number(key) : key]));
  }
  return places;
}

function replaceAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = replaceAt(copy[head!], rest, replacement);
  return copy;
}

function toFuzzRequest(operation: FuzzOperation, request: RequestParts): FuzzRequest {
  let url = operation.path;
  operation.pathParams.forEach((param, index) => {
    url = url.replace(`{${param.name}}`, encodeUrlText(request.path[index]));
  });
  const pairs = operation.queryParams.flatMap((param, index) =>
    request.query[index] === undefined
      ? []
      : [`${encodeURIComponent(param.name)}=${encodeUrlText(request.query[index])}`],
  );
  if (pairs.length) url += `?${pairs.join('&')}`;
  return { url, payload: operation.bodySchema ? jsonText(request.body) : undefined };
}

/** JSON text of a generated value, raw tokens written as they are. */
export function jsonText(value: unknown): string {
  if (value instanceof RawText) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Percent-encodes any value for a URL; a lone surrogate (which encodeURIComponent refuses) becomes
 * the bytes a careless client would send for it (its WTF-8 form).
 */
export function encodeUrlText(value: unknown): string {
  if (value instanceof RawText) return value.text;
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  let encoded = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      encoded += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      encoded += encodeURIComponent(char);
    }
  }
  return encoded;
}
