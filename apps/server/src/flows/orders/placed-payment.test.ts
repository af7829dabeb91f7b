/**
 * The contact pays their WhatsApp catalogue order from the link (issue 35, decision 0062): after the delivery, the
 * ways the shop takes a remote payment; Pix by the shop's key (the BR Code of the total with the fee), Pix through
 * the gateway (a Waiting charge, paid by the gateway's webhook: the payment ledger's row, the order finalized), card
 * (the card page charges the new total), boleto, cash on delivery; a reload reads the choice; refused — nothing
 * changed — for another contact's order, another shop's, a paid or cancelled one, a way the shop does not take, an
 * agent's session, bad input.
 */
import { expect, it } from 'vitest';
import { PaymentMethod } from '@vitrine/contracts/enums';
import { SANDBOX_DEMO_WEBHOOK_SECRET } from '../../adapters/payments/registry.ts';
import { sandboxWebhook } from '../../adapters/payments/sandbox.ts';
import { createPlatformSession } from '../../modules/session/service.ts';
import { shopWithOwner } from '../../test/console-kit.ts';
import { catalogueOrder, editDelivery, type EditableOrder } from '../../test/order-edit-kit.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { describeEachDb } from '../../test/test-app.ts';

const PIX = `method-${PaymentMethod.Pix}`;
const CARD = `method-${PaymentMethod.CreditCard}`;
const BOLETO = `method-${PaymentMethod.Boleto}`;

