/**
 * Stock that never oversells, on three real instances behind the round-robin proxy (issue 31): 100 concurrent
 * 1-unit confirms (customers and agents mixed) of a unit with 10 on hand → exactly 10 confirmed, 90 refused with the
 * pt-BR message, the ledger holding 10 and nothing available; then 4 console cancels and 2 unpaid Pix charges
 * expired by the sweeper → exactly 6 available. The threshold's and 0's crossings queued 'stock.low' and 'stock.out'
 * once each (migration 0052), whichever instance ran the confirm that crossed them; the releases queue nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveStock, saveStockSettings } from '../modules/stock/service.ts';
import { PAULISTA_ADDRESS } from '../modules/checkout/checkout-test-kit.ts';
import {
  clusterAvailable,
  CLUSTER_PLATFORM_KEY,
  startCluster,
  type Cluster,
} from '../test/cluster/cluster.ts';
import { call, mintSession } from '../test/cluster/cluster-client.ts';
import { CUSTOMER, insertSlot, ok } from './cluster-kit.ts';

const PRODUCT = 'AZ-CLUSTER';
const NAME = 'Azeite Extra Virgem 500 ml';

/** Runs `fn` over `items`, `width` at a time (setting up 100 orders without flooding two cores). */
async function inBatches<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width)
    out.push(...(await Promise.all(items.slice(i, i + width).map(fn))));
  return out;
}

