/**
 * Requests generated from the OpenAPI document (`/api/docs/json`) with fast-check: for each operation, values
 * that match its schemas (valid-shaped) and values built to break them — wrong types, missing and extra
 * fields, nulls, huge strings, unicode/RTL/NUL, extreme numbers, deep nesting, malformed JSON, path
 * traversal. Used by the authorization matrix (one valid-shaped request per route) and the fuzz.
 */
import fc from 'fast-check';
import { validArbitrary, type OpenApiDoc, type Operation, type Parameter } from './schema-arbitrary.ts';

export { operationsOf, type OpenApiDoc, type Operation } from './schema-arbitrary.ts';

/** Strings an attacker tries: traversal, NUL, RTL and other unicode, injection shapes, empty, huge. */
export const HOSTILE_STRINGS = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '../../../../etc/passwd',
      '..%2f..%2fetc%2fpasswd',
      '..\\..\\windows\\win.ini',
      '/etc/passwd%00.png',
      'a\u0000b',
      '\u0000',
      '\u202eRTL\u202d',
      '\u200b\u200f\ufeff',
      'çãõ 漢字 😀 👩‍👩‍👧',
      '\ud800',
      "' OR 1=1 --",
      "'; drop table orders; --",
      '${7*7}{{7*7}}',
      '<script>alert(1)</script>',
      '%s%n%x',
      '',
      ' ',
      '__proto__',
      'constructor',
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }).map((text) => `${text}\u0000${text}`) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 120_000 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

/** JSON values of every type, including the extremes (strings most often: they reach the database). */
const HOSTILE_VALUES: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: HOSTILE_STRINGS },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      null,
      true,
      false,
      0,
      -0,
      -1,
      1e308,
      -1e308,
      5e-324,
      Number.MAX_SAFE_INTEGER + 2,
      2 ** 63,
      0.1 + 0.2,
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [null], { '': null }, { __proto__: { polluted: true } }) },
  { weight: 1, arbitrary: fc.integer({ min: 30, max: 200 }).map((depth) => nested(depth)) },
);

function nested(depth: number): unknown {
  let value: unknown = 'fundo';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** A valid-shaped object with one field broken: removed, nulled, retyped, or an extra field added. */
function broken(value: unknown): fc.Arbitrary<unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return HOSTILE_VALUES;
  const keys = Object.keys(value);
  const pick = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('campo');
  return fc.oneof(
    pick.map((k) => {
      const copy = { ...value } as Record<string, unknown>;
      delete copy[k];
      return copy;
    }),
    fc.tuple(pick, HOSTILE_VALUES).map(([k, v]) => ({ ...value, [k]: v })),
    fc
      .tuple(fc.constantFrom('extra', 'isAdmin', 'shopId', 'userId', 'constructor'), HOSTILE_VALUES)
      .map(([k, v]) => ({
        ...value,
        [k]: v,
      })),
  );
}

export type GeneratedRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Raw body text (malformed JSON included) or undefined for none. */
  payload?: string;
  kind: 'valid' | 'invalid';
};

/**
 * Percent-encodes like encodeURIComponent, except that a lone surrogate (which encodeURIComponent refuses) is
 * sent as the 3 bytes a careless encoder would produce — invalid UTF-8, which is the point.
 */
export function percentEncode(text: string): string {
  return text.replace(/[\ud800-\udbff][\udc00-\udfff]|[\s\S]/g, (c) => {
    const unit = c.charCodeAt(0);
    if (c.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      return bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }
    return encodeURIComponent(c);
  });
}

const encode = (value: unknown) =>
  percentEncode(typeof value === 'string' ? value : String(JSON.stringify(value)));

