/**
 * Stock moved by orders through the real routes (issue 31): a customer confirm holds its lines or fails whole with
 * the pt-BR message naming the product and what is left; a retried confirm holds once; the console's cancel gives
 * the stock back and its finalize takes it off the shelf; the levels and the ledger refuse hand-written changes.
 */
import { expect, it } from 'vitest';
import { asStaff, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { configureOrderCaches } from '../order/caches.ts';
import { caller, insertFixtureProduct, mintSession, type Caller } from '../order/order-test-kit.ts';
import { moveStock, saveStockSettings, unitStock } from './service.ts';

describeEachDb('stock moved by orders', (ctx) => {
  let shop: { id: string; slug: string };
  let owner: Staff;
  let azeite: string;
  let queijo: string;
  let waiting: Caller;

  const level = async (productId: string) => {
    const [unit] = await unitStock(ctx().db, shop.id, [productId]);
    return { onHand: unit!.on_hand, held: unit!.held, available: unit!.available };
  };
  const shopper = async (providerId: string, quantity: number) => {
    const c = caller(ctx().app, await mintSession(ctx().app, { shop: shop.slug }));
    await c.item({ providerId, quantity });
    return c;
  };
  const staffCall = (url: string, payload: object = {}) =>
    asStaff(ctx().app, owner, { method: 'POST', url: `/api/console/shops/${shop.slug}${url}`, payload });

  it('sets up a shop with a tracked azeite (3 units) and a kilo cheese (1 kg)', async () => {
    ({ shop, owner } = await shopWithOwner(ctx().app, `estoque-${ctx().kind}`));
    const { db } = ctx();
    azeite = await insertFixtureProduct(db, shop.id, { providerId: 'AZ-500', priceCents: 3990 });
    queijo = await insertFixtureProduct(db, shop.id, {
      providerId: 'QJ-MINAS',
      priceCents: 2000,
      kilo: { amountInKilo: 0.5, kilogramPriceCents: 4000 },
    });
    await db.query(`update products set name = 'Azeite Extra Virgem 500 ml' where id = $1`, [azeite]);
    await db.query(`update products set name = 'Queijo Minas' where id = $1`, [queijo]);
    for (const id of [azeite, queijo]) {
      await saveStockSettings(db, shop.id, id, { track: true, allow_backorder: false, low_threshold: 1 });
    }
    const staff = { actor: 'staff' as const, staffId: null };
    await moveStock(db, shop.id, 'adjustment', staff, [
      { unit_id: azeite, delta: 3, target: null, note: 'Contagem inicial' },
      { unit_id: queijo, delta: 1000, target: null, note: 'Contagem inicial' },
    ]);
    expect(await level(azeite)).toEqual({ onHand: 3, held: 0, available: 3 });
  });

  it('a confirm holds; one that asks more than is left fails whole with the product and what is left', async () => {
    const first = await shopper('AZ-500', 1);
    const confirmed = await first.confirm();
    expect(confirmed.status, JSON.stringify(confirmed.body.errors)).toBe(200);
    expect(await level(azeite)).toEqual({ onHand: 3, held: 1, available: 2 });

    const greedy = await shopper('AZ-500', 3);
    await greedy.item({ providerId: 'QJ-MINAS', quantity: 1 }); // 0,5 kg of cheese: enough, yet nothing is held
    const refused = await greedy.confirm();
    expect([refused.status, refused.body.errors[0]]).toEqual([
      409,
      { code: 'stockShort', message: 'Só restam 2 unidades de Azeite Extra Virgem 500 ml.' },
    ]);
    expect(await level(queijo)).toEqual({ onHand: 1000, held: 0, available: 1000 });
    expect((await greedy.current()).status).toBe(0);

    const kilo = await shopper('QJ-MINAS', 3); // 3 portions of 0,5 kg = 1,5 kg
    expect((await kilo.confirm()).body.errors[0]!.message).toBe('Só restam 1 kg de Queijo Minas.');

    // A retried confirm answers the confirmed order and holds nothing more (Medusa #5198).
    expect((await first.confirm()).status).toBe(200);
    expect(await level(azeite)).toEqual({ onHand: 3, held: 1, available: 2 });
  });

  it('the catalogue says what is left; a cart line beyond it is flagged, and flagged again when the stock goes', async () => {
    const code = await mintSession(ctx().app, { shop: shop.slug });
    const product = await ctx().app.inject({
      url: '/api/catalog/products/AZ-500',
      headers: { authorization: `Bearer ${code}` },
    });
    expect(product.json().data).toMatchObject({ providerId: 'AZ-500', stockLeft: 2, isActive: true });
    const c = caller(ctx().app, code);
    const order = await c.item({ providerId: 'AZ-500', quantity: 3 });
    expect(order.items[0]).toMatchObject({ quantity: 3, stockLeft: 2 });
    expect(order.catalogErrorMessages).toEqual(['Só restam 2 unidades de Azeite Extra Virgem 500 ml.']);
    const fits = await c.item({ providerId: 'AZ-500', quantity: 1, index: 0 });
    expect(fits.catalogErrorMessages).toEqual([]);
    waiting = c;
  });

  it('the last units: "Só resta 1 unidade", then "Não há mais … em estoque"', async () => {
    const two = await shopper('AZ-500', 2);
    expect((await two.confirm()).status).toBe(200);
    const late = await shopper('AZ-500', 1);
    expect((await late.confirm()).body.errors[0]).toEqual({
      code: 'stockOut',
      message: 'Não há mais Azeite Extra Virgem 500 ml em estoque.',
    });
    expect(await level(azeite)).toEqual({ onHand: 3, held: 3, available: 0 });
    // The shopper who waited with 1 in the cart sees the line flagged, and the confirm refused the same way.
    expect((await waiting.current()).catalogErrorMessages).toEqual([
      'Não há mais Azeite Extra Virgem 500 ml em estoque.',
    ]);
    expect((await waiting.confirm()).status).toBe(409);
  });

  it("the console's cancel gives back what the order held, once; its finalize sells it", async () => {
    const orders = await ctx().db.query<{ id: string; quantity: number }>(
      `select o.id, i.quantity from orders o join order_items i on i.order_id = o.id
        where o.shop_id = $1 and o.status = 1 and i.product_id = $2 order by o.confirmed_at`,
      [shop.id, azeite],
    );
    expect(orders.map((o) => o.quantity)).toEqual([1, 2]);
    const cancel = await staffCall(`/orders/${orders[1]!.id}/cancel`, { reason: 'Cliente desistiu' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await level(azeite)).toEqual({ onHand: 3, held: 1, available: 2 });
    expect((await staffCall(`/orders/${orders[1]!.id}/cancel`, { reason: 'De novo' })).statusCode).toBe(409);
    expect(await level(azeite)).toEqual({ onHand: 3, held: 1, available: 2 });

    expect((await staffCall(`/orders/${orders[0]!.id}/finalize`)).statusCode).toBe(200);
    expect(await level(azeite)).toEqual({ onHand: 2, held: 0, available: 2 });
    const ledger = await ctx().db.query<{
      reason: string;
      on_hand_delta: number;
      held_delta: number;
      actor: string;
    }>(
      'select reason, on_hand_delta, held_delta, actor from stock_movements where unit_id = $1 order by id',
      [azeite],
    );
    expect(ledger).toEqual([
      { reason: 'adjustment', on_hand_delta: 3, held_delta: 0, actor: 'staff' },
      { reason: 'sale_held', on_hand_delta: 0, held_delta: 1, actor: 'shopper' },
      { reason: 'sale_held', on_hand_delta: 0, held_delta: 2, actor: 'shopper' },
      { reason: 'cancel', on_hand_delta: 0, held_delta: -2, actor: 'staff' },
      { reason: 'sold', on_hand_delta: -1, held_delta: -1, actor: 'staff' },
    ]);
  });

  it('an adjustment below what orders hold is refused in pt-BR; levels and ledger refuse hand-written changes', async () => {
    const held = await shopper('AZ-500', 2);
    expect((await held.confirm()).status).toBe(200);
    const staff = { actor: 'staff' as const, staffId: null };
    const below = moveStock(ctx().db, shop.id, 'adjustment', staff, [
      { unit_id: azeite, delta: -1, target: null, note: 'Quebrou' },
    ]);
    await expect(below).rejects.toThrow(/stock_levels_available/);
    const db = ctx().db;
    await expect(
      db.query('update stock_levels set on_hand = 100 where unit_id = $1', [azeite]),
    ).rejects.toThrow(/kept by the stock_movements trigger/);
    await expect(db.query('delete from stock_movements where unit_id = $1', [azeite])).rejects.toThrow(
      /append-only/,
    );
    await expect(
      moveStock(db, shop.id, 'adjustment', staff, [
        { unit_id: 'prd_elsewhere', delta: 1, target: null, note: 'x' },
      ]),
    ).rejects.toThrow('Produto ou variação não encontrado nesta loja.');
    expect(await level(azeite)).toEqual({ onHand: 2, held: 2, available: 0 });
  });

  it('with the order caches on, as in production, a waiting cart sees what another confirm took', async () => {
    const { db } = ctx();
    const oil = await insertFixtureProduct(db, shop.id, { providerId: 'AZ-CACHE', priceCents: 1000 });
    await saveStockSettings(db, shop.id, oil, { track: true, allow_backorder: false, low_threshold: 0 });
    const staff = { actor: 'staff' as const, staffId: null };
    await moveStock(db, shop.id, 'adjustment', staff, [
      { unit_id: oil, delta: 2, target: null, note: 'Chegou' },
    ]);
    configureOrderCaches(60_000);
    try {
      const first = await shopper('AZ-CACHE', 2);
      expect((await first.current()).catalogErrorMessages).toEqual([]);
      const second = await shopper('AZ-CACHE', 2);
      expect((await second.confirm()).status).toBe(200);
      // The first cart's lines are this process's cached copy; what is left is read again.
      expect((await first.current()).catalogErrorMessages).toEqual([
        'Não há mais Produto AZ-CACHE em estoque.',
      ]);
      expect((await first.confirm()).status).toBe(409);
    } finally {
      configureOrderCaches(0);
    }
  });
});
