/**
 * Attacker's suite 2 — fuzz every operation of the OpenAPI document (`/api/docs/json`), on PGlite and on
 * PostgreSQL (issue 14). Per operation a bounded set of fast-check requests: valid-shaped ones drawn from its
 * schemas, and broken ones (wrong types, missing and extra fields, nulls, huge strings, unicode/RTL/NUL, extreme
 * numbers, deep nesting, malformed JSON, wrong content types, path traversal), each sent as an agent, a
 * contact, the platform key or nobody, signed or not. Pass: no 5xx, no timeout, the envelope on every `/api`
 * JSON answer, no stack trace, SQL or file path in any answer.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { documentUrlSigner } from '../lib/signed-url.ts';
import { mintSession } from '../modules/order/order-test-kit.ts';
import { seedPaymentSuite } from '../modules/payment/payment-test-kit.ts';
import { describeEachDb, testConfig, TEST_PLATFORM_KEY } from '../test/test-app.ts';
import {
  invalidRequest,
  operationsOf,
  validRequest,
  type GeneratedRequest,
  type OpenApiDoc,
} from './openapi-requests.ts';

const VALID_PER_OPERATION = 14;
const INVALID_PER_OPERATION = 30;
const TIMEOUT_MS = 5_000;
/** What must never reach a client: stack frames, file paths, SQL and database errors, JS error names. */
const LEAK =
  /\n\s+at \S|node_modules|\/work\/|\/home\/|apps\/server|\.ts:\d+|syntax error|violates|duplicate key|relation "|column "|invalid byte sequence|insert into|PGlite|pg_catalog|TypeError|ReferenceError|RangeError|SyntaxError|FST_ERR|Cannot read prop/i;
/** Nothing leaves the machine while fuzzing: every outside API points at a closed loopback port. */
const NOWHERE = 'http://127.0.0.1:9';

function envelopeProblem(body: string): string | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return 'not JSON';
  }
  const e = json as { success?: unknown; data?: unknown; errors?: { code?: unknown; message?: unknown }[] };
  if (typeof e.success !== 'boolean' || !('data' in (json as object)) || !Array.isArray(e.errors))
    return 'no envelope';
  if (e.success) return null;
  if (e.data !== null || e.errors.length === 0) return 'bad error envelope';
  const bad = e.errors.find((x) => typeof x.code !== 'string' || typeof x.message !== 'string' || !x.message);
  return bad ? 'error without code or message' : null;
}

describeEachDb(
  'OpenAPI fuzz',
  (ctx) => {
    it('every operation: no 5xx, no timeout, the envelope, no stack/SQL/path', async () => {
      const { app, config, kind } = ctx();
      const doc = (await app.inject({ url: '/api/docs/json' })).json() as OpenApiDoc;
      const operations = operationsOf(doc);
      expect(operations.length).toBeGreaterThan(60);
      const agent = await mintSession(app, { agent: true });
      const contact = await mintSession(app);
      const otherShop = await mintSession(app, { shop: 'moda', agent: true });
      // Mostly callers the route lets in (so the request reaches its code), sometimes one it must refuse.
      const session = [agent, agent, contact, otherShop, null];
      const platform = [TEST_PLATFORM_KEY, TEST_PLATFORM_KEY, TEST_PLATFORM_KEY, agent, null];
      const sign = documentUrlSigner(config);
      const failures: string[] = [];
      let sent = 0;
      const started = Date.now();

      for (const [index, op] of operations.entries()) {
        const seed = 20_140 + index;
        const requests: GeneratedRequest[] = [
          ...fc.sample(validRequest(op, doc), { seed, numRuns: VALID_PER_OPERATION }),
          ...fc.sample(invalidRequest(op, doc), { seed, numRuns: INVALID_PER_OPERATION }),
        ];
        for (const [n, request] of requests.entries()) {
          const callers = op.url.startsWith('/api/platform/') ? platform : session;
          const caller = callers[n % callers.length];
          const url = n % 3 === 0 ? sign(request.url) : request.url;
          const headers: Record<string, string> = {
            ...request.headers,
            'idempotency-key': `fuzz-${seed}-${n}`,
            ...(caller ? { authorization: `Bearer ${caller}` } : {}),
          };
          const label = `${request.kind} ${request.method} ${url.slice(0, 160)}`;
          const timer = new Promise<'timeout'>((resolve) =>
            setTimeout(() => resolve('timeout'), TIMEOUT_MS).unref(),
          );
          const answer = await Promise.race([
            app.inject({
              method: request.method as 'GET',
              url,
              headers,
              // one client address per request: budgets are tested in rate-limits.test.ts
              remoteAddress: `198.19.${(sent >> 8) & 255}.${sent & 255}`,
              ...(request.payload === undefined ? {} : { payload: request.payload }),
            }),
            timer,
          ]);
          sent++;
          if (answer === 'timeout') {
            failures.push(`${label}: no answer in ${TIMEOUT_MS} ms`);
            continue;
          }
          const body = answer.body;
          if (answer.statusCode >= 500)
            failures.push(`${label} → ${answer.statusCode} ${body.slice(0, 200)}`);
          const type = String(answer.headers['content-type'] ?? '');
          if (url.startsWith('/api/') && (type.includes('json') || answer.statusCode >= 400)) {
            const problem = envelopeProblem(body);
            if (problem) failures.push(`${label} → ${answer.statusCode}: ${problem}: ${body.slice(0, 200)}`);
          }
          if (!type.startsWith('image/') && !type.includes('pdf') && LEAK.test(body)) {
            failures.push(
              `${label} → ${answer.statusCode}: leaks ${LEAK.exec(body)?.[0]}: ${body.slice(0, 200)}`,
            );
          }
        }
      }
      console.log(
        `[${kind}] OpenAPI fuzz: ${operations.length} operations, ${sent} requests ` +
          `(${VALID_PER_OPERATION} valid-shaped + ${INVALID_PER_OPERATION} broken each) in ` +
          `${((Date.now() - started) / 1000).toFixed(1)} s; ${failures.length} failures`,
      );
      expect(failures.slice(0, 30)).toEqual([]);
    }, 600_000);
  },
  {
    setup: seedPaymentSuite,
    oneDatabase: true,
    config: {
      // Many callers share a few sessions here; the budgets themselves are tested in rate-limits.test.ts.
      rateLimits: { redisUrl: null, namespace: 'vitrine-rl:', scale: 1000 },
      cep: { provider: 'local', baseUrl: NOWHERE },
      payments: {
        ...testConfig().payments,
        apiUrls: { mercadopago: NOWHERE, pagarme: NOWHERE },
      },
      messaging: { ...testConfig().messaging, graphBaseUrl: NOWHERE },
    },
  },
);
