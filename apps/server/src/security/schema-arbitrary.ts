/**
 * The OpenAPI document as fast-check sees it: its operations (in Fastify's `:param` form) and, for a JSON
 * Schema of OpenAPI 3.0, an arbitrary of the values that match it — as far as JSON Schema can say (zod
 * refinements such as a CPF check digit are not in it).
 */
import fc from 'fast-check';

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  default?: unknown;
};

export type Parameter = {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
};
export type Operation = {
  method: string;
  /** Fastify's form: `/api/order/:orderId/account/`. */
  url: string;
  parameters: Parameter[];
  body: JsonSchema | null;
};
export type OpenApiDoc = {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: JsonSchema }> } }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** Every operation of the document, with its path in Fastify's `:param` form. */
export function operationsOf(doc: OpenApiDoc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      url: path.replace('{*}', '*').replace(/\{([^}]+)\}/g, ':$1'),
      parameters: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema ?? null,
    })),
  );
}

const MAX_DEPTH = 6;

function resolve(schema: JsonSchema, doc: OpenApiDoc): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').at(-1)!;
  return doc.components?.schemas?.[name] ?? {};
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 24, 24));
  if (schema.pattern) {
    const long = schema.maxLength ?? Infinity;
    const fits = (text: string) => text.length >= min && text.length <= long;
    try {
      // `\S` as printable ASCII (a subset): fast-check is slow on classes of the whole of Unicode.
      const pattern = new RegExp(schema.pattern.replace(/\\S/g, '[!-~]'));
      // Long minimums need long matches: generate at a large size, and only use the pattern when it can reach
      // the bounds (a filter that almost never passes would spin forever).
      const matching = fc.stringMatching(pattern, min > 8 ? { size: 'large' } : {});
      const tried = fc.sample(matching, { seed: 7, numRuns: 40 }).filter(fits);
      if (tried.length >= 10) return matching.filter(fits);
      if (tried.length > 0) return fc.constantFrom(...tried);
    } catch {
      // a pattern fast-check cannot generate from: plain strings
    }
  }
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().filter((s) => s.length <= (schema.maxLength ?? 254));
    case 'uri':
    case 'url':
      return fc.webUrl({ validSchemes: ['https'] });
    case 'date-time':
      return fc.date({ min: new Date(2020, 0, 1), max: new Date(2035, 0, 1) }).map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date(2020, 0, 1), max: new Date(2035, 0, 1) })
        .map((d) => d.toISOString().slice(0, 10));
    case 'uuid':
      return fc.uuid();
  }
  // Mostly printable text; a quarter any code point at all (NUL, controls, RTL, astral).
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' }) },
    { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: max, unit: 'binary' }) },
  );
}

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  // OpenAPI 3.0 says `exclusiveMinimum: true` beside `minimum`; JSON Schema 2020-12 gives the bound itself.
  const step = integer ? 1 : 0.01;
  const bound = (exclusive: number | boolean | undefined, inclusive: number | undefined, sign: 1 | -1) =>
    typeof exclusive === 'number'
      ? exclusive + sign * step
      : exclusive === true && inclusive !== undefined
        ? inclusive + sign * step
        : inclusive;
  const low = bound(schema.exclusiveMinimum, schema.minimum, 1);
  const high = bound(schema.exclusiveMaximum, schema.maximum, -1);
  const min = Math.max(low ?? -1e6, -1e6);
  const max = Math.min(high ?? 1e6, 1e6);
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
  return fc
    .double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true })
    .map((n) => Math.round(n * 100) / 100)
    .filter((n) => n >= min && n <= max);
}

/** Values that match `schema` (as far as JSON Schema can say; zod refinements are not in it). */
export function validArbitrary(
  schema: JsonSchema,
  doc: OpenApiDoc,
  options: { requiredOnly?: boolean } = {},
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = resolve(schema, doc);
  const base = (): fc.Arbitrary<unknown> => {
    if (s.const !== undefined) return fc.constant(s.const);
    if (s.enum) return fc.constantFrom(...s.enum);
    const union = s.anyOf ?? s.oneOf;
    if (union) return fc.oneof(...union.map((u) => validArbitrary(u, doc, options, depth + 1)));
    if (s.allOf)
      return validArbitrary(Object.assign({}, ...s.allOf.map((p) => resolve(p, doc))), doc, options, depth);
    const types = [s.type ?? (s.properties ? 'object' : 'any')].flat().filter((t) => t !== 'null');
    // OpenAPI 3.1 (JSON Schema 2020-12) spells a nullable value `anyOf: [<schema>, {type: 'null'}]`.
    if (types.length === 0) return fc.constant(null);
    const arbitraries = types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return stringOf(s);
        case 'integer':
          return numberOf(s, true);
        case 'number':
          return numberOf(s, false);
        case 'boolean':
          return fc.boolean();
        case 'array': {
          if (depth > MAX_DEPTH) return fc.constant([]);
          const min = s.minItems ?? 0;
          return fc.array(validArbitrary(s.items ?? {}, doc, options, depth + 1), {
            minLength: min,
            maxLength: Math.max(min, Math.min(s.maxItems ?? 3, 3)),
          });
        }
        case 'object': {
          const properties = s.properties ?? {};
          const required = s.required ?? [];
          const keys = Object.keys(properties).filter((k) => !options.requiredOnly || required.includes(k));
          if (depth > MAX_DEPTH) return fc.constant({});
          return fc.record(
            Object.fromEntries(keys.map((k) => [k, validArbitrary(properties[k]!, doc, options, depth + 1)])),
            { requiredKeys: required.filter((k) => keys.includes(k)) },
          );
        }
        default:
          return fc.jsonValue({ maxDepth: 2 });
      }
    });
    return arbitraries.length === 1 ? arbitraries[0]! : fc.oneof(...arbitraries);
  };
  const value = base();
  const nullable = s.nullable || [s.type].flat().includes('null');
  return nullable && !options.requiredOnly ? fc.option(value, { nil: null, freq: 4 }) : value;
}
