import { expect, it } from 'vitest';
import { PaymentStatus } from '@vitrine/contracts/enums';
import { parsePixTlv, verifyPixBrCode } from '@vitrine/contracts/pix';
import { fakeRegistry } from '../../adapters/channels/fake-channel.ts';
import { paymentChargeJobs, paymentCancelJobs, paymentContext } from '../../modules/payment/service.ts';
import { enqueueJob } from '../../modules/outbox/service.ts';
import { drainOutbox } from '../../modules/outbox/worker.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { asStaff, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { editableOrder, type EditableOrder } from '../../test/order-edit-kit.ts';

const plain = (text: string | undefined) => text?.replace(/\u00a0/g, ' ');

/**
 * Issue 34, decision 0053 ("A paid order not yet delivered", "The difference by the order's method"): a paid order
 * (Finalized on payment) can still be edited until it is delivered; the contact who accepts a higher total is asked
 * for the difference by the order's method — the shop's Pix BR Code of the difference, or a new gateway charge of
 * it — and paying it tells the contact and the chatbot again; the stock moves by what the order sold.
 */
describeEachDb('console orders: editing a paid order and charging the difference (issue 34)', (ctx) => {
  let owner: Staff;
  let shopId: string;
  const url = (order: string, tail = '') => `/api/console/shops/pago/orders/${order}${tail}`;
  const edits = (order: string, payload?: object) =>
    asStaff(ctx().app, owner, {
      method: payload ? 'POST' : 'GET',
      url: url(order, '/edits'),
      ...(payload ? { payload } : {}),
    });
  const propose = async (order: string, payload: object) => {
    const version = (await edits(order)).json().data.version as number;
    return edits(order, { version, ...payload });
  };
  const record = (order: string, amountCents: number, key: string) =>
    asStaff(ctx().app, owner, {
      method: 'POST',
      url: url(order, '/payments'),
      payload: { amountCents, method: 3, means: null, receivedAt: new Date().toISOString() },
      headers: { 'idempotency-key': key },
    });
  const asContact = (who: EditableOrder, method: 'GET' | 'POST', path: string) =>
    ctx().app.inject({ method, url: path, headers: { authorization: `Bearer ${who.contactCode}` } });
  const order = async (id: string) =>
    (
      await ctx().db.query<{ status: number; total_cents: number }>(
        'select status, total_cents from orders where id = $1',
        [id],
      )
    )[0]!;
  const milkLevel = async (who: EditableOrder) =>
    (
      await ctx().db.query<{ on_hand: number; held: number }>(
        'select on_hand, held from stock_levels where unit_id = $1',
        [who.milk.productId],
      )
    )[0]!;
  const outbox = (orderId: string, type: string) =>
    ctx().db.query<{ dedupe_key: string; payload: { parts?: { text: string }[] } }>(
      'select dedupe_key, payload from outbox where order_id = $1 and type = $2 order by created_at, id',
      [orderId, type],
    );

  it('a paid Pix order gets a forgotten item: the contact accepts and pays the BR Code of the difference', async () => {
    const { app, db } = ctx();
    const created = await shopWithOwner(app, 'pago');
    owner = created.owner;
    shopId = created.shop.id;
    await db.query(
      `insert into shop_pix (shop_id, pix_key, merchant_name, city) values ($1, 'loja@pago.example', 'Loja Pago', 'Sao Paulo')`,
      [shopId],
    );
    const ana = await editableOrder(db, shopId, { phone: '5511944440101' });
    expect((await record(ana.orderId, 1000, 'pago-ana-1')).json().data.fullyPaid).toBe(true);
    expect(await order(ana.orderId)).toEqual({ status: 2, total_cents: 1000 });

    // Paid, not delivered: 'Editar pedido' is offered; two forgotten milks (R$ 5,00 each) are proposed.
    expect((await edits(ana.orderId)).json().data).toMatchObject({ editable: true, reason: null });
    const proposed = await propose(ana.orderId, { changes: [{ providerId: ana.milk.code, quantity: 2 }] });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json().data).toMatchObject({ state: 'proposed', differenceCents: 1000 });
    const editId = proposed.json().data.id as string;
    expect(await milkLevel(ana)).toEqual({ on_hand: 10, held: 0 });

    const accepted = await asContact(ana, 'POST', `/api/order/edits/${editId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const due = accepted.json().data.due;
    expect(due).toMatchObject({ cents: 1000, kind: 'pix', url: null });
    expect(verifyPixBrCode(due.pixCode)).toBe(true);
    expect(parsePixTlv(due.pixCode)['54']).toBe('10.00'); // the difference, not the new total
    expect(due.pixQrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    // The order stays paid-then-edited (Finalized), its total up; the milk is taken off the shelf, not held.
    expect(await order(ana.orderId)).toEqual({ status: 2, total_cents: 2000 });
    expect(await milkLevel(ana)).toEqual({ on_hand: 8, held: 0 });
    const [move] = await db.query<{ reason: string; on_hand_delta: number; held_delta: number }>(
      `select reason, on_hand_delta, held_delta from stock_movements where order_id = $1 and unit_id = $2`,
      [ana.orderId, ana.milk.productId],
    );
    expect(move).toEqual({ reason: 'edit', on_hand_delta: -2, held_delta: 0 });

    // The chat gets the payment message of the difference, with the same BR Code.
    const [asked] = await outbox(ana.orderId, 'payment');
    expect(asked!.dedupe_key).toBe(`payment:${ana.orderId}:edit:${editId}`);
    const text = plain(asked!.payload.parts!.map((p) => p.text).join('\n'))!;
    expect(text).toMatch(/^\*Pedido nº \d+: falta pagar — /);
    expect(text).toContain('R$ 10,00');
    expect(text).toContain(due.pixCode);
    // The storefront's payment page finds the order and asks for the difference.
    const page = await asContact(ana, 'GET', '/api/order/payment');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.totalAmout).toBe(10);
    // 'Enviar link de pagamento' sends the difference again.
    const resent = await asStaff(app, owner, { method: 'POST', url: url(ana.orderId, '/payment-link') });
    expect(resent.statusCode, resent.body).toBe(200);
    const payments = await outbox(ana.orderId, 'payment');
    expect(payments).toHaveLength(2);
    expect(plain(payments[1]!.payload.parts!.map((p) => p.text).join('\n'))).toContain(due.pixCode);

    // The difference arrives: the contact and the chatbot are told again, once.
    expect((await record(ana.orderId, 1000, 'pago-ana-2')).json().data.fullyPaid).toBe(true);
    expect(await outbox(ana.orderId, 'payment-confirmed')).toHaveLength(2);
    expect(await outbox(ana.orderId, 'order.paid')).toHaveLength(2);
    expect((await asContact(ana, 'GET', `/api/order/edits/${editId}`)).json().data.due).toBeNull();
    expect((await asContact(ana, 'GET', '/api/order/payment')).statusCode).toBe(404);

    // One milk back on the shelf: a lower total applies at once, R$ 5,00 granted back.
    const lower = await propose(ana.orderId, { changes: [{ providerId: ana.milk.code, quantity: 1 }] });
    expect(lower.json().data).toMatchObject({ state: 'accepted', differenceCents: -500 });
    expect(await milkLevel(ana)).toEqual({ on_hand: 9, held: 0 });
    const [granted] = await db.query<{ amount_cents: number; status: string }>(
      'select amount_cents, status from order_refunds where order_id = $1',
      [ana.orderId],
    );
    expect(granted).toEqual({ amount_cents: 500, status: 'granted' });

    // Two more milks after all: the R$ 5,00 granted and not sent is owed no more; R$ 5,00 is left to pay.
    const raise = await propose(ana.orderId, { changes: [{ providerId: ana.milk.code, quantity: 3 }] });
    const again = await asContact(ana, 'POST', `/api/order/edits/${raise.json().data.id}/accept`);
    expect(again.json().data.due).toMatchObject({ cents: 500, kind: 'pix' });
    expect(await db.query('select id from order_refunds where order_id = $1', [ana.orderId])).toEqual([]);
    const history = (await asStaff(app, owner, { url: url(ana.orderId) })).json().data.history as {
      action: string;
    }[];
    expect(history.map((h) => plain(h.action))).toContain(
      'Reembolso cancelado pela alteração aceita: R$ 5,00',
    );
    expect((await record(ana.orderId, 500, 'pago-ana-3')).json().data.fullyPaid).toBe(true);
    expect(await milkLevel(ana)).toEqual({ on_hand: 7, held: 0 });

    // Delivered, the order is closed to edits.
    for (const step of ['separating', 'out_for_delivery', 'delivered'])
      expect(
        (
          await asStaff(app, owner, {
            method: 'POST',
            url: url(ana.orderId, '/fulfilment'),
            payload: { step },
          })
        ).statusCode,
      ).toBe(200);
    expect((await edits(ana.orderId)).json().data).toMatchObject({
      editable: false,
      reason: 'Este pedido está finalizado: só pedidos ainda não entregues podem ser editados.',
    });
    expectRefusal(await propose(ana.orderId, { changes: [{ providerId: ana.milk.code, quantity: 3 }] }), 409);
    expect(await order(ana.orderId)).toEqual({ status: 2, total_cents: 2500 });
  });

  it("a gateway Pix order's Waiting charge of the old total is cancelled and a new one of what is due made", async () => {
    const { app, db, config } = ctx();
    await db.query(
      `update shops set settings = jsonb_set(settings, '{payment,usingExternalGateway}', 'true'::jsonb)
        where id = $1`,
      [shopId],
    );
    const bia = await editableOrder(db, shopId, { phone: '5511944440102' });
    const payments = paymentContext(app);
    const drain = () =>
      drainOutbox(db, fakeRegistry(), {
        retryBaseMs: 0,
        links: { publicUrl: 'http://vitrine.test', sessionTtlMs: config.sessionTtlMs },
        jobs: { ...paymentChargeJobs(payments), ...paymentCancelJobs(payments) },
      });
    // The confirmation's charge (R$ 10,00) is Waiting; a R$ 4,00 payment is recorded by hand.
    const job = { shopId, orderId: bia.orderId, channelId: '5511944440102' };
    await enqueueJob(db, shopId, 'payment.charge', job, `payment.charge:${bia.orderId}`, bia.orderId);
    await drain();
    expect((await record(bia.orderId, 400, 'pago-bia-1')).statusCode).toBe(200);
    const proposed = await propose(bia.orderId, { changes: [{ providerId: bia.milk.code, quantity: 1 }] });
    const accepted = await asContact(bia, 'POST', `/api/order/edits/${proposed.json().data.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.due).toMatchObject({ cents: 1100, kind: 'chat' });
    await drain();
    const charges = await db.query<{ amount_cents: number; status: number }>(
      'select amount_cents, status from payments where order_id = $1 order by created_at, id',
      [bia.orderId],
    );
    // R$ 10,00 + R$ 5,00 − R$ 4,00 paid = R$ 11,00 due.
    expect(charges).toEqual([
      { amount_cents: 1000, status: PaymentStatus.Canceled },
      { amount_cents: 1100, status: PaymentStatus.Waiting },
    ]);
    const sent = await outbox(bia.orderId, 'payment');
    const charged = plain(
      sent
        .at(-1)!
        .payload.parts!.map((p) => p.text)
        .join('\n'),
    )!;
    expect(charged).toContain('R$ 11,00');
    expect(charged).toContain('falta pagar');
  });
});
