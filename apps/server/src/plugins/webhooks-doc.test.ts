/**
 * The event contract (issue 19, docs/events.md): every event kind the code can queue for the chatbot platform is
 * described in the served OpenAPI document's `webhooks` and in docs/events.md; the bodies actually queued match
 * the documented schemas; and the `events:listen` receiver verifies signatures as documented.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { CHATBOT_EVENTS, chatbotEventBody } from '@vitrine/contracts/chatbot-events';
import type { ChatbotEventType } from '@vitrine/contracts/messaging';
import { signedHeaders } from '../adapters/channels/webhook-signature.ts';
import { readyAgentOrder } from '../flows/checkout/agent-confirm-test-kit.ts';
import { cardBody, expectAnswer, payer, seedPaymentSuite } from '../modules/payment/payment-test-kit.ts';
import { mintSession } from '../modules/order/order-test-kit.ts';
import { productionFiles } from '../test/architecture-scan.ts';
import { describeEachDb } from '../test/test-app.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const EVENTS_MD = readFileSync(`${ROOT}docs/events.md`, 'utf8');

/**
 * The event kinds a source text queues: the quoted kinds among the arguments of enqueueEvent/enqueueOrderEvent and
 * of recovery's queueReminderEvent.
 */
function queuedKinds(text: string): string[] {
  const kinds = new Set<string>();
  for (const call of text.matchAll(/(?:enqueue(?:Order)?Event|queueReminderEvent)\(([^;]*?)\);/gs)) {
    for (const literal of call[1]!.matchAll(/'([a-z_]+(?:\.[a-z_]+)+)'/g)) kinds.add(literal[1]!);
  }
  return [...kinds];
}

/** The event kinds the migrations' triggers queue (`kind := 'stock.low'` before `outbox_enqueue_event`). */
function sqlQueuedKinds(): string[] {
  const dir = `${ROOT}apps/server/src/db/migrations/`;
  const kinds = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .map((f) => readFileSync(dir + f, 'utf8'))
    .filter((sql) => sql.includes('outbox_enqueue_event('))
    .flatMap((sql) => [...sql.matchAll(/kind := '([a-z_]+(?:\.[a-z_]+)+)'/g)].map((m) => m[1]!));
  return [...new Set(kinds)];
}

/** The kinds among `kinds` that the OpenAPI webhooks or docs/events.md do not describe. */
function undocumented(kinds: string[], webhooks: Record<string, unknown>, markdown: string): string[] {
  return kinds.filter((kind) => !(kind in webhooks) || !markdown.includes(`### \`${kind}\``));
}

