/**
 * The chatbot's 'stock.low' / 'stock.out' events (issue 31, migration 0052): a movement that takes a tracked unit's
 * available down across its threshold queues 'stock.low', across 0 'stock.out', in the movement's transaction —
 * once per crossing, nothing for movements further below, again after the unit rose and crossed again; nothing for
 * an untracked unit or a movement that rolls back. The queued body is the documented one and the outbox delivers it.
 */
import { expect, it } from 'vitest';
import { chatbotEventBody } from '@vitrine/contracts/chatbot-events';
import type { ChatbotEventType } from '@vitrine/contracts/messaging';
import { fakeRegistry } from '../../adapters/channels/fake-channel.ts';
import { shopWithOwner } from '../../test/console-kit.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { caller, insertFixtureProduct, mintSession } from '../order/order-test-kit.ts';
import { drainOutbox } from '../outbox/worker.ts';
import { moveStock, saveStockSettings } from './service.ts';

describeEachDb('stock events for the chatbot', (ctx) => {
  let shop: { id: string; slug: string };
  let azeite = '';
  const staff = { actor: 'staff' as const, staffId: null };
  const adjust = (unit: string, delta: number) =>
    moveStock(ctx().db, shop.id, 'adjustment', staff, [
      { unit_id: unit, delta, target: null, note: 'Teste' },
    ]);
  const confirm = async (quantity: number) => {
    const order = caller(ctx().app, await mintSession(ctx().app, { shop: shop.slug }));
    await order.item({ providerId: 'AZ-EVT', quantity });
    return order.confirm();
  };
  const events = () =>
    ctx().db.query<{
      id: string;
      type: ChatbotEventType;
      shop_id: string;
      payload: { data: Record<string, unknown> };
    }>(
      `select id, type, shop_id, payload from outbox where shop_id = $1 and kind = 'event' and type like 'stock.%'
        order by created_at, id`,
      [shop.id],
    );
  const kinds = async () =>
    (await events()).map((e) => [e.type, (e.payload.data as { available: number }).available]);

  it('crossing the threshold queues stock.low once, crossing 0 stock.out once', async () => {
    ({ shop } = await shopWithOwner(ctx().app, `eventos-estoque-${ctx().kind}`));
    azeite = await insertFixtureProduct(ctx().db, shop.id, { providerId: 'AZ-EVT', priceCents: 3990 });
    await saveStockSettings(ctx().db, shop.id, azeite, {
      track: true,
      allow_backorder: false,
      low_threshold: 3,
    });
    await adjust(azeite, 6);
    expect((await confirm(2)).status).toBe(200); // 6 → 4: above the threshold
    expect(await kinds()).toEqual([]);
    expect((await confirm(1)).status).toBe(200); // 4 → 3: crosses it
    expect(await kinds()).toEqual([['stock.low', 3]]);
    expect((await confirm(1)).status).toBe(200); // 3 → 2: already below, nothing
    await adjust(azeite, -1); // 2 → 1
    expect(await kinds()).toEqual([['stock.low', 3]]);
    await adjust(azeite, -1); // 1 → 0
    expect(await kinds()).toEqual([
      ['stock.low', 3],
      ['stock.out', 0],
    ]);
    expect((await confirm(1)).status).toBe(409); // nothing left: refused, and nothing queued
    expect(await events()).toHaveLength(2);
  });

  it('a unit that rose and falls again crosses again; a fall from above straight to 0 is only stock.out', async () => {
    await adjust(azeite, 10); // 0 → 10
    expect((await confirm(8)).status).toBe(200); // 10 → 2
    await moveStock(ctx().db, shop.id, 'inventory_api', { actor: 'platform', staffId: null }, [
      { unit_id: azeite, delta: null, target: 16, note: null }, // 2 → 4, above the threshold again
    ]);
    await adjust(azeite, -4); // 4 → 0
    expect((await kinds()).slice(2)).toEqual([
      ['stock.low', 2],
      ['stock.out', 0],
    ]);
  });

  it('an untracked unit and a movement that rolls back queue nothing', async () => {
    const before = (await events()).length;
    const oleo = await insertFixtureProduct(ctx().db, shop.id, { providerId: 'OL-EVT', priceCents: 1990 });
    await saveStockSettings(ctx().db, shop.id, oleo, {
      track: false,
      allow_backorder: false,
      low_threshold: 5,
    });
    await adjust(oleo, 10);
    await adjust(oleo, -10);
    await adjust(azeite, 4);
    await expect(
      ctx().db.transaction(async (tx) => {
        await moveStock(tx, shop.id, 'adjustment', staff, [
          { unit_id: azeite, delta: -4, target: null, note: 'x' },
        ]);
        throw new Error('desfeito');
      }),
    ).rejects.toThrow('desfeito');
    expect(await events()).toHaveLength(before);
  });

  it('queues the documented body, and the outbox delivers it', async () => {
    const [low] = await events();
    const body = {
      type: 'event',
      id: low!.id,
      event: low!.type,
      occurredAt: new Date().toISOString(),
      shop: { id: low!.shop_id },
      data: low!.payload.data,
    };
    const parsed = chatbotEventBody(low!.type).safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data).toEqual(body); // nothing undocumented either
    expect(low!.id).toMatch(/^obx_[0-9a-z]{26}$/);
    expect(low!.payload.data).toMatchObject({
      unit: { sku: 'SKU-AZ-EVT', productId: 'AZ-EVT', variantId: null },
      measure: 'unit',
      onHand: 6,
      held: 3,
      available: 3,
      lowThreshold: 3,
      movement: { reason: 'sale_held', orderId: expect.stringMatching(/^ord_/) },
    });
    const registry = fakeRegistry();
    await drainOutbox(ctx().db, registry, { retryBaseMs: 0 });
    const delivered = registry.delivered.flatMap((d) =>
      d.kind === 'event' && d.shopId === shop.id && d.event.type.startsWith('stock.') ? [d.event.id] : [],
    );
    expect(delivered).toEqual((await events()).map((e) => e.id));
  });
});
