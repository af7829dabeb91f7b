import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/test-app.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { asStaff, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { editableOrder, type EditableOrder } from '../../test/order-edit-kit.ts';

const plain = (text: string | undefined) => text?.replace(/\u00a0/g, ' ');

describeEachDb(
  "console orders: 'Editar pedido' chooses the store of an order that arrived without one (issue 38)",
  (ctx) => {
    let owner: Staff;
    let shopId: string;
    let ana: EditableOrder;
    const edits = (id: string, payload?: object) =>
      asStaff(ctx().app, owner, {
        method: payload ? 'POST' : 'GET',
        url: `/api/console/shops/loja-edita/orders/${id}/edits`,
        ...(payload ? { payload } : {}),
      });
    const propose = async (id: string, payload: object) => {
      const version = (await edits(id)).json().data.version as number;
      return edits(id, { version, ...payload });
    };
    const board = async () =>
      (await asStaff(ctx().app, owner, { url: '/api/console/shops/loja-edita/orders' })).json().data
        .orders as { id: string; missing: string[]; seller: string | null }[];
    /** The order as written: version, totals, store, table, each line's unit price and total, stock moves. */
    const state = async (orderId: string) =>
      (
        await ctx().db.query<{
          version: number;
          items: number;
          total: number;
          seller: string | null;
          table: string | null;
          lines: [string, number, number, number][];
          moves: number;
        }>(
          `select o.version, o.items_amount_cents as items, o.total_cents as total,
                o.checkout->'seller'->>'name' as seller, o.checkout->>'priceTableId' as table,
                (select json_agg(json_build_array(i.name, i.quantity, i.unit_price_cents, i.total_cents)
                                 order by i.line_index)
                   from order_items i where i.order_id = o.id) as lines,
                (select count(*)::int from stock_movements m where m.shop_id = o.shop_id) as moves
           from orders o where o.id = $1`,
          [orderId],
        )
      )[0]!;

    it('the store re-prices the lines by its table, charges its fee and is agreed like any edit', async () => {
      const { app, db } = ctx();
      const created = await shopWithOwner(app, 'loja-edita');
      owner = created.owner;
      shopId = created.shop.id;
      await db.query(
        `update shops set settings = jsonb_set(settings, '{steps}', '["Start","Catalog","Seller","Logistic","Payment"]')
          where id = $1`,
        [shopId],
      );
      // Arrived from the customer link without a store or a payment method ('Vendedor —').
      ana = await editableOrder(db, shopId, {
        phone: '5511966660001',
        checkout: { seller: null, paymentMethod: null },
      });
      await db.query(
        `insert into price_tables (id, shop_id, provider_id, name, position)
         values ('ptb-loja-edita-atacado', $1, 'atacado', 'Atacado', 0)`,
        [shopId],
      );
      await db.query(
        `insert into price_table_prices (price_table_id, product_id, shop_id, price_cents)
         select 'ptb-loja-edita-atacado', id, shop_id, case when name = 'Banana prata' then 800 else 400 end
           from products where shop_id = $1 and name in ('Banana prata', 'Leite integral')`,
        [shopId],
      );
      await db.query(
        `insert into sellers (id, shop_id, provider_id, name, street, number, neighborhood, city, state, zip_code,
           service_tax_cents, default_price_table_id, use_default_price_table)
         values ('sel-loja-edita-centro', $1, 'centro', 'Loja Centro', 'Rua A', '1', 'Centro', 'São Paulo', 'SP',
                 '01001000', 200, 'atacado', true),
                ('sel-loja-edita-sul', $1, 'sul', 'Loja Sul', 'Rua B', '2', 'Sul', 'São Paulo', 'SP',
                 '04001000', 0, null, false)`,
        [shopId],
      );

      // 'Falta definir' in order: the store (the seller step is on), then the payment method.
      expect((await board()).find((o) => o.id === ana.orderId)).toMatchObject({
        seller: null,
        missing: ['seller', 'payment'],
      });
      const detail = await asStaff(app, owner, {
        url: `/api/console/shops/loja-edita/orders/${ana.orderId}`,
      });
      expect(detail.json().data.missing).toEqual(['seller', 'payment']);
      expect((await edits(ana.orderId)).json().data.seller).toEqual({
        sellerId: null,
        required: true,
        options: [
          { id: 'centro', name: 'Loja Centro', serviceFeeCents: 200, priceTable: 'Atacado' },
          { id: 'sul', name: 'Loja Sul', serviceFeeCents: 0, priceTable: null },
        ],
      });

      // Loja Centro and 2 milks: the banana re-priced by its table (R$ 10,00 → R$ 8,00), the milks added at the
      // table's R$ 4,00, its R$ 2,00 fee: R$ 10,00 → R$ 18,00, a proposal; nothing changes until it is accepted.
      const start = await state(ana.orderId);
      const proposal = await propose(ana.orderId, {
        sellerId: 'centro',
        changes: [{ providerId: ana.milk.code, quantity: 2 }],
      });
      expect(proposal.statusCode, proposal.body).toBe(200);
      expect(proposal.json().data).toMatchObject({
        state: 'proposed',
        differenceCents: 800,
        before: { totalCents: 1000, seller: null },
        after: {
          itemsCents: 1600,
          totalCents: 1800,
          seller: { name: 'Loja Centro', serviceFeeCents: 200 },
          lines: [
            { name: 'Banana prata', unitPriceCents: 800, totalCents: 800 },
            { name: 'Leite integral', quantity: 2, unitPriceCents: 400, totalCents: 800 },
          ],
        },
      });
      expect(await state(ana.orderId)).toEqual(start);
      const accepted = await app.inject({
        method: 'POST',
        url: `/api/order/edits/${proposal.json().data.id}/accept`,
        headers: { authorization: `Bearer ${ana.contactCode}` },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const after = await state(ana.orderId);
      // Totals add up: the lines' sum is the items amount, plus the store's fee is the total.
      expect(after).toMatchObject({
        version: start.version + 1,
        items: 1600,
        total: 1800,
        seller: 'Loja Centro',
        table: 'atacado',
        lines: [
          ['Banana prata', 1, 800, 800],
          ['Leite integral', 2, 400, 800],
        ],
      });
      expect(after.lines.reduce((sum, line) => sum + line[3], 0)).toBe(after.items);
      // Only the added milks moved stock (one 'edit' hold): the store itself moves none.
      const [held] = await db.query<{ n: number }>(
        `select count(*)::int as n from stock_movements where shop_id = $1 and reason = 'edit'`,
        [shopId],
      );
      expect(held!.n).toBe(1);
      const row = (await board()).find((o) => o.id === ana.orderId)!;
      expect(row).toMatchObject({ seller: 'Loja Centro', missing: ['payment'] });

      // Loja Sul (no table of its own, no fee): the lines keep the order's table, R$ 18,00 → R$ 16,00 — lower,
      // so applied at once with a notice; no stock moves.
      const moves = after.moves;
      const sul = await propose(ana.orderId, { sellerId: 'sul' });
      expect(sul.statusCode, sul.body).toBe(200);
      expect(sul.json().data).toMatchObject({
        state: 'accepted',
        decidedBy: 'staff',
        differenceCents: -200,
        before: { seller: { name: 'Loja Centro' } },
        after: { totalCents: 1600, seller: { name: 'Loja Sul', serviceFeeCents: 0 } },
      });
      expect(await state(ana.orderId)).toMatchObject({
        version: start.version + 2,
        items: 1600,
        total: 1600,
        seller: 'Loja Sul',
        table: 'atacado',
        moves,
      });
      const [notice] = await db.query<{ payload: { parts: { text: string }[] } }>(
        `select payload from outbox where type = 'order-edit' and dedupe_key = $1`,
        [`order-edit:${sul.json().data.id}`],
      );
      expect(plain(notice?.payload.parts[0]?.text)).toContain('O total ficou R$ 2,00 menor.');
      // The same store again changes nothing.
      expect(expectRefusal(await propose(ana.orderId, { sellerId: 'sul' }), 422).message).toBeTruthy();
    });

    it("another shop's or an unknown store → 404, bad input → 400; nothing changed", async () => {
      const { app, db } = ctx();
      const other = await shopWithOwner(app, 'loja-outra');
      await db.query(
        `insert into sellers (id, shop_id, provider_id, name, street, number, neighborhood, city, state, zip_code)
         values ('sel-loja-outra', $1, 'outra', 'Loja Outra', 'Rua C', '3', 'Norte', 'São Paulo', 'SP', '02001000')`,
        [other.shop.id],
      );
      const before = await state(ana.orderId);
      const refused = async (payload: object, status: number) => {
        const error = expectRefusal(await propose(ana.orderId, payload), status);
        expect(await state(ana.orderId)).toEqual(before);
        return plain(error.message);
      };
      expect(await refused({ sellerId: 'outra' }, 404)).toBe('Loja não encontrada para este pedido.');
      expect(await refused({ sellerId: 'sel-loja-edita-centro' }, 404)).toBe(
        'Loja não encontrada para este pedido.',
      );
      expect(await refused({ sellerId: '' }, 400)).toContain('Informe a loja.');
      expect(await refused({ sellerId: 7 }, 400)).toContain('Informe a loja.');
      expect(await refused({ sellerId: 'x'.repeat(201) }, 400)).toContain('Loja inválida.');
    });
  },
);
