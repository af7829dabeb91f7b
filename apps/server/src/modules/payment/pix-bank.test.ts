/**
 * Pix on the shop's own bank (issue 32): the charge through the fake bank, the webhook counted once per
 * end-to-end id, bad input never a 5xx, the reconciliation settling what the webhook missed, a Pix after the cancel
 * flagged and refunded, a payment recorded by hand racing the bank → paid once, the second an overpayment.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PaymentMethod } from '@vitrine/contracts/enums';
import { startFakePixBank, type FakeBank } from '../../adapters/pix-bank/fake-bank.ts';
import { placeTestOrder } from '../../test/board-kit.ts';
import { asStaff, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { findShopOrder } from '../order/service.ts';
import { chargeOrder } from './charge.ts';
import { paymentContext } from './context.ts';
import { conversationOf } from './money-in.ts';
import { savePixBank } from './pix-bank-account.ts';
import { reconcileShop, refundBankReceipt } from './pix-bank.ts';

const creds = { clientId: 'loja-api-pix', clientSecret: 'segredo-do-banco-123' };
let bank: FakeBank;
beforeAll(async () => {
  bank = await startFakePixBank(creds);
});
afterAll(() => bank.close());

describeEachDb('Pix on the shop’s bank: webhook, reconciliation, flags and refunds', (ctx) => {
  let shopId: string;
  let secret: string;
  let owner: Staff;
  let n = 0;
  const key = () => ctx().config.messaging.credentialsKey;
  const hookUrl = () => `/api/webhooks/pix/${shopId}/${secret}/pix`;
  const deliver = (payload: unknown, url = hookUrl()) =>
    ctx().app.inject({ method: 'POST', url, payload: payload as object });
  const money = async (orderId: string) => {
    const res = await asStaff(ctx().app, owner, { url: `/api/console/shops/banco/orders/${orderId}` });
    return res.json().data;
  };
  const paidEvents = async (orderId: string) =>
    (
      await ctx().db.query<{ n: number }>(
        `select count(*)::int as n from outbox where order_id = $1 and type = 'order.paid'`,
        [orderId],
      )
    )[0]!.n;

  /** A placed Pix order with its bank charge issued; answers the order id and the txid. */
  async function chargedOrder(totalCents = 1990) {
    const { app, db } = ctx();
    n += 1;
    const orderId = await placeTestOrder(db, shopId, {
      name: `Cliente ${n}`,
      phone: `55119888800${String(n).padStart(2, '0')}`,
      totalCents,
    });
    const order = (await findShopOrder(db, shopId, orderId))!;
    const charge = await chargeOrder(paymentContext(app), order, conversationOf(order, 'x'));
    const [row] = await db.query<{ provider_payment_id: string; gateway: string }>(
      'select provider_payment_id, gateway from payments where id = $1',
      [charge.paymentId],
    );
    expect(row).toMatchObject({ gateway: 'pix-bank' });
    expect(charge.pixCopyPaste).toMatch(/^000201010212/);
    return { orderId, txid: row!.provider_payment_id, charge };
  }

  it('issues the charge at the bank and counts a webhook delivered 3 times at once as one payment', async () => {
    const { app, db } = ctx();
    const created = await shopWithOwner(app, 'banco');
    shopId = created.shop.id;
    owner = created.owner;
    const body = { baseUrl: bank.url.replace('http:', 'https:'), ...creds, pixKey: 'loja@banco.example' };
    const refused = await asStaff(app, owner, {
      method: 'PUT',
      url: '/api/console/shops/banco/pix-bank',
      payload: { ...body, baseUrl: 'ftp://banco' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].message).toContain('Informe o endereço da API Pix do banco');
    // The fake listens on plain http: the saved address is put back to it (a real bank is https only).
    const saved = await asStaff(app, owner, {
      method: 'PUT',
      url: '/api/console/shops/banco/pix-bank',
      payload: body,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await db.query('update shop_pix_bank set base_url = $1', [bank.url]);
    const view = saved.json().data;
    expect(view).toMatchObject({ configured: true, clientSecret: '****-123', pixKey: 'loja@banco.example' });
    expect(JSON.stringify(view)).not.toContain(creds.clientSecret);
    secret = /\/api\/webhooks\/pix\/[^/]+\/([A-Za-z0-9_-]+)$/.exec(view.webhookUrl)![1]!;
    const test = (payload: object) =>
      asStaff(app, owner, { method: 'POST', url: '/api/console/shops/banco/pix-bank/test', payload });
    expect((await test({ ...body, baseUrl: bank.url.replace('http:', 'https:') })).json().data.ok).toBe(
      false,
    );
    await db
      .transaction((tx) =>
        savePixBank(tx, key(), shopId, {
          baseUrl: bank.url,
          tokenUrl: null,
          ...creds,
          certificate: null,
          privateKey: null,
          pixKey: 'loja@banco.example',
        }),
      )
      .then((r) => (secret = r.webhookSecret));
    const stored = await asStaff(app, owner, {
      method: 'POST',
      url: '/api/console/shops/banco/pix-bank/test',
    });
    expect(stored.json().data).toEqual({ ok: true, message: 'Conexão OK' });
    const { orderId, txid, charge } = await chargedOrder();
    expect(charge).toMatchObject({ method: PaymentMethod.Pix, amount: 19.9 });
    const { pix } = await bank.pay(txid, { notify: false });
    const answers = await Promise.all([1, 2, 3].map(() => deliver({ pix: [pix] })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json().data.counted).sort()).toEqual([0, 0, 1]);
    expect(await money(orderId)).toMatchObject({
      paymentStatus: 'paid',
      paidCents: 1990,
      dueCents: 0,
      status: 'finalized',
    });
    expect(await paidEvents(orderId)).toBe(1);
  });

  it('bad input is a 4xx or a logged no-op, never a 5xx, nothing half-applied', async () => {
    const { orderId, txid } = await chargedOrder();
    const good = {
      endToEndId: `E${'1'.repeat(31)}`,
      txid,
      valor: '19.90',
      horario: new Date().toISOString(),
    };
    const unknown = await deliver({ pix: [{ ...good, txid: 'vtr0000000000000000000000000000' }] });
    expect(unknown.json().data).toMatchObject({ counted: 0, unknown: 1 });
    const wrongValor = await deliver({ pix: [{ ...good, valor: '1e3' }] });
    expect(wrongValor.json().data).toMatchObject({ counted: 0, ignored: 1 });
    expect((await deliver({ pix: 'nada' })).statusCode).toBe(400);
    expect((await deliver({})).statusCode).toBe(400);
    expect((await deliver([1, 2])).statusCode).toBe(400);
    const huge = { pix: [{ ...good, infoPagador: 'x'.repeat(1024 * 1024) }] };
    expect((await deliver(huge)).statusCode).toBe(413);
    expect(
      (await deliver({ pix: [good] }, `/api/webhooks/pix/${shopId}/${'e'.repeat(32)}/pix`)).statusCode,
    ).toBe(401);
    expect(await money(orderId)).toMatchObject({ paidCents: 0, paymentStatus: 'waiting' });
  });

  it('the reconciliation finds a Pix the webhook never sent: the order paid once, a second run counts nothing', async () => {
    const { db } = ctx();
    const { orderId, txid } = await chargedOrder();
    await bank.pay(txid, { notify: false });
    const first = await reconcileShop(db, key(), shopId);
    expect(first).toMatchObject({ counted: 1 });
    const again = await reconcileShop(db, key(), shopId);
    expect(again?.counted).toBe(0);
    expect(await money(orderId)).toMatchObject({ paidCents: 1990, paymentStatus: 'paid' });
    expect(await paidEvents(orderId)).toBe(1);
  });

  it('a Pix after the order was cancelled is flagged and refundable; the order stays cancelled', async () => {
    const { app, db } = ctx();
    const { orderId, txid } = await chargedOrder();
    const cancel = await asStaff(app, owner, {
      method: 'POST',
      url: `/api/console/shops/banco/orders/${orderId}/cancel`,
      payload: { reason: 'Cliente desistiu' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const { pix } = await bank.pay(txid, { notify: false });
    await deliver({ pix: [pix] });
    const order = await money(orderId);
    expect(order).toMatchObject({ status: 'canceled', paidCents: 1990 });
    const receipt = order.timeline.find((e: { kind: string }) => e.kind === 'received');
    expect(receipt).toMatchObject({ flag: 'after_cancel', canRefund: true, amountCents: 1990 });
    expect(await paidEvents(orderId)).toBe(0);
    const refunded = await refundBankReceipt(db, key(), shopId, orderId, receipt.entryId, {
      id: 'u',
      name: 'Dona Ana',
    });
    expect(refunded.status).toBe('EM_PROCESSAMENTO');
    expect(bank.exchanges.at(-1)).toMatchObject({ method: 'PUT', status: 201, body: { valor: '19.90' } });
    expect(await money(orderId)).toMatchObject({ paidCents: 0 });
    await expect(
      refundBankReceipt(db, key(), shopId, orderId, receipt.entryId, { id: 'u', name: 'x' }),
    ).rejects.toMatchObject({ code: 'paymentAlreadyReversed' });
  });

  it('a refund the bank reports NAO_REALIZADO puts the money back once, with its reason, by webhook or reconciliation', async () => {
    const { app, db } = ctx();
    const refundOf = async (orderId: string, txid: string) => {
      await asStaff(app, owner, {
        method: 'POST',
        url: `/api/console/shops/banco/orders/${orderId}/cancel`,
        payload: { reason: 'Cliente desistiu' },
      });
      const { pix } = await bank.pay(txid, { notify: false });
      await deliver({ pix: [pix] });
      const receipt = (await money(orderId)).timeline.find((e: { kind: string }) => e.kind === 'received');
      const res = await asStaff(app, owner, {
        method: 'POST',
        url: `/api/console/shops/banco/orders/${orderId}/payments/${receipt.entryId}/refund`,
      });
      expect(res.json().data).toEqual({ status: 'EM_PROCESSAMENTO', reason: null });
      expect(await money(orderId)).toMatchObject({ paidCents: 0 });
      return { pix, refundId: receipt.entryId.replace(/^led_/, 'dev') };
    };
    const failedOf = async (orderId: string) =>
      (await money(orderId)).timeline.filter((e: { kind: string }) => e.kind === 'refund_failed');

    // By webhook: the bank calls again with the refund's final status; a replay adds nothing.
    const first = await chargedOrder();
    const one = await refundOf(first.orderId, first.txid);
    const motivo = 'Negado por timeout';
    await bank.settleRefund(one.pix.endToEndId, one.refundId, {
      status: 'NAO_REALIZADO',
      motivo,
      notify: false,
    });
    const notified = { pix: [bank.received.find((p) => p.endToEndId === one.pix.endToEndId)] };
    for (const delivery of [notified, notified]) expect((await deliver(delivery)).statusCode).toBe(200);
    expect(await money(first.orderId)).toMatchObject({ paidCents: 1990 });
    expect(await failedOf(first.orderId)).toMatchObject([
      { label: 'Reembolso não realizado', amountCents: 1990, note: motivo, canRefund: false },
    ]);

    // By reconciliation: a Pix outside its window, so it asks GET /pix/{e2eid}/devolucao/{id} of the open refund.
    const second = await chargedOrder();
    const two = await refundOf(second.orderId, second.txid);
    await bank.settleRefund(two.pix.endToEndId, two.refundId, { status: 'NAO_REALIZADO', notify: false });
    bank.received.find((p) => p.endToEndId === two.pix.endToEndId)!.horario = '2020-01-01T00:00:00.000Z';
    await reconcileShop(db, key(), shopId);
    expect(bank.exchanges.at(-1)).toMatchObject({
      method: 'GET',
      status: 200,
      answer: { status: 'NAO_REALIZADO' },
    });
    expect(await money(second.orderId)).toMatchObject({ paidCents: 1990 });
    expect(await failedOf(second.orderId)).toMatchObject([{ note: 'Reembolso não realizado pelo banco.' }]);
    await reconcileShop(db, key(), shopId);
    expect(await failedOf(second.orderId)).toHaveLength(1);
  });

  it('a payment recorded by hand racing the bank’s webhook: paid once, the second shown as an overpayment', async () => {
    const { app } = ctx();
    const { orderId, txid } = await chargedOrder();
    const { pix } = await bank.pay(txid, { notify: false });
    const [manual, hook] = await Promise.all([
      asStaff(app, owner, {
        method: 'POST',
        url: `/api/console/shops/banco/orders/${orderId}/payments`,
        payload: { amountCents: 1990, method: 3, receivedAt: new Date().toISOString() },
        headers: { 'idempotency-key': `corrida-${orderId}` },
      }),
      deliver({ pix: [pix] }),
    ]);
    expect([manual.statusCode, hook.statusCode]).toEqual([200, 200]);
    const order = await money(orderId);
    expect(order).toMatchObject({ paymentStatus: 'paid', paidCents: 3980, dueCents: -1990 });
    const flags = order.timeline
      .filter((e: { flag: string | null }) => e.flag)
      .map((e: { flag: string }) => e.flag);
    expect(flags).toEqual(['overpaid']);
    expect(await paidEvents(orderId)).toBe(1);
  });
});
