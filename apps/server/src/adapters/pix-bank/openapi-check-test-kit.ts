/**
 * Checks API Pix requests and answers against the Central Bank's OpenAPI document (v2.9.0), read from
 * `../shared/reference/bacen-pix-api/openapi.yaml` beside the project (never copied into the repository): the
 * operation of the path and method, its path and query parameters, its request body and the answer's body for its
 * status (`application/json` or RFC 7807 `application/problem+json`). Ajv 8 (+ ajv-formats) over the document's own
 * components, `$ref`s resolved by Ajv; OpenAPI keywords it does not know (example, x-…) are ignored (strict off).
 * One erratum of the document is patched and named: `PixConsultados` requires `cobs` while its list is `pix`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import type { Exchange } from './fake-bank.ts';

/** Beside the project root (`../shared/reference/…`, as on CI); `PIX_OPENAPI_PATH` overrides (a git worktree). */
export const PIX_OPENAPI_PATH =
  process.env.PIX_OPENAPI_PATH ||
  fileURLToPath(new URL('../../../../../../shared/reference/bacen-pix-api/openapi.yaml', import.meta.url));

// The OpenAPI document walked by hand (paths, parameters, responses): any JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
export const ERRATA = [
  'PixConsultados.required: "cobs" dropped (the list is "pix")',
  'CPF patterns written as a JS literal "/^\\d{11}$/" read as "^\\d{11}$"',
];

export function pixOpenApi() {
  const text = readFileSync(PIX_OPENAPI_PATH, 'utf8').replaceAll('"/^\\\\d{11}$/"', '"^\\\\d{11}$"');
  const doc = parse(text) as Json;
  const consultados = doc.components.schemas.PixConsultados;
  consultados.required = consultados.required.filter((r: string) => r !== 'cobs');
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addFormat('int32', true);
  ajv.addSchema({ ...doc, $id: 'pix' });
  const compiled = new Map<string, ValidateFunction>();
  const validatorOf = (pointer: string) => {
    let fn = compiled.get(pointer);
    if (!fn) compiled.set(pointer, (fn = ajv.compile({ $ref: `pix#${pointer}` })));
    return fn;
  };
  const deref = (node: Json): Json =>
    node?.$ref
      ? deref(
          node.$ref
            .slice(2)
            .split('/')
            .reduce((n: Json, k: string) => n[k], doc),
        )
      : node;
  const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
  const counts = { requests: 0, answers: 0, parameters: 0 };

  const check = (pointer: string, value: unknown, what: string): string[] => {
    const fn = validatorOf(pointer);
    return fn(value) ? [] : [`${what}: ${ajv.errorsText(fn.errors)}`];
  };

  function operationOf(method: string, path: string) {
    for (const template of Object.keys(doc.paths)) {
      const names: string[] = [];
      const pattern = template.replace(/\{(\w+)\}/g, (_m, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      const match = new RegExp(`^${pattern}$`).exec(path);
      const op = match && doc.paths[template][method.toLowerCase()];
      if (op)
        return {
          template,
          op,
          params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)])),
        };
    }
    return null;
  }

  /** Problems of one exchange with the bank (empty: it follows the document). */
  function checkExchange(ex: Exchange): string[] {
    if (ex.path === '/oauth/token') return [];
    const found = operationOf(ex.method, ex.path);
    if (!found) return [`${ex.method} ${ex.path}: no such operation`];
    const { template, op, params } = found;
    const base = `/paths/${escape(template)}`;
    const problems: string[] = [];
    const declared = [...(doc.paths[template].parameters ?? []), ...(op.parameters ?? [])].map(deref);
    for (const p of declared) {
      const value = p.in === 'path' ? params[p.name] : p.in === 'query' ? ex.query[p.name] : undefined;
      if (value === undefined) {
        if (p.required) problems.push(`${p.in} ${p.name} missing`);
        continue;
      }
      counts.parameters += 1;
      const type = deref(p.schema).type;
      const typed = type === 'integer' ? Number(value) : type === 'boolean' ? value === 'true' : value;
      const fn = ajv.compile(rebase(p.schema));
      if (!fn(typed)) problems.push(`${p.in} ${p.name}: ${ajv.errorsText(fn.errors)}`);
    }
    if (op.requestBody) {
      const ref = deref(op.requestBody).content['application/json'].schema.$ref as string;
      problems.push(...check(ref.slice(1), ex.body, `${ex.method} ${template} body`));
    }
    counts.requests += 1;
    const response = deref(op.responses[String(ex.status)] ?? {});
    const content = response.content ?? {};
    const media = content['application/json'] ?? content['application/problem+json'];
    if (!op.responses[String(ex.status)])
      problems.push(`${ex.method} ${template}: status ${ex.status} not documented`);
    else if (media) {
      const schema = media.schema.$ref
        ? media.schema.$ref.slice(1)
        : `${base}/${ex.method.toLowerCase()}/responses/${ex.status}/content/${escape(Object.keys(content)[0]!)}/schema`;
      problems.push(...check(schema, ex.answer, `${ex.method} ${template} → ${ex.status}`));
      counts.answers += 1;
    } else counts.answers += 1;
    return problems;
  }

  /** Schemas of parameters may hold `$ref`s relative to the document: point them at it. */
  function rebase(schema: Json): Json {
    return JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#/g, '"$ref":"pix#'));
  }

  /** Problems of a webhook body (the callback `{webhookUrl}/pix` of `PUT /webhook/{chave}`). */
  function checkWebhookBody(body: unknown): string[] {
    counts.requests += 1;
    const schema = doc.components.requestBodies.WebhookPixBody.content['application/json'].schema;
    const fn = ajv.compile(rebase(schema));
    return fn(body) ? [] : [`webhook body: ${ajv.errorsText(fn.errors)}`];
  }

  return { checkExchange, checkWebhookBody, counts, doc };
}
