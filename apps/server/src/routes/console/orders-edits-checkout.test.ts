import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/test-app.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { asStaff, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { editableOrder, type EditableOrder } from '../../test/order-edit-kit.ts';

const plain = (text: string | undefined) => text?.replace(/\u00a0/g, ' ');

describeEachDb(
  "console orders: 'Editar pedido' changes the coupon and the manual discount (issue 34)",
  (ctx) => {
    let owner: Staff;
    let ana: EditableOrder;
    const edits = (id: string, payload?: object) =>
      asStaff(ctx().app, owner, {
        method: payload ? 'POST' : 'GET',
        url: `/api/console/shops/cupom/orders/${id}/edits`,
        ...(payload ? { payload } : {}),
      });
    const accept = (editId: string) =>
      ctx().app.inject({
        method: 'POST',
        url: `/api/order/edits/${editId}/accept`,
        headers: { authorization: `Bearer ${ana.contactCode}` },
      });
    const order = async () =>
      (
        await ctx().db.query<{
          total_cents: number;
          discount_cents: number;
          coupon_id: string | null;
          version: number;
          proposals: number;
        }>(
          `select total_cents, discount_cents, coupon_id, version,
                (select count(*)::int from order_edits where order_id = o.id) as proposals
           from orders o where id = $1`,
          [ana.orderId],
        )
      )[0]!;
    const propose = async (payload: object) => {
      const version = (await edits(ana.orderId)).json().data.version as number;
      return edits(ana.orderId, { version, ...payload });
    };

    it('a proposal applies a coupon and a manual discount, priced as the cart prices them; then removes the coupon', async () => {
      const { app, db } = ctx();
      const created = await shopWithOwner(app, 'cupom');
      owner = created.owner;
      const shopId = created.shop.id;
      await db.query(
        `update shops set settings = settings || '{"canUseCoupon": true, "enableManualPrices": true}'::jsonb
        where id = $1`,
        [shopId],
      );
      // DEZ: 10 % once per customer (the order being edited is not a use of its own); GRANDE: R$ 500,00 minimum.
      await db.query(
        `insert into coupons (id, shop_id, code, kind, value, min_order_cents, per_customer_limit)
       values ('cpn-cupom-dez', $1, 'DEZ', 'percentage', 10, 0, 1),
              ('cpn-cupom-grande', $1, 'GRANDE', 'fixed', 1000, 50000, null)`,
        [shopId],
      );
      ana = await editableOrder(db, shopId, { phone: '5511933330101' });
      const start = await order();

      const proposed = await propose({
        changes: [{ providerId: ana.milk.code, quantity: 2 }],
        coupon: 'dez',
        manualDiscountCents: 150,
      });
      expect(proposed.statusCode, proposed.body).toBe(200);
      // R$ 10,00 + 2 × R$ 5,00 = R$ 20,00; 10 % = R$ 2,00; manual R$ 1,50 → R$ 16,50.
      expect(proposed.json().data).toMatchObject({
        before: { totalCents: 1000, couponCode: null, couponDiscountCents: 0, manualDiscountCents: 0 },
        after: {
          itemsCents: 2000,
          couponCode: 'DEZ',
          couponDiscountCents: 200,
          manualDiscountCents: 150,
          discountCents: 350,
          totalCents: 1650,
        },
        differenceCents: 650,
      });
      expect(await order()).toMatchObject({ total_cents: 1000, coupon_id: null, version: start.version });
      const seen = await app.inject({
        url: `/api/order/edits/${proposed.json().data.id}`,
        headers: { authorization: `Bearer ${ana.contactCode}` },
      });
      expect(seen.json().data.edit.after).toMatchObject({ couponCode: 'DEZ', manualDiscountCents: 150 });

      const accepted = await accept(proposed.json().data.id);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(await order()).toMatchObject({
        total_cents: 1650,
        discount_cents: 350,
        coupon_id: 'cpn-cupom-dez',
        version: start.version + 1,
      });
      const [checkout] = await db.query<{ code: string; manual: number }>(
        `select checkout->>'couponCode' as code, (checkout->>'manualDiscountCents')::int as manual
         from orders where id = $1`,
        [ana.orderId],
      );
      expect(checkout).toEqual({ code: 'DEZ', manual: 150 });

      // The same coupon again (its one use is this order) with the manual discount taken off.
      const again = await propose({ coupon: 'DEZ', manualDiscountCents: 0 });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data.after).toMatchObject({
        couponCode: 'DEZ',
        manualDiscountCents: 0,
        totalCents: 1800,
      });

      // Only the coupon removed: no line changes.
      const removed = await propose({ coupon: null });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json().data).toMatchObject({
        before: { couponCode: 'DEZ', totalCents: 1650 },
        after: { couponCode: null, couponDiscountCents: 0, manualDiscountCents: 150, totalCents: 1850 },
      });
      expect((await accept(removed.json().data.id)).statusCode).toBe(200);
      expect(await order()).toMatchObject({ total_cents: 1850, coupon_id: null, version: start.version + 2 });
    });

    it('bad coupons and discounts are refused in pt-BR and nothing is saved', async () => {
      const before = await order();
      const refused = async (payload: object, status: number) => {
        const error = expectRefusal(await propose(payload), status);
        expect(await order()).toEqual(before);
        return plain(error.message);
      };
      expect(await refused({ coupon: 'NAOEXISTE' }, 422)).toBe('Cupom não encontrado.');
      expect(await refused({ coupon: 'GRANDE' }, 422)).toContain('R$ 500,00');
      expect(await refused({ manualDiscountCents: 1_000_000 }, 422)).toBe(
        'O desconto deve ser um valor entre R$ 0,00 e o valor dos itens (R$ 20,00).',
      );
      expect(await refused({ manualDiscountCents: -1 }, 400)).toContain('O desconto não pode ser negativo.');
      expect(await refused({ manualDiscountCents: 1.5 }, 400)).toContain('Desconto em centavos inteiros.');
      expect(await refused({}, 400)).toContain('Informe ao menos uma alteração.');
      // A discount equal to what it is now changes nothing.
      expect(await refused({ manualDiscountCents: 150 }, 422)).toMatch(/não muda|nada/i);
    });

    it('a discount on a paid order applies at once: the contact told, what was paid above granted back', async () => {
      const { db } = ctx();
      const [shop] = await db.query<{ id: string }>(`select id from shops where slug = 'cupom'`);
      const bob = await editableOrder(db, shop!.id, { phone: '5511933330102', paid: true });
      const version = (await edits(bob.orderId)).json().data.version as number;
      const applied = await edits(bob.orderId, { version, manualDiscountCents: 300 });
      expect(applied.statusCode, applied.body).toBe(200);
      const edit = applied.json().data;
      expect(edit).toMatchObject({ state: 'accepted', decidedBy: 'staff', differenceCents: -300 });
      const [row] = await db.query<{ total_cents: number; version: number }>(
        'select total_cents, version from orders where id = $1',
        [bob.orderId],
      );
      expect(row).toEqual({ total_cents: 700, version: version + 1 });
      const refunds = await db.query<{ amount_cents: number; status: string; rail: string; reason: string }>(
        'select amount_cents, status, rail, reason from order_refunds where order_id = $1',
        [bob.orderId],
      );
      expect(refunds).toEqual([
        expect.objectContaining({ amount_cents: 300, status: 'granted', rail: 'sandbox' }),
      ]);
      expect(plain(refunds[0]!.reason)).toMatch(
        /^Alteração do pedido nº \d+: total de R\$ 10,00 para R\$ 7,00$/,
      );
      const [notice] = await db.query<{ payload: { parts: { text: string }[] } }>(
        `select payload from outbox where type = 'order-edit' and dedupe_key = $1`,
        [`order-edit:${edit.id}`],
      );
      expect(plain(notice!.payload.parts[0]!.text)).toContain(
        'total de R$ 10,00 para R$ 7,00. A loja vai devolver R$ 3,00 do que você pagou.',
      );
      // The same edit again grants nothing twice: it changes nothing now.
      expectRefusal(await edits(bob.orderId, { version: version + 1, manualDiscountCents: 300 }), 422);
      // A lower total on an order not paid beyond it grants nothing.
      const unpaid = await edits(ana.orderId, {
        version: (await order()).version,
        manualDiscountCents: 200,
      });
      expect(unpaid.json().data).toMatchObject({ state: 'accepted', differenceCents: -50 });
      const none = await db.query('select 1 from order_refunds where order_id = $1', [ana.orderId]);
      expect(none).toEqual([]);
    });
  },
);
