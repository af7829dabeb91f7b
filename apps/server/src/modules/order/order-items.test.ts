import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/test-app.ts';
import {
  caller,
  demoProduct,
  insertFixtureProduct,
  mintSession,
  seedDemoWithGifts,
  shopId,
} from './order-test-kit.ts';

const WEEKLY = { recurrenceType: 20, frequency: 1 };

describeEachDb(
  'order items',
  (ctx) => {
    const session = async (options: Parameters<typeof mintSession>[1] = {}) =>
      caller(ctx().app, await mintSession(ctx().app, options));

    it('totals a mixed cart (promotion, kilo, subscription) to the hand-computed centavos', async () => {
      const c = await session();
      await c.item({ providerId: 'T-PROMO', quantity: 3 }); // 3 × 9,90 = 29,70
      await c.item({ providerId: 'T-KILO', quantity: 2.5 }); // 2,5 portions × 7,77 = 19,425 → 19,43
      await c.item({ providerId: 'T-SUB', quantity: 2, subscription: WEEKLY }); // 2 × 23,49 = 46,98
      const order = await c.item({ providerId: 'T-SUB', quantity: 1 }); // another line: 23,49
      expect(
        order.items.map((i) => [i.index, i.providerId, i.quantity, i.totalAmout, i.subscription]),
      ).toEqual([
        [0, 'T-PROMO', 3, 29.7, null],
        [1, 'T-KILO', 2.5, 19.43, null],
        [2, 'T-SUB', 2, 46.98, WEEKLY],
        [3, 'T-SUB', 1, 23.49, null],
      ]);
      expect(order.items[0]).toMatchObject({
        unitPrice: 12.9,
        promotionalPrice: 9.9,
        sku: 'SKU-T-PROMO',
        isGift: false,
      });
      expect(order.items[1]).toMatchObject({ unitPrice: 8.75, promotionalPrice: 7.77, soldInKilo: true });
      expect(order).toMatchObject({ itemsAmout: 119.6, discountAmout: 0, totalAmout: 119.6 });
      const [row] = await ctx().db.query<{ items_amount_cents: number; total_cents: number }>(
        'select items_amount_cents, total_cents from orders where id = $1',
        [order.id],
      );
      expect(row).toEqual({ items_amount_cents: 11960, total_cents: 11960 });
      expect(await c.current()).toEqual(order);
    });

    it('sets absolute quantities on one line per product + variant + subscription; 0 removes', async () => {
      const c = await session();
      await c.item({ providerId: 'T-PROMO', quantity: 1 });
      await c.item({ providerId: 'T-KILO', quantity: 1 });
      let order = await c.item({ providerId: 'T-PROMO', quantity: 2 });
      expect(order.items.map((i) => [i.index, i.quantity])).toEqual([
        [0, 2],
        [1, 1],
      ]);
      order = await c.item({
        index: 0,
        providerId: 'T-PROMO',
        quantity: 5,
        attributes: [],
        subscription: null,
      });
      expect(order.items.map((i) => [i.index, i.quantity])).toEqual([
        [0, 5],
        [1, 1],
      ]);
      order = await c.item({ providerId: 'T-PROMO', quantity: 0 });
      expect(order.items.map((i) => i.index)).toEqual([1]);
      order = await c.item({ index: 0, providerId: 'T-PROMO', quantity: 0 }); // retried removal: no-op
      order = await c.item({ providerId: 'T-PROMO', quantity: 1 });
      expect(order.items.map((i) => i.index)).toEqual([1, 2]); // indexes are never reused
      order = await c.item({
        index: 2,
        providerId: 'T-PROMO',
        quantity: 1,
        preferences: 'Bem maduras, por favor',
      });
      expect(order.items[1]).toMatchObject({ index: 2, quantity: 1, preferences: 'Bem maduras, por favor' });
    });

    it('answers bad input with 4xx and a pt-BR message, changing nothing', async () => {
      const c = await session();
      const before = await c.item({ providerId: 'T-PROMO', quantity: 1 });
      const inactive = await demoProduct(ctx().db, 'hortifruti', 'not p.is_active');
      const cases: [object, number, string][] = [
        [{ providerId: 'NAO-EXISTE', quantity: 1 }, 404, 'Produto não encontrado.'],
        [{ providerId: 'T-PROMO', quantity: -1 }, 400, 'A quantidade não pode ser negativa.'],
        [{ providerId: 'T-PROMO', quantity: 1.5 }, 400, 'A quantidade deve ser um número inteiro.'],
        [{ providerId: 'T-KILO', quantity: 0.3 }, 400, 'deve ser múltipla de 0,5'],
        [{ providerId: 'T-PROMO', quantity: 1000 }, 400, 'A quantidade máxima por item é 999.'],
        [{ providerId: 'T-PROMO', quantity: '2' }, 400, 'A quantidade deve ser um número.'],
        [{ providerId: 'T-PROMO', quantity: 1, price: 0.01 }, 400, 'Campo não permitido: price'],
        [
          { providerId: 'T-PROMO', quantity: 1, unitPrice: 1, foo: 1 },
          400,
          'Campo não permitido: unitPrice, foo',
        ],
        [{ quantity: 1 }, 400, 'Informe o identificador do produto.'],
        [
          { providerId: 'T-PROMO', quantity: 1, subscription: { recurrenceType: 30, frequency: 1 } },
          400,
          'assinatura',
        ],
        [{ providerId: 'T-PROMO', quantity: 1, sku: 'OUTRO' }, 400, 'Variação do produto não encontrada.'],
        [{ index: 99, providerId: 'T-PROMO', quantity: 1 }, 404, 'Item não encontrado no pedido.'],
        [{ index: 0, providerId: 'T-KILO', quantity: 1 }, 400, 'não correspondem ao item 0'],
        [{ providerId: inactive, quantity: 1 }, 422, 'Este produto está indisponível no estoque'],
      ];
      for (const [body, status, message] of cases) {
        const res = await c.setItem(body);
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect(res.body.errors[0]!.message).toContain(message);
      }
      expect(await c.current()).toEqual(before);
    });

    it('resolves variants from all attributes or the SKU', async () => {
      const c = await session({ shop: 'moda' });
      const providerId = await demoProduct(
        ctx().db,
        'moda',
        `p.is_active and (select count(*) from product_attributes a where a.product_id = p.id) = 2
         and exists (select 1 from product_variants v where v.product_id = p.id and not v.is_available)`,
      );
      const variants = await ctx().db.query<{
        sku: string;
        options: Record<string, string>;
        is_available: boolean;
      }>(
        `select v.sku, v.options, v.is_available from product_variants v join products p on p.id = v.product_id
          where p.provider_id = $1 and p.shop_id = (select id from shops where slug = 'moda') order by v.position`,
        [providerId],
      );
      const available = variants.find((v) => v.is_available)!;
      const sold = variants.find((v) => !v.is_available)!;
      const attrs = (v: typeof available) =>
        Object.entries(v.options).map(([attribute, option]) => ({
          providerId: attribute,
          optionProviderId: option,
        }));
      const [first] = attrs(available);

      const refused: [object, number, string][] = [
        [{ providerId, quantity: 1 }, 400, 'Selecione as opções do produto.'],
        [{ providerId, quantity: 1, attributes: [first] }, 400, 'Selecione as opções do produto.'],
        [{ providerId, quantity: 1, attributes: [{ ...first, optionProviderId: 'XYZ' }] }, 400, 'Variação'],
        [
          { providerId, quantity: 1, attributes: attrs(sold) },
          422,
          'Esta variação do produto está indisponível.',
        ],
        [{ providerId, quantity: 1, attributes: attrs(available), sku: sold.sku }, 400, 'Variação'],
      ];
      for (const [body, status, message] of refused) {
        const res = await c.setItem(body);
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect(res.body.errors[0]!.message).toContain(message);
      }
      let order = await c.item({ providerId, quantity: 1, attributes: attrs(available) });
      expect(order.items).toHaveLength(1);
      expect(order.items[0]!.sku).toBe(available.sku);
      expect(order.items[0]!.attributes.map((a) => [a.providerId, a.optionProviderId])).toEqual(
        Object.entries(available.options),
      );
      order = await c.item({ providerId, quantity: 3, sku: available.sku });
      expect(order.items.map((i) => [i.index, i.quantity])).toEqual([[0, 3]]);
      order = await c.item({ index: 0, providerId, quantity: 4 }); // by index: the line keeps its variant
      expect(order.items.map((i) => [i.index, i.sku, i.quantity])).toEqual([[0, available.sku, 4]]);
      const other = variants.find((v) => v.is_available && v.sku !== available.sku)!;
      const moved = await c.setItem({ index: 0, providerId, quantity: 1, attributes: attrs(other) });
      expect(moved.status).toBe(400);
      expect(moved.body.errors[0]!.message).toBe('Os dados enviados não correspondem ao item 0 do pedido.');
    });

    it('refuses restricted-sale products to contacts when the shop disables them; agents may buy them', async () => {
      const restricted = await demoProduct(ctx().db, 'hortifruti', 'p.is_restricted_sale and p.is_active');
      const contact = await session({ phone: '11955550001' });
      const res = await contact.setItem({ providerId: restricted, quantity: 1 });
      expect(res.status).toBe(403);
      expect(res.body.errors[0]!.message).toBe(
        'Este produto tem venda restrita e só pode ser comprado com a ajuda de um atendente.',
      );
      const agent = await session({ phone: '11955550001', agent: true });
      const order = await agent.item({ providerId: restricted, quantity: 1 });
      expect(order.items.map((i) => i.providerId)).toEqual([restricted]);
      expect((await contact.current()).id).toBe(order.id); // the agent sells on the contact's order
    });

    it("keeps each session to its own order and its shop's products", async () => {
      const a = await session();
      const b = await session();
      const orderA = await a.item({ providerId: 'T-PROMO', quantity: 2 });
      expect((await b.setItem({ index: 0, providerId: 'T-PROMO', quantity: 5 })).status).toBe(404);
      const orderB = await b.current();
      expect(orderB.id).not.toBe(orderA.id);
      expect(orderB.items).toEqual([]);
      expect(await a.current()).toEqual(orderA);
      const modaProduct = await demoProduct(ctx().db, 'moda', 'p.is_active');
      expect((await a.setItem({ providerId: modaProduct, quantity: 1 })).status).toBe(404);
      const none = await ctx().app.inject({
        method: 'POST',
        url: '/api/order/items/',
        payload: { providerId: 'T-PROMO', quantity: 1 },
      });
      expect(none.statusCode).toBe(401);
    });

    it('refuses to change an order that left Creating while the request waited for its lock', async ({
      skip,
    }) => {
      if (ctx().kind !== 'postgres') skip('needs concurrent transactions (PostgreSQL)');
      const c = await session();
      const order = await c.item({ providerId: 'T-PROMO', quantity: 1 });
      let pending: ReturnType<typeof c.setItem> | undefined;
      await ctx().db.transaction(async (tx) => {
        await tx.query('select id from orders where id = $1 for update', [order.id]);
        pending = c.setItem({ providerId: 'T-PROMO', quantity: 2 });
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.query('update orders set status = 1, confirmed_at = now() where id = $1', [order.id]);
      });
      const res = await pending!;
      expect(res.status).toBe(409);
      expect(res.body.errors[0]!.message).toBe('Este pedido não pode mais ser alterado.');
    });
  },
  {
    setup: async (db) => {
      await seedDemoWithGifts(db);
      const shop = await shopId(db, 'hortifruti');
      await insertFixtureProduct(db, shop, {
        providerId: 'T-PROMO',
        priceCents: 1290,
        promotionalPriceCents: 990,
      });
      await insertFixtureProduct(db, shop, {
        providerId: 'T-KILO',
        priceCents: 875,
        promotionalPriceCents: 777,
        kilo: { amountInKilo: 0.5, kilogramPriceCents: 1750 },
      });
      await insertFixtureProduct(db, shop, {
        providerId: 'T-SUB',
        priceCents: 2349,
        subscriptions: [WEEKLY, { recurrenceType: 30, frequency: 1 }],
      });
    },
  },
);