describeEachDb(
  'the event contract of the chatbot platform',
  (ctx) => {
    const webhooksOf = async () => {
      const doc = (await ctx().app.inject({ url: '/api/docs/json' })).json();
      expect(doc.openapi).toBe('3.1.0');
      return doc.webhooks as Record<
        string,
        { post: { parameters: { name: string }[]; requestBody: object } }
      >;
    };

    it('documents every event kind the code can queue, in the OpenAPI webhooks and docs/events.md', async () => {
      const webhooks = await webhooksOf();
      const queued = [...new Set(productionFiles().flatMap((f) => queuedKinds(f.text)))].sort();
      // The scan finds the kinds queued today (a scan that finds nothing would prove nothing).
      expect(queued).toEqual(
        expect.arrayContaining([
          'order.confirmed',
          'order.paid',
          'payment.change_requested',
          'cart.abandoned',
          'payment.reminder',
        ]),
      );
      const queuedBySql = sqlQueuedKinds();
      expect(queuedBySql.sort()).toEqual(['stock.low', 'stock.out']);
      expect(undocumented([...queued, ...queuedBySql, ...CHATBOT_EVENTS], webhooks, EVENTS_MD)).toEqual([]);
      for (const kind of CHATBOT_EVENTS) {
        const post = webhooks[kind]!.post;
        expect(post.parameters.map((p) => p.name)).toEqual([
          'X-Vitrine-Timestamp',
          'X-Vitrine-Signature',
          'X-Vitrine-Event-Id',
          'Idempotency-Key',
        ]);
        expect(JSON.stringify(post)).toContain('Retries:');
      }
      expect(Object.keys(webhooks)).toEqual([...CHATBOT_EVENTS, 'webchat.message']);
    });

    it('an unknown event kind fails the contract', async () => {
      const webhooks = await webhooksOf();
      const source = `await enqueueOrderEvent(\n  tx,\n  'order.shipped',\n  order,\n  session,\n);`;
      expect(queuedKinds(source)).toEqual(['order.shipped']);
      expect(undocumented(queuedKinds(source), webhooks, EVENTS_MD)).toEqual(['order.shipped']);
    });

    it('the bodies queued for a confirmed and a paid order match the documented schemas', async () => {
      const { app, db } = ctx();
      const agent = await readyAgentOrder(app, '11955550001', 0);
      const { id: orderId } = (await agent.okCall('POST', '/api/order/confirm', {})) as unknown as {
        id: string;
      };
      const shopper = payer(app, await mintSession(app, { phone: '11955550001' }));
      expectAnswer(await shopper.pay(cardBody('4111111111111111'), 'contract-pay-1'));
      const rows = await db.query<{
        id: string;
        type: ChatbotEventType;
        shop_id: string;
        payload: { data: unknown };
      }>(
        `select id, type, shop_id, payload from outbox where kind = 'event' and order_id = $1 order by created_at`,
        [orderId],
      );
      expect(rows.map((r) => r.type)).toEqual(['order.confirmed', 'order.paid']);
      for (const row of rows) {
        // The body the worker posts (modules/outbox/worker.ts, adapters/channels/webchat-webhook.ts).
        const body = {
          type: 'event',
          id: row.id,
          event: row.type,
          occurredAt: new Date().toISOString(),
          shop: { id: row.shop_id },
          data: row.payload.data,
        };
        const parsed = chatbotEventBody(row.type).safeParse(body);
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
        // Nothing undocumented either (zod drops the keys a schema does not name).
        expect(parsed.data).toEqual(body);
      }
    });
  },
  { setup: seedPaymentSuite },
);

it('events:listen prints a signed event, marks a repeat and refuses a bad signature', async () => {
  const secret = 'segredo-de-teste-123456';
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/events-listen.ts', '--secret', secret, '--port', '0'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (chunk: Buffer) => {
        const found = /http:\/\/[\d.]+:\d+\//.exec(chunk.toString());
        if (found) resolve(found[0]);
      });
      child.on('exit', (code) => reject(new Error(`events:listen saiu (${code})`)));
    });
    const lines: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => lines.push(...chunk.toString().trim().split('\n')));
    const raw = JSON.stringify({ type: 'event', id: 'obx_teste', event: 'order.paid', data: {} });
    const post = (headers: Record<string, string>) =>
      fetch(origin, {
        method: 'POST',
        body: raw,
        headers: { 'content-type': 'application/json', ...headers },
      });
    expect((await post(signedHeaders(secret, 'obx_teste', raw))).status).toBe(200);
    expect((await post(signedHeaders(secret, 'obx_teste', raw))).status).toBe(200);
    expect((await post(signedHeaders('outro-segredo-1234567', 'obx_teste', raw))).status).toBe(401);
    const old = signedHeaders(secret, 'obx_teste', raw, Date.now() - 10 * 60_000);
    expect((await post(old)).status).toBe(401);
    await expect.poll(() => lines.length).toBe(4);
    const printed = lines.map((line) => JSON.parse(line));
    expect(printed[0]).toMatchObject({ id: 'obx_teste', repeat: false, body: { event: 'order.paid' } });
    expect(printed[1]).toMatchObject({ id: 'obx_teste', repeat: true });
    expect(printed[2]).toMatchObject({ refused: 'assinatura inválida ou antiga' });
  } finally {
    child.kill();
  }
}, 30_000);
