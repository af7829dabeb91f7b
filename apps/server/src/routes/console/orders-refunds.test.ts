import { expect, it } from 'vitest';
import { describeEachDb, testConfig } from '../../test/test-app.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { asStaff, inviteAndAccept, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { placeTestOrder } from '../../test/board-kit.ts';
import { newId } from '../../lib/ids.ts';

const plain = (text: string | undefined) => text?.replace(/\u00a0/g, ' ');
const base = testConfig();

describeEachDb(
  "console orders: 'Reembolsar', send, retry and the return (issue 34)",
  (ctx) => {
    let owner: Staff;
    let shopId: string;
    const ids: Record<string, string> = {};
    const url = (id: string, rest = '') => `/api/console/shops/reembolso/orders/${id}${rest}`;
    const call = (staff: Staff, id: string, rest: string, payload?: object, key: string | null = null) =>
      asStaff(ctx().app, staff, {
        method: payload ? 'POST' : 'GET',
        url: url(id, rest),
        ...(payload ? { payload } : {}),
        headers: key ? { 'idempotency-key': key } : {},
      });
    const grant = (staff: Staff, id: string, payload: object, key = newId('key')) =>
      call(staff, id, '/refunds', payload, key);
    const refunds = async (id: string) => {
      const res = await call(owner, id, '/refunds');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const ledgerSum = async (id: string) =>
      (
        await ctx().db.query<{ sum: number }>(
          'select coalesce(sum(amount_cents), 0)::int as sum from payment_ledger where order_id = $1',
          [id],
        )
      )[0]!.sum;

    it('a cash order: partial refund granted, sent by hand with its reference; money, board, CSV, event, message', async () => {
      const { app, db } = ctx();
      const created = await shopWithOwner(app, 'reembolso');
      owner = created.owner;
      shopId = created.shop.id;
      ids.ana = await placeTestOrder(db, shopId, { name: 'Ana', phone: '5511922220001', totalCents: 5000 });
      const paid = await call(
        owner,
        ids.ana,
        '/payments',
        {
          amountCents: 5000,
          method: 4,
          means: 'cash',
          receivedAt: new Date().toISOString(),
        },
        'pagamento-ana-1',
      );
      expect(paid.statusCode, paid.body).toBe(200);
      const granted = await grant(
        owner,
        ids.ana,
        { amountCents: 1200, reason: 'Banana amassada' },
        'grant-ana-1',
      );
      expect(granted.statusCode, granted.body).toBe(200);
      const refund = granted.json().data.refund;
      expect(refund).toMatchObject({ status: 'granted', rail: 'manual', amountCents: 1200, canSend: true });
      expect(
        (await grant(owner, ids.ana, { amountCents: 1200, reason: 'Banana amassada' }, 'grant-ana-1')).json()
          .data,
      ).toMatchObject({ duplicate: true, refund: { id: refund.id } });
      const pending = await asStaff(app, owner, {
        url: '/api/console/shops/reembolso/orders?refund=pending',
      });
      expect(pending.json().data.orders.map((o: { id: string }) => o.id)).toEqual([ids.ana]);
      expect(pending.json().data.orders[0]).toMatchObject({ refundPendingCents: 1200, refundedCents: 0 });

      const noReference = await call(owner, ids.ana, `/refunds/${refund.id}/send`, {});
      expect(expectRefusal(noReference, 400).message).toContain('Informe a referência');
      const sent = await call(owner, ids.ana, `/refunds/${refund.id}/send`, {
        reference: 'Devolvido no caixa',
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().data).toMatchObject({
        sent: true,
        refund: { status: 'sent', reference: 'Devolvido no caixa' },
      });
      expectRefusal(await call(owner, ids.ana, `/refunds/${refund.id}/send`, { reference: 'de novo' }), 409);

      const money = await refunds(ids.ana);
      expect(money).toMatchObject({
        paidCents: 5000,
        refundedCents: 1200,
        pendingCents: 0,
        refundableCents: 3800,
        // What the console's 'Reembolsar' offers: the payment with what is left of it, and the lines.
        sources: [{ rail: 'manual', amountCents: 5000, leftCents: 3800, receivedAt: expect.any(String) }],
      });
      expect(await ledgerSum(ids.ana)).toBe(5000 - 1200);
      const detail = (await call(owner, ids.ana, '')).json().data;
      expect(detail).toMatchObject({
        paidCents: 5000,
        refundedCents: 1200,
        dueCents: 0,
        paymentStatus: 'paid',
      });
      // A refund names the cash payment: 'Desfazer' is no longer offered (the server would refuse it).
      expect(detail.timeline.find((e: { kind: string }) => e.kind === 'recorded')).toMatchObject({
        canUndo: false,
      });
      expect(detail.history.map((h: { action: string }) => plain(h.action))).toEqual(
        expect.arrayContaining([
          'Reembolso concedido: R$ 12,00 (Banana amassada)',
          'Reembolso enviado: R$ 12,00',
        ]),
      );
      const csv = await asStaff(app, owner, { url: '/api/console/shops/reembolso/orders.csv' });
      expect(csv.body).toContain('Reembolsado (R$);Reembolso pendente (R$)');
      expect(csv.body).toContain('50,00;0,00;12,00;0,00');
      const outbox = await db.query<{
        kind: string;
        type: string;
        payload: { parts?: { text: string }[]; data?: { refund?: object } };
      }>('select kind, type, payload from outbox where order_id = $1 order by created_at, id', [ids.ana]);
      const event = outbox.find((r) => r.type === 'order.refunded');
      expect(event?.payload.data?.refund).toMatchObject({ id: refund.id, amount: 12, rail: 'manual' });
      const message = outbox.find((r) => r.type === 'refund-sent');
      expect(plain(message?.payload.parts?.[0]?.text)).toMatch(
        /^\*Reembolso enviado — Loja reembolso\*\nDevolvemos R\$ 12,00 do seu pedido nº \d+\./,
      );
    });

    it('refuses more than was paid, negatives, agents, foreign orders — nothing changes', async () => {
      const { app, db } = ctx();
      const before = await refunds(ids.ana!);
      const above = await grant(owner, ids.ana!, { amountCents: 3801, reason: 'Tudo' });
      expect(plain(expectRefusal(above, 422).message)).toBe(
        'O reembolso passa do que foi pago: no máximo R$ 38,00.',
      );
      expectRefusal(await grant(owner, ids.ana!, { amountCents: -5, reason: 'x' }), 400);
      expectRefusal(await grant(owner, ids.ana!, { amountCents: 100, reason: '  ' }), 400);
      expectRefusal(await grant(owner, ids.ana!, { reason: 'nada' }), 400);
      expectRefusal(
        await grant(owner, ids.ana!, { lines: [{ itemId: 'itm_x', quantity: -1 }], reason: 'x' }),
        400,
      );
      expectRefusal(
        await grant(owner, ids.ana!, { lines: [{ itemId: 'itm_nao_existe', quantity: 1 }], reason: 'x' }),
        422,
      );
      expectRefusal(await call(owner, ids.ana!, '/refunds', { amountCents: 100, reason: 'sem chave' }), 400);
      const agent = await inviteAndAccept(app, db, 'reembolso', owner, 'caio@reembolso.example', 'agent');
      expect(
        expectRefusal(await grant(agent, ids.ana!, { amountCents: 100, reason: 'x' }), 403).message,
      ).toBeTruthy();
      const { owner: stranger } = await shopWithOwner(app, 'outra-loja-r');
      expectRefusal(await grant(stranger, ids.ana!, { amountCents: 100, reason: 'x' }), 404);
      const foreign = await asStaff(app, stranger, {
        method: 'POST',
        url: `/api/console/shops/outra-loja-r/orders/${ids.ana}/refunds`,
        payload: { amountCents: 100, reason: 'x' },
        headers: { 'idempotency-key': 'outra-loja-rfd-1' },
      });
      expectRefusal(foreign, 404);
      ids.unpaid = await placeTestOrder(db, shopId, {
        name: 'Beto',
        phone: '5511922220002',
        totalCents: 900,
      });
      expectRefusal(await grant(owner, ids.unpaid, { amountCents: 100, reason: 'x' }), 422);
      expect(await refunds(ids.ana!)).toEqual(before);
      expect(await db.query('select 1 from order_refunds where order_id = $1', [ids.unpaid])).toHaveLength(0);
    });

    it('a sandbox charge: lines refunded with restock, sent through the gateway, returned items back to stock', async () => {
      const { db } = ctx();
      ids.carla = await placeTestOrder(db, shopId, {
        name: 'Carla',
        phone: '5511922220003',
        totalCents: 3000,
        quantity: 3,
        paid: true,
      });
      await db.query(`update payments set provider_payment_id = 'sbx_paid_' || id where order_id = $1`, [
        ids.carla,
      ]);
      const [item] = await db.query<{ id: string; product_id: string }>(
        'select id, product_id from order_items where order_id = $1',
        [ids.carla],
      );
      await db.query(`insert into stock_settings (product_id, shop_id, track) values ($1, $2, true)`, [
        item!.product_id,
        shopId,
      ]);
      await db.query(
        `insert into stock_movements (shop_id, unit_id, product_id, reason, on_hand_delta, actor, note)
         values ($1, $2, $2, 'adjustment', 10, 'staff', 'Contagem')`,
        [shopId, item!.product_id],
      );
      await db.query('update orders set status = 0 where id = $1', [ids.carla]);
      await db.query('update orders set status = 1 where id = $1', [ids.carla]);
      const stock = async () =>
        (
          await db.query<{ on_hand: number; held: number }>(
            'select on_hand, held from stock_levels where unit_id = $1',
            [item!.product_id],
          )
        )[0];
      expect(await stock()).toEqual({ on_hand: 10, held: 3 });
      const early = await grant(owner, ids.carla, {
        lines: [{ itemId: item!.id, quantity: 2 }],
        reason: 'Chegaram amassadas',
        restock: true,
      });
      const refund = early.json().data.refund;
      expect(refund).toMatchObject({ rail: 'sandbox', amountCents: 2000, restock: true, canReceive: false });
      const receiveBody = { lines: [{ itemId: item!.id, sellable: 1, damaged: 1 }] };
      expectRefusal(await call(owner, ids.carla, `/refunds/${refund.id}/return`, receiveBody), 409);
      await asStaff(ctx().app, owner, { method: 'POST', url: url(ids.carla, '/finalize') });
      expect(await stock()).toEqual({ on_hand: 7, held: 0 });
      const more = await grant(owner, ids.carla, { lines: [{ itemId: item!.id, quantity: 2 }], reason: 'x' });
      expect(plain(expectRefusal(more, 422).message)).toBe(
        'A quantidade de "Banana prata" passa do que resta do item (1).',
      );

      const sent = await call(owner, ids.carla, `/refunds/${refund.id}/send`, {});
      expect(sent.json().data).toMatchObject({ sent: true, refund: { status: 'sent', canReceive: true } });
      const tooMany = { lines: [{ itemId: item!.id, sellable: 2, damaged: 1 }] };
      expectRefusal(await call(owner, ids.carla, `/refunds/${refund.id}/return`, tooMany), 422);
      const received = await call(owner, ids.carla, `/refunds/${refund.id}/return`, receiveBody);
      expect(received.statusCode, received.body).toBe(200);
      expect(received.json().data).toMatchObject({
        restocked: 1,
        refund: { returnReceivedAt: expect.any(String) },
      });
      expect(await stock()).toEqual({ on_hand: 8, held: 0 });
      expectRefusal(await call(owner, ids.carla, `/refunds/${refund.id}/return`, receiveBody), 409);
      const moves = await db.query<{ reason: string; on_hand_delta: number; order_id: string }>(
        `select reason, on_hand_delta, order_id from stock_movements where unit_id = $1 and reason = 'return'`,
        [item!.product_id],
      );
      expect(moves).toEqual([{ reason: 'return', on_hand_delta: 1, order_id: ids.carla }]);
      expect(await refunds(ids.carla)).toMatchObject({
        paidCents: 3000,
        refundedCents: 2000,
        refundableCents: 1000,
        sources: [{ rail: 'sandbox', amountCents: 3000, leftCents: 1000 }],
        lines: [{ itemId: item!.id, quantity: 3, refundedQuantity: 2, kilogramsPerUnit: null }],
      });
    });
  },
  { config: { payments: { ...base.payments, sandbox: true } } },
);
