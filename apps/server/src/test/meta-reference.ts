/**
 * Meta's WhatsApp Business Messaging OpenAPI v23.0 (MIT, kept read-only at ../shared/reference/…; see its README),
 * loaded once per test file: the webhook examples and an ajv (JSON Schema 2020-12) validator over its component
 * schemas (decision 0048).
 *
 * One normalisation, documented: the document closes each message branch with `additionalProperties: false`
 * inside an `allOf` next to `BaseMessageProperties`, which under JSON Schema refuses every message (the base's own
 * `messaging_product`, `to`… are "additional" to the branch). The intent is `unevaluatedProperties: false` on the
 * whole, so the loader moves it there.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import YAML from 'yaml';

const DOCUMENT = 'shared/reference/meta-business-messaging/business-messaging-api_v23.0.yaml';

/** `../shared/reference/…` beside the project root (a worktree may sit deeper: the nearest ancestor that has it). */
function documentPath(): string {
  let dir = fileURLToPath(new URL('../../../../', import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dirname(dir), DOCUMENT);
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new Error(`${DOCUMENT} not found beside the project (see ../shared/reference/README.md)`);
}

type Json = Record<string, unknown>;

function closeAllOf(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (Array.isArray(schema.allOf)) {
    let closed = false;
    for (const branch of schema.allOf as Json[]) {
      if (branch && branch.additionalProperties === false) {
        delete branch.additionalProperties;
        closed = true;
      }
    }
    if (closed) schema.unevaluatedProperties = false;
  }
  for (const value of Object.values(schema)) closeAllOf(value);
}

export function loadMetaReference() {
  const doc = YAML.parse(readFileSync(documentPath(), 'utf8')) as {
    paths: Record<string, Json>;
    components: { schemas: Record<string, unknown> };
  };
  const hook = doc.paths['/whatsapp/webhooks'] as {
    post: {
      requestBody: { content: { 'application/json': { examples: Record<string, { value: unknown }> } } };
    };
  };
  const examples = Object.entries(hook.post.requestBody.content['application/json'].examples).map(
    ([name, example]) => ({ name, payload: example.value }),
  );
  closeAllOf(doc.components);
  const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'meta', components: doc.components });
  const schema = (name: string): ValidateFunction => {
    const validate = ajv.getSchema(`meta#/components/schemas/${name}`);
    if (!validate) throw new Error(`schema ${name} not in the document`);
    return validate;
  };
  const enumOf = (path: string[]): unknown[] => {
    let node: unknown = doc.components.schemas;
    for (const key of path) node = (node as Json)[key];
    return node as unknown[];
  };
  return { examples, schema, enumOf };
}