describeEachDb('the contact pays a placed catalogue order from the link (issue 35)', (ctx) => {
  let shopId: string;
  const call = (code: string, orderId: string, payload?: object) =>
    ctx().app.inject({
      method: payload ? 'POST' : 'GET',
      url: `/api/order/placed/${orderId}/payment`,
      headers: { authorization: `Bearer ${code}` },
      ...(payload ? { payload } : {}),
    });
  const refused = (res: { statusCode: number; body: string }, status: number, text?: string) => {
    const error = expectRefusal(res, status);
    if (text) expect(error.message).toContain(text);
  };
  /** What a refusal must leave as it was: the order, its charges, its ledger, its messages. */
  const state = async (orderId: string) =>
    (
      await ctx().db.query(
        `select o.version, o.status, o.total_cents, o.checkout->'paymentMethod' as method,
                (select count(*)::int from payments where order_id = o.id) as charges,
                (select count(*)::int from payment_ledger where order_id = o.id) as ledger,
                (select count(*)::int from outbox where order_id = o.id) as outbox
           from orders o where o.id = $1`,
        [orderId],
      )
    )[0];
  /** A catalogue order of `phone` with its delivery chosen by the contact (R$ 10,00 + R$ 8,00). */
  const delivered = async (phone: string): Promise<EditableOrder> => {
    const order = await catalogueOrder(ctx().db, shopId, { phone });
    const { addressId } = await editDelivery(ctx().db, shopId, order.orderId, `pg${phone.slice(-2)}`);
    const chosen = await ctx().app.inject({
      method: 'POST',
      url: `/api/order/placed/${order.orderId}/delivery`,
      headers: { authorization: `Bearer ${order.contactCode}` },
      payload: { delivery: { providerId: 'rapida', type: 1, addressId } },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    return order;
  };
  const setSettings = async (patch: object) => {
    await ctx().db.query('update shops set settings = settings || $2::jsonb where id = $1', [
      shopId,
      JSON.stringify(patch),
    ]);
    ctx().app.forgetShop(shopId);
  };

  it('reads the ways after the delivery; Pix by the shop key shows the BR Code of the new total', async () => {
    const { app, db } = ctx();
    shopId = (await shopWithOwner(app, 'paga-cliente')).shop.id;
    await db.query(
      `insert into shop_pix (shop_id, pix_key, merchant_name, city) values ($1, 'pix@paga.example', 'Paga Cliente', 'Sao Paulo')`,
      [shopId],
    );
    const first = await catalogueOrder(db, shopId, { phone: '5511955550001' });
    await editDelivery(db, shopId, first.orderId, 'pg01');
    await refused(await call(first.contactCode, first.orderId), 409, 'Escolha a entrega antes');

    const ana = await delivered('5511955550002');
    const read = await call(ana.contactCode, ana.orderId);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({ dueCents: 1800, deliveryName: 'Entrega rápida', chosen: null });
    expect(read.json().data.options.map((o: { id: string }) => o.id)).toEqual([
      CARD,
      BOLETO,
      PIX,
      'cash',
      'credit-on-delivery',
      'debit-on-delivery',
      'pix-on-delivery',
    ]);

    const pix = await call(ana.contactCode, ana.orderId, { optionId: PIX });
    expect(pix.statusCode, pix.body).toBe(200);
    const how = pix.json().data.chosen.how;
    expect(pix.json().data.chosen).toMatchObject({ optionId: PIX, name: 'PIX' });
    expect(how.kind).toBe('pix');
    expect(how.pixCode).toContain('pix@paga.example');
    expect(how.pixCode).toContain('540518.00'); // the amount: R$ 18,00, the fee included
    expect(how.pixQrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    const [message] = await db.query<{ type: string; n: number }>(
      `select type, count(*)::int as n from outbox where order_id = $1 and type = 'payment' group by type`,
      [ana.orderId],
    );
    expect(message).toEqual({ type: 'payment', n: 1 });
    const [audit] = await db.query<{ actor_label: string; detail: object }>(
      `select actor_label, detail from audit_log where target = $1 and action = 'order.payment.chosen'`,
      [ana.orderId],
    );
    expect(audit).toEqual({ actor_label: 'Cliente', detail: { method: 'PIX' } });

    // A reload reads the choice; choosing it again changes nothing and sends nothing more.
    const before = await state(ana.orderId);
    const again = await call(ana.contactCode, ana.orderId);
    expect(again.json().data.chosen).toMatchObject({ optionId: PIX, how: { pixCode: how.pixCode } });
    expect((await call(ana.contactCode, ana.orderId, { optionId: PIX })).statusCode).toBe(200);
    expect(await state(ana.orderId)).toEqual(before);
  });

  it("Pix through the gateway: a Waiting charge of the total, paid by the gateway's webhook into the ledger", async () => {
    const { app, db } = ctx();
    await setSettings({ payment: { usingExternalGateway: true } });
    const bia = await delivered('5511955550003');
    const pix = await call(bia.contactCode, bia.orderId, { optionId: PIX });
    expect(pix.statusCode, pix.body).toBe(200);
    expect(pix.json().data.chosen.how).toMatchObject({ kind: 'pix', expiresAt: expect.any(String) });
    const [charge] = await db.query<{ id: string; provider_payment_id: string; amount_cents: number }>(
      'select id, provider_payment_id, amount_cents from payments where order_id = $1 and status = 0',
      [bia.orderId],
    );
    expect(charge!.amount_cents).toBe(1800);
    // Its message goes once, with the charge's code.
    const messages = await db.query<{ dedupe_key: string }>(
      `select dedupe_key from outbox where order_id = $1 and type = 'payment'`,
      [bia.orderId],
    );
    expect(messages.map((m) => m.dedupe_key)).toEqual([`payment:${bia.orderId}:${charge!.id}`]);
    // A reload answers the same charge; choosing Pix again makes no other.
    await call(bia.contactCode, bia.orderId, { optionId: PIX });
    const reread = await call(bia.contactCode, bia.orderId);
    expect(reread.json().data.chosen.how.pixCode).toBe(pix.json().data.chosen.how.pixCode);
    expect((await state(bia.orderId))!.charges).toBe(1);

    // The code expired: the page says so ('pending'); choosing Pix again makes a new charge of what is due.
    await db.query(`update payments set expires_at = now() - interval '1 minute' where id = $1`, [
      charge!.id,
    ]);
    expect((await call(bia.contactCode, bia.orderId)).json().data.chosen.how).toMatchObject({
      kind: 'pending',
      pixCode: null,
    });
    const renewed = await call(bia.contactCode, bia.orderId, { optionId: PIX });
    expect(renewed.json().data.chosen.how.kind).toBe('pix');
    const charges = await db.query<{ status: number }>(
      'select status from payments where order_id = $1 order by created_at',
      [bia.orderId],
    );
    expect(charges.map((c) => c.status)).toEqual([2, 0]); // Expired, then a new Waiting one
    const [fresh] = await db.query<{ id: string; provider_payment_id: string; amount_cents: number }>(
      'select id, provider_payment_id, amount_cents from payments where order_id = $1 and status = 0',
      [bia.orderId],
    );
    expect(fresh!.amount_cents).toBe(1800);

    const hook = sandboxWebhook(SANDBOX_DEMO_WEBHOOK_SECRET, {
      id: `evt-${fresh!.id}`,
      paymentId: fresh!.provider_payment_id,
      status: 'paid',
    });
    const paid = await app.inject({
      method: 'POST',
      url: `/api/webhooks/payments/sandbox/${shopId}`,
      headers: hook.headers,
      payload: hook.body,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const ledger = await db.query<{ kind: string; amount_cents: number; payment_id: string }>(
      'select kind, amount_cents, payment_id from payment_ledger where order_id = $1',
      [bia.orderId],
    );
    expect(ledger).toEqual([{ kind: 'received', amount_cents: 1800, payment_id: fresh!.id }]);
    expect((await state(bia.orderId))!.status).toBe(2); // Finalized
    // Paid: the page and a new choice answer 409, nothing moves.
    const after = await state(bia.orderId);
    await refused(await call(bia.contactCode, bia.orderId), 409, 'Este pedido já está pago.');
    await refused(await call(bia.contactCode, bia.orderId, { optionId: CARD }), 409, 'já está pago');
    expect(await state(bia.orderId)).toEqual(after);
    await setSettings({ payment: { usingExternalGateway: false } });
  });

  it('card goes to the card page for the new total; boleto shows its line; cash on delivery its change', async () => {
    const { app, db } = ctx();
    const caio = await delivered('5511955550004');
    await setSettings({ payment: { usingExternalGateway: true } });
    await call(caio.contactCode, caio.orderId, { optionId: PIX });
    // Another way cancels the Pix charge waiting.
    const card = await call(caio.contactCode, caio.orderId, { optionId: CARD });
    expect(card.json().data.chosen.how).toMatchObject({ kind: 'card', url: '/order/payment' });
    const charges = await db.query<{ status: number }>('select status from payments where order_id = $1', [
      caio.orderId,
    ]);
    expect(charges).toEqual([{ status: 4 }]);
    const page = await app.inject({
      url: '/api/order/payment',
      headers: { authorization: `Bearer ${caio.contactCode}` },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data).toMatchObject({ id: caio.orderId, totalAmout: 18 });
    await setSettings({ payment: { usingExternalGateway: false } });

    const boleto = await call(caio.contactCode, caio.orderId, { optionId: BOLETO });
    expect(boleto.statusCode, boleto.body).toBe(200);
    const how = boleto.json().data.chosen.how;
    expect(how.kind).toBe('boleto');
    expect(how.boletoLine).toMatch(/^34191\./);
    expect(how.url).toMatch(/sig=/);

    const cash = await call(caio.contactCode, caio.orderId, { optionId: 'cash', cashAmount: 50 });
    expect(cash.json().data.chosen).toMatchObject({
      optionId: 'cash',
      how: { kind: 'onDelivery', meanName: 'Dinheiro', cashAmountCents: 5000 },
    });
    const [row] = await db.query<{ checkout: { paymentMethod: number; paymentOption: object } }>(
      'select checkout from orders where id = $1',
      [caio.orderId],
    );
    expect(row!.checkout).toMatchObject({
      paymentMethod: PaymentMethod.OnDelivery,
      paymentOption: { providerId: 'cash', group: 'Dinheiro', cashAmountCents: 5000 },
    });
    expect(
      (await db.query('select 1 from payments where order_id = $1 and status = 0', [caio.orderId])).length,
    ).toBe(0);
  });

  it("refuses another contact's order, another shop's, a cancelled one, a way not taken, an agent, bad input", async () => {
    const { app, db } = ctx();
    const duda = await delivered('5511955550005');
    const eva = await delivered('5511955550006');
    const before = await state(duda.orderId);
    await refused(await call(eva.contactCode, duda.orderId), 404, 'Pedido não encontrado');
    await refused(await call(eva.contactCode, duda.orderId, { optionId: PIX }), 404, 'Pedido não encontrado');
    const other = (await shopWithOwner(app, 'outra-loja-paga')).shop.id;
    const stranger = await catalogueOrder(db, other, { phone: '5511955550007' });
    await refused(await call(stranger.contactCode, duda.orderId), 404, 'Pedido não encontrado');
    await refused(await call(stranger.contactCode, duda.orderId, { optionId: PIX }), 404);
    const agent = await createPlatformSession(db, 60_000, {
      shop: 'paga-cliente',
      sessionType: 'agent',
      channelType: 'whatsapp',
      contact: { name: 'Outra', phone: '5511955550009' },
    });
    await refused(await call(agent.code, duda.orderId, { optionId: PIX }), 403, 'Só o cliente do pedido');

    await setSettings({
      paymentMethods: {
        creditCard: true,
        pix: true,
        boleto: false,
        link: false,
        nubank: false,
        pagaleve: false,
        onDelivery: ['pix-on-delivery'],
      },
    });
    const ways = (await call(duda.contactCode, duda.orderId))
      .json()
      .data.options.map((o: { id: string }) => o.id);
    expect(ways).toEqual([CARD, PIX, 'pix-on-delivery']);
    await refused(await call(duda.contactCode, duda.orderId, { optionId: BOLETO }), 422, 'indisponível');
    await refused(await call(duda.contactCode, duda.orderId, { optionId: 'cash' }), 422, 'indisponível');
    await refused(
      await call(duda.contactCode, duda.orderId, { optionId: `method-${PaymentMethod.Link}` }),
      422,
    );
    const bad = await call(duda.contactCode, duda.orderId, { optionId: PIX, extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect((await call(duda.contactCode, 'ord_x', { optionId: PIX })).statusCode).toBe(400);
    await db.query('update shops set settings = settings - $2::text where id = $1', [
      shopId,
      'paymentMethods',
    ]);
    app.forgetShop(shopId);
    await refused(
      await call(duda.contactCode, duda.orderId, { optionId: 'cash', cashAmount: 10 }),
      422,
      'O valor deve ser maior',
    );
    expect(await state(duda.orderId)).toEqual(before);

    await db.query('update orders set status = 3 where id = $1', [eva.orderId]);
    const canceled = await state(eva.orderId);
    await refused(
      await call(eva.contactCode, eva.orderId, { optionId: PIX }),
      409,
      'Este pedido está cancelado',
    );
    expect(await state(eva.orderId)).toEqual(canceled);
    const paid = await catalogueOrder(db, shopId, { phone: '5511955550008', paid: true });
    await refused(await call(paid.contactCode, paid.orderId), 409, 'Este pedido já está pago.');
  });

  it('a newer unpaid order of the same contact: the older one offers no card (the card page pays the newest)', async () => {
    const { db } = ctx();
    const ways = async (order: EditableOrder) =>
      (await call(order.contactCode, order.orderId)).json().data.options.map((o: { id: string }) => o.id);
    const fabio = await delivered('5511955550010');
    await db.query(`update orders set confirmed_at = now() - interval '1 hour' where id = $1`, [
      fabio.orderId,
    ]);
    expect(await ways(fabio)).toContain(CARD);
    const newer = await delivered('5511955550010');
    expect(await ways(fabio)).toEqual([
      BOLETO,
      PIX,
      'cash',
      'credit-on-delivery',
      'debit-on-delivery',
      'pix-on-delivery',
    ]);
    expect(await ways(newer)).toContain(CARD);
    const before = await state(fabio.orderId);
    await refused(await call(fabio.contactCode, fabio.orderId, { optionId: CARD }), 422, 'indisponível');
    expect(await state(fabio.orderId)).toEqual(before);
  });
});