describe.skipIf(!clusterAvailable)('stock across three instances', () => {
  let cluster: Cluster;
  let base: string;
  let shopId: string;
  let productId: string;
  beforeAll(async () => {
    cluster = await startCluster({ instances: 3, env: { PAYMENT_SWEEP_SECONDS: '1' } });
    base = cluster.proxy.url;
    const [shop] = await cluster.db.query<{ id: string }>(`select id from shops where slug = 'hortifruti'`);
    shopId = shop!.id;
    productId = 'prd_stock_cluster';
    await cluster.db.query(
      `insert into products (id, shop_id, provider_id, sku, name, price_cents) values ($1, $2, $3, $3, $4, 4990)`,
      [productId, shopId, PRODUCT, NAME],
    );
    await saveStockSettings(cluster.db, shopId, productId, {
      track: true,
      allow_backorder: false,
      low_threshold: 2,
    });
    await moveStock(cluster.db, shopId, 'adjustment', { actor: 'staff', staffId: null }, [
      { unit_id: productId, delta: 10, target: null, note: 'Contagem' },
    ]);
    await insertSlot(cluster.db, 'slt-stock', 100, '10:00');
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  const level = async () =>
    (
      await cluster.db.query<{ on_hand: number; held: number; available: number; ledger_held: number }>(
        `select on_hand, held, available,
                (select sum(held_delta)::int from stock_movements where unit_id = $1) as ledger_held
           from stock_levels where unit_id = $1`,
        [productId],
      )
    )[0]!;

  /** The stock events queued for the shop, oldest first, with the available each one reported. */
  /**
   * The stock events queued, highest level first: which crossings happened, not in which order — created_at is the
   * transaction's start (a confirm that waited on the level's lock has an earlier one) and the outbox id is a
   * millisecond time with a random tail, so neither orders two confirms that committed a moment apart.
   */
  const stockEvents = () =>
    cluster.db.query<{ type: string; available: number }>(
      `select type, (payload -> 'data' ->> 'available')::int as available from outbox
        where shop_id = $1 and kind = 'event' and type like 'stock.%' order by available desc, type`,
      [shopId],
    );

  /** An agent's order of 1 unit with everything but the confirm: customer, address, delivery, cash, slot. */
  async function agentOrder(): Promise<string> {
    const code = await mintSession(base, { agent: true });
    await ok(call(base, 'POST', '/api/customer/update', { code, body: CUSTOMER }));
    await ok(call(base, 'POST', '/api/order/address/', { code, body: PAULISTA_ADDRESS }));
    await ok(call(base, 'POST', '/api/order/items/', { code, body: { providerId: PRODUCT, quantity: 1 } }));
    const logistic = { type: 1, providerId: 'loja-paulista-entrega', addressIndex: 0 };
    await ok(call(base, 'POST', '/api/order/logistic/', { code, body: logistic }));
    const cash = { providerId: 'cash', cashAmount: 100_000 };
    await ok(call(base, 'POST', '/api/order/payment/delivery', { code, body: cash }));
    await ok(call(base, 'POST', '/api/order/schedule', { code, body: { id: 'slt-stock' } }));
    return code;
  }

  async function customerOrder(): Promise<string> {
    const code = await mintSession(base);
    await ok(call(base, 'POST', '/api/order/items/', { code, body: { providerId: PRODUCT, quantity: 1 } }));
    return code;
  }

  /** A console owner of hortifruti: a shop created through the platform, its owner then added to hortifruti. */
  async function consoleOwner(): Promise<{ cookie: string; csrf: string }> {
    const email = 'dona@estoque-cluster.example';
    const created = await call<{ invitationUrl: string }>(base, 'POST', '/api/platform/shops', {
      headers: { authorization: `Bearer ${CLUSTER_PLATFORM_KEY}` },
      body: { slug: 'estoque-cluster', name: 'Estoque', owner: { email, name: 'Dona Ana' } },
    });
    expect(created.status).toBe(201);
    const token = created.data.invitationUrl.slice(created.data.invitationUrl.indexOf('#') + 1);
    const accepted = await fetch(`${base}/api/console/invitations/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, name: 'Dona Ana', password: 'senha-forte-123' }),
    });
    expect(accepted.status).toBe(200);
    const cookie = accepted.headers
      .getSetCookie()
      .find((c) => c.startsWith('vitrine_console='))!
      .split(';')[0]!;
    await cluster.db.query(
      `insert into shop_staff (shop_id, user_id, role)
       select $1, user_id, 'owner' from shop_staff where shop_id = (select id from shops where slug = 'estoque-cluster')`,
      [shopId],
    );
    const me = await call<{ csrfToken: string }>(base, 'GET', '/api/console/me', { headers: { cookie } });
    return { cookie, csrf: me.data.csrfToken };
  }

  it('100 concurrent 1-unit confirms of 10 on hand: 10 confirmed, 90 refused in pt-BR, then 4 cancels and 2 Pix expiries free 6', async () => {
    const kinds = Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? 'agent' : 'customer'));
    const sessions = await inBatches(kinds, 8, async (kind) => ({
      kind,
      code: kind === 'agent' ? await agentOrder() : await customerOrder(),
    }));
    const answers = await Promise.all(
      sessions.map(({ kind, code }) =>
        kind === 'agent'
          ? call<{ id: string }>(base, 'POST', '/api/order/confirm', { code, body: {} })
          : call<{ order: { id: string } }>(base, 'GET', '/api/order/confirm', { code }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(90);
    const refusals = answers.filter((a) => a.status === 409).map((a) => a.errors[0]);
    expect(new Set(refusals.map((e) => `${e?.code}: ${e?.message}`))).toEqual(
      new Set([`stockOut: Não há mais ${NAME} em estoque.`]),
    );
    const confirmedKinds = sessions.filter((_, i) => statuses[i] === 200).map((s) => s.kind);
    expect(await level()).toEqual({ on_hand: 10, held: 10, available: 0, ledger_held: 10 });
    expect(await stockEvents()).toEqual([
      { type: 'stock.low', available: 2 },
      { type: 'stock.out', available: 0 },
    ]);
    const [orders] = await cluster.db.query<{ n: number }>(
      `select count(*)::int as n from orders o join order_items i on i.order_id = o.id
        where i.product_id = $1 and o.status = 1`,
      [productId],
    );
    expect(orders?.n).toBe(10);
    expect(cluster.proxy.failures()).toBe(0);
    console.info(`stock cluster: confirmed ${JSON.stringify(confirmedKinds)}`);

    // 4 cancels on the console's board, 2 unpaid Pix charges of customers left to expire.
    const confirmed = sessions
      .map((s, i) => ({ ...s, answer: answers[i]! }))
      .filter((s) => s.answer.status === 200)
      .map((s) => ({
        ...s,
        orderId:
          s.kind === 'agent'
            ? (s.answer.data as { id: string }).id
            : (s.answer.data as { order: { id: string } }).order.id,
      }))
      .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'customer' ? -1 : 1)); // customers pay by Pix first
    const pixPayers = confirmed.slice(0, 2);
    const owner = await consoleOwner();
    for (const { orderId } of confirmed.slice(2, 6)) {
      const res = await call(base, 'POST', `/api/console/shops/hortifruti/orders/${orderId}/cancel`, {
        headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrf },
        body: { reason: 'Cliente desistiu' },
      });
      expect(res.status, JSON.stringify(res.errors)).toBe(200);
    }
    expect((await level()).available).toBe(4);

    for (const { code, orderId } of pixPayers) {
      await cluster.db.query(`update orders set checkout = checkout || '{"paymentMethod":3}' where id = $1`, [
        orderId,
      ]);
      const charge = await call<{ paymentId: string }>(base, 'POST', '/api/order/payment/charge', { code });
      expect(charge.status, JSON.stringify(charge.errors)).toBe(200);
      await cluster.db.query(`update payments set expires_at = now() - interval '1 second' where id = $1`, [
        charge.data.paymentId,
      ]);
    }
    for (const deadline = Date.now() + 20_000; Date.now() < deadline && (await level()).available < 6;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await level()).toEqual({ on_hand: 10, held: 4, available: 6, ledger_held: 4 });
    expect(await stockEvents()).toHaveLength(2);
    const reasons = await cluster.db.query<{ reason: string; n: number }>(
      `select reason, count(*)::int as n from stock_movements where unit_id = $1 group by reason order by reason`,
      [productId],
    );
    expect(reasons).toEqual([
      { reason: 'adjustment', n: 1 },
      { reason: 'cancel', n: 4 },
      { reason: 'payment_expired', n: 2 },
      { reason: 'sale_held', n: 10 },
    ]);
  }, 300_000);
});
