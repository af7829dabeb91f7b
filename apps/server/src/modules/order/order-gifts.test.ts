import { expect, it } from 'vitest';
import type { Order } from '@vitrine/contracts/order';
import { describeEachDb } from '../../test/test-app.ts';
import { caller, insertFixtureProduct, mintSession, seedDemoWithGifts, shopId } from './order-test-kit.ts';

type Rule = { id: string; gifts: { provider_id: string; seller_name: string | null }[] };

describeEachDb(
  'order gifts',
  (ctx) => {
    /** The hortifruti rules: R$ 50 → 1 of 3 gifts; R$ 100 → 2 of 4 gifts. */
    async function rules(): Promise<[Rule, Rule]> {
      const rows = await ctx().db.query<Rule>(
        `select r.id, (select json_agg(json_build_object('provider_id', p.provider_id, 'seller_name', p.seller_name)
                         order by gp.position) from gift_rule_products gp join products p on p.id = gp.product_id
                        where gp.rule_id = r.id) as gifts
           from gift_rules r join shops s on s.id = r.shop_id where s.slug = 'hortifruti' order by r.position`,
      );
      return [rows[0]!, rows[1]!];
    }
    const gift = (rule: Rule, n: number) => ({
      id: rule.gifts[n]!.provider_id,
      seller: rule.gifts[n]!.seller_name,
      index: n,
    });
    const giftLines = (order: Order) => order.items.filter((i) => i.isGift).map((i) => i.providerId);

    it('offers a group from its minimum and adds the chosen gifts as free lines', async () => {
      const [r50, r100] = await rules();
      const c = caller(ctx().app, await mintSession(ctx().app));
      let order = await c.item({ providerId: 'T-TEN', quantity: 4 }); // R$ 40
      expect(order.gifts).toEqual([]);
      const early = await c.gift({ id: r50.id, selectedGifts: [gift(r50, 0)] });
      expect(early.status).toBe(422);
      expect(early.body.errors[0]!.message).toBe(
        'Este grupo de brindes não está disponível para o valor atual do pedido.',
      );

      order = await c.item({ providerId: 'T-TEN', quantity: 5 }); // R$ 50: equal to the minimum
      expect(order.gifts.map((g) => [g.id, g.availableQuantity, g.availableGifts.length])).toEqual([
        [r50.id, 1, 3],
      ]);
      order = (await c.gift({ id: r50.id, selectedGifts: [gift(r50, 0)] })).body.data;
      const line = order.items.find((i) => i.isGift)!;
      expect(line).toMatchObject({
        providerId: r50.gifts[0]!.provider_id,
        quantity: 1,
        totalAmout: 0,
        promotionalPrice: 0,
      });
      expect(line.unitPrice).toBeGreaterThan(0);
      expect(order).toMatchObject({ itemsAmout: 50, totalAmout: 50 });
      expect(order.gifts[0]!.selectedGifts).toEqual([
        { id: line.providerId, seller: r50.gifts[0]!.seller_name, index: line.index },
      ]);

      order = (await c.gift({ id: r50.id, selectedGifts: [gift(r50, 2)] })).body.data; // replaces the selection
      expect(giftLines(order)).toEqual([r50.gifts[2]!.provider_id]);
      expect(await c.current()).toEqual(order);

      order = await c.item({ providerId: 'T-TEN', quantity: 10 }); // R$ 100: both groups
      expect(order.gifts.map((g) => g.id)).toEqual([r50.id, r100.id]);
      order = (await c.gift({ id: r100.id, selectedGifts: [gift(r100, 0), gift(r100, 3)] })).body.data;
      expect(giftLines(order)).toHaveLength(3);
    });

    it('refuses more gifts than available, unknown and repeated gifts, and gift changes through items', async () => {
      const [r50, r100] = await rules();
      const c = caller(ctx().app, await mintSession(ctx().app));
      await c.item({ providerId: 'T-TEN', quantity: 6 });
      const before = (await c.gift({ id: r50.id, selectedGifts: [gift(r50, 1)] })).body.data;
      const cases: [object, number, string][] = [
        [{ id: r50.id, selectedGifts: [gift(r50, 0), gift(r50, 1)] }, 400, 'no máximo 1 brinde(s)'],
        [{ id: r50.id, selectedGifts: [{ id: 'NAO-EXISTE' }] }, 400, 'Brinde não encontrado neste grupo.'],
        [{ id: r50.id, selectedGifts: [gift(r100, 0)] }, 400, 'Brinde não encontrado neste grupo.'],
        [
          { id: r50.id, selectedGifts: [{ ...gift(r50, 0), seller: 'Outra loja' }] },
          400,
          'Brinde não encontrado',
        ],
        [{ id: r100.id, selectedGifts: [gift(r100, 0), gift(r100, 0)] }, 400, 'uma única vez'],
        [{ id: 'gft_nao_existe', selectedGifts: [] }, 400, 'Grupo de brindes não encontrado.'],
        [{ id: r50.id, selectedGifts: [gift(r50, 0)], extra: true }, 400, 'Campo não permitido: extra'],
      ];
      for (const [body, status, message] of cases) {
        const res = await c.gift(body);
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect(res.body.errors[0]!.message).toContain(message);
      }
      const giftLine = before.items.find((i) => i.isGift)!;
      for (const quantity of [0, 2]) {
        const res = await c.setItem({ index: giftLine.index, providerId: giftLine.providerId, quantity });
        expect(res.status).toBe(422);
        expect(res.body.errors[0]!.message).toContain('Brindes não podem ser alterados ou removidos');
      }
      expect(await c.current()).toEqual(before);
    });

    it('removes the gifts of a group when the order drops below its minimum', async () => {
      const [r50, r100] = await rules();
      const c = caller(ctx().app, await mintSession(ctx().app));
      await c.item({ providerId: 'T-TEN', quantity: 12 });
      await c.gift({ id: r50.id, selectedGifts: [gift(r50, 0)] });
      let order = (await c.gift({ id: r100.id, selectedGifts: [gift(r100, 1), gift(r100, 2)] })).body.data;
      expect(giftLines(order)).toHaveLength(3);
      order = await c.item({ providerId: 'T-TEN', quantity: 7 }); // R$ 70: below R$ 100
      expect(giftLines(order)).toEqual([r50.gifts[0]!.provider_id]);
      expect(order.gifts.map((g) => g.id)).toEqual([r50.id]);
      order = await c.item({ providerId: 'T-TEN', quantity: 4 }); // R$ 40: below R$ 50
      expect(giftLines(order)).toEqual([]);
      expect(order.gifts).toEqual([]);
      expect(order.itemsAmout).toBe(40);
      const rows = await ctx().db.query('select 1 from order_items where order_id = $1 and is_gift', [
        order.id,
      ]);
      expect(rows).toHaveLength(0);
    });
  },
  {
    setup: async (db) => {
      await seedDemoWithGifts(db);
      await insertFixtureProduct(db, await shopId(db, 'hortifruti'), {
        providerId: 'T-TEN',
        priceCents: 1000,
      });
    },
  },
);
