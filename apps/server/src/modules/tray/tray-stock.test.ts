/**
 * Tray's stock (issue 31, decision 0044) through the fake Tray: an import sets each product's and variant's on hand
 * to Tray's `stock` as 'tray_sync' ledger rows (tracking on unless the owner chose), a sync moves only what changed
 * and keeps the owner's tracking switch, and a Tray count below what confirmed orders hold here keeps on hand at
 * what they hold (noted) instead of failing the page; Tray's `minimum_stock` is the low-stock threshold.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FakeTrayServer } from '../../adapters/tray/fake-tray-server.ts';
import { insertShop } from '../../test/fixtures.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { caller, mintSession } from '../order/order-test-kit.ts';
import { unitStock } from '../stock/service.ts';
import { drainTrayJobs } from './worker.ts';
import {
  chatbotToken,
  linkBody,
  postLink,
  sessionCode,
  startFakeTray,
  trayTestConfig,
} from './tray-test-kit.ts';

const SHOP = 'loja-tray-estoque';

describeEachDb(
  'tray stock',
  (ctx) => {
    let fake: FakeTrayServer;
    let agent = '';
    let shopId = '';
    const sync = async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/tray/import',
        headers: { authorization: `Bearer ${agent}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [job] = await drainTrayJobs(ctx().app);
      expect(job!.status).toBe('done');
    };
    /** Every unit's stock by its Tray id (the variant's, else the product's). */
    const stock = async () => {
      const ids = await ctx().db.query<{ id: string }>('select id from products where shop_id = $1', [
        shopId,
      ]);
      const units = await unitStock(
        ctx().db,
        shopId,
        ids.map((r) => r.id),
      );
      return new Map(units.map((u) => [u.variant_code ?? u.product_code, u]));
    };
    const trayRows = () =>
      ctx().db.query<{ unit_id: string; on_hand_delta: number; actor: string; note: string | null }>(
        `select unit_id, on_hand_delta, actor, note from stock_movements
          where shop_id = $1 and reason = 'tray_sync' order by id`,
        [shopId],
      );

    beforeAll(async () => {
      shopId = await insertShop(ctx().db, SHOP);
      fake = await startFakeTray(12); // 1001 and 1011 have three colour variants (the third out of stock)
      const token = await chatbotToken(ctx().app, SHOP);
      expect((await postLink(ctx().app, linkBody(fake, SHOP, token))).status).toBe(200);
      agent = await sessionCode(ctx().app, SHOP);
      const [job] = await drainTrayJobs(ctx().app);
      expect(job!.status).toBe('done');
    });
    afterAll(() => fake.close());

    it("an import sets every product's and variant's on hand to Tray's stock, tracked, as tray_sync rows", async () => {
      const units = await stock();
      const expected = fake.catalog.products.flatMap((p) =>
        p.variants.length ? p.variants.map((v) => [v.id, Number(v.stock)]) : [[p.id, Number(p.stock)]],
      );
      expect(units.size).toBe(expected.length);
      for (const [id, onHand] of expected) {
        expect(units.get(String(id)), String(id)).toMatchObject({ on_hand: onHand, held: 0, track: true });
      }
      const rows = await trayRows();
      // a count of 0 on a new unit changes nothing, so it writes no row
      expect(rows).toHaveLength(expected.filter(([, onHand]) => onHand !== 0).length);
      expect(new Set(rows.map((r) => r.actor))).toEqual(new Set(['system']));
    });

    it("Tray's minimum_stock becomes each unit's low-stock threshold, and a sync follows it", async () => {
      const units = await stock();
      for (const p of fake.catalog.products)
        for (const id of p.variants.length ? p.variants.map((v) => v.id) : [p.id])
          expect(units.get(id)?.low_threshold, id).toBe(Number(p.minimum_stock));
      const product = fake.catalog.products[7]!; // 12 in stock, minimum 3
      expect(units.get(product.id)).toMatchObject({ on_hand: 12, low_threshold: 3, below: false });
      product.minimum_stock = '12';
      await sync();
      expect((await stock()).get(product.id)).toMatchObject({ on_hand: 12, low_threshold: 12, below: true });
    });

    it("a sync moves only what Tray changed and keeps the owner's tracking switch", async () => {
      const [withVariants] = fake.catalog.products;
      const plain = fake.catalog.products[3]!;
      const untracked = fake.catalog.products[4]!;
      const before = await trayRows();
      withVariants!.variants[0]!.stock = '3'; // 8 → 3
      plain.stock = String(Number(plain.stock) + 10);
      untracked.stock = '1';
      const untrackedId = (await stock()).get(untracked.id)!.product_id;
      await ctx().db.query('update stock_settings set track = false where product_id = $1', [untrackedId]);
      await sync();
      const added = (await trayRows()).slice(before.length);
      const units = await stock();
      expect(added.map((r) => [r.unit_id, r.on_hand_delta])).toEqual(
        [
          [units.get(withVariants!.variants[0]!.id)!.unit_id, -5],
          [units.get(plain.id)!.unit_id, 10],
          [units.get(untracked.id)!.unit_id, 1 - 9],
        ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      );
      expect(units.get(untracked.id)).toMatchObject({ on_hand: 1, track: false });
    });

    it('a Tray count below what confirmed orders hold keeps on hand at the hold, noted; the sync goes on', async () => {
      const product = fake.catalog.products[2]!; // 7 in stock
      const order = caller(ctx().app, await mintSession(ctx().app, { shop: SHOP }));
      await order.item({ providerId: product.id, quantity: 5 });
      const confirmed = await order.confirm();
      expect(confirmed.status, JSON.stringify(confirmed.body.errors)).toBe(200);
      expect((await stock()).get(product.id)).toMatchObject({ on_hand: 7, held: 5, available: 2 });

      product.stock = '2';
      fake.catalog.products[5]!.stock = '0';
      await sync();
      const units = await stock();
      expect(units.get(product.id)).toMatchObject({ on_hand: 5, held: 5, available: 0 });
      expect(units.get(fake.catalog.products[5]!.id)).toMatchObject({ on_hand: 0 });
      expect((await trayRows()).find((r) => r.unit_id === units.get(product.id)!.unit_id && r.note)).toEqual({
        unit_id: units.get(product.id)!.unit_id,
        on_hand_delta: -2,
        actor: 'system',
        note: 'Contagem 2; 5 reservado(s) por pedidos confirmados.',
      });
    });
  },
  { config: trayTestConfig() },
);