function queryString(entries: [string, unknown][]): string {
  const parts = entries
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${percentEncode(k)}=${encode(v)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

function fill(url: string, params: Record<string, unknown>): string {
  return url.replace(/:([A-Za-z0-9_]+)|\*$/g, (_m, name: string | undefined) =>
    encode(params[name ?? '*'] ?? 'x'),
  );
}

/** One request of `op` whose parameters and body match its schemas. */
export function validRequest(
  op: Operation,
  doc: OpenApiDoc,
  options: { requiredOnly?: boolean } = {},
): fc.Arbitrary<GeneratedRequest> {
  const params = (where: Parameter['in']) =>
    fc.record(
      Object.fromEntries(
        op.parameters
          .filter((p) => p.in === where)
          .map((p) => [
            p.name,
            p.required || !options.requiredOnly
              ? validArbitrary(p.schema, doc, options)
              : fc.constant(undefined),
          ]),
      ),
    );
  return fc
    .record({
      path: params('path'),
      query: params('query'),
      body: op.body ? validArbitrary(op.body, doc, options) : fc.constant(undefined),
    })
    .map(({ path, query, body }) => ({
      method: op.method,
      url: fill(op.url, path) + queryString(Object.entries(query)),
      headers: body === undefined ? ({} as Record<string, string>) : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      kind: 'valid' as const,
    }));
}

const MALFORMED_JSON = fc.constantFrom(
  '{"a":',
  '[',
  'nul',
  '{"a":1,}',
  "{'a':1}",
  '{"a":"\\x00"}',
  '{"a":1e99999}',
  '"',
  '{}}',
  '[]'.repeat(3),
);

/** One request of `op` built to break it somewhere (parameters, query, body or the JSON itself). */
export function invalidRequest(op: Operation, doc: OpenApiDoc): fc.Arbitrary<GeneratedRequest> {
  return validRequest(op, doc).chain((valid) => {
    const body = valid.payload === undefined ? undefined : (JSON.parse(valid.payload) as unknown);
    const hasPathParams = op.url.includes(':') || op.url.endsWith('*');
    const mutations: fc.WeightedArbitrary<GeneratedRequest>[] = [
      // the body: one field broken, a hostile value in place of the whole body, malformed JSON
      {
        weight: body === undefined ? 0 : 5,
        arbitrary: broken(body).map((b) => ({
          ...valid,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(b) ?? 'null',
          kind: 'invalid' as const,
        })),
      },
      {
        weight: 1,
        arbitrary: HOSTILE_VALUES.map((b) => ({
          ...valid,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(b) ?? 'null',
          kind: 'invalid' as const,
        })),
      },
      {
        weight: 1,
        arbitrary: MALFORMED_JSON.map((payload) => ({
          ...valid,
          headers: { 'content-type': 'application/json' },
          payload,
          kind: 'invalid' as const,
        })),
      },
      // the query: hostile values for known and unknown keys, repeated keys
      {
        weight: 3,
        arbitrary: fc
          .tuple(
            fc.constantFrom(...op.parameters.filter((p) => p.in === 'query').map((p) => p.name), 'extra'),
            HOSTILE_VALUES,
          )
          .map(([k, v]) => ({
            ...valid,
            url: `${valid.url}${valid.url.includes('?') ? '&' : '?'}${percentEncode(k)}=${encode(v)}&${percentEncode(k)}=2`,
            kind: 'invalid' as const,
          })),
      },
      // wrong content types
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(
            'text/plain',
            'application/xml',
            'application/x-www-form-urlencoded',
            'application/json; charset=latin1',
          )
          .map((type) => ({
            ...valid,
            headers: { 'content-type': type },
            payload: valid.payload ?? 'a=1',
            kind: 'invalid' as const,
          })),
      },
    ];
    if (hasPathParams) {
      mutations.push({
        weight: 4,
        arbitrary: HOSTILE_STRINGS.map((v) => ({
          ...valid,
          url:
            op.url.replace(/:([A-Za-z0-9_]+)|\*$/g, () => percentEncode(v)) +
            (valid.url.split('?')[1] ? `?${valid.url.split('?')[1]}` : ''),
          kind: 'invalid' as const,
        })),
      });
    }
    return fc.oneof(...mutations.filter((m) => m.weight > 0));
  });
}
