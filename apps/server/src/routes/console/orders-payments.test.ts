import { expect, it } from 'vitest';
import { DEFAULT_PAYMENT_METHODS } from '@vitrine/contracts/console-payment-methods';
import { describeEachDb } from '../../test/test-app.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { asStaff, inviteAndAccept, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { placeTestOrder } from '../../test/board-kit.ts';
import { newId } from '../../lib/ids.ts';

const NOW = () => new Date().toISOString();
/** formatBRL's non-breaking space as a plain one. */
const plain = (text: string | undefined) => text?.replace(/\u00a0/g, ' ');

describeEachDb("console orders: 'Registrar pagamento', 'Desfazer', paid and due (issue 32)", (ctx) => {
  let owner: Staff;
  let agent: Staff;
  let shopId: string;
  const ids: Record<string, string> = {};
  const url = (id: string, rest = '') => `/api/console/shops/caixa/orders/${id}${rest}`;
  const record = (staff: Staff, id: string, payload: object, key: string | null = newId('key')) =>
    asStaff(ctx().app, staff, {
      method: 'POST',
      url: url(id, '/payments'),
      payload,
      headers: key ? { 'idempotency-key': key } : {},
    });
  const detail = async (staff: Staff, id: string) => {
    const res = await asStaff(ctx().app, staff, { url: url(id) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const outbox = (orderId: string) =>
    ctx().db.query<{ kind: string; type: string; payload: { parts?: { text: string }[] } }>(
      'select kind, type, payload from outbox where order_id = $1 order by created_at, id',
      [orderId],
    );

  it('records a partial then the remaining payment: Parcial → Pago, finalized, one order.paid, one message', async () => {
    const { app, db } = ctx();
    const created = await shopWithOwner(app, 'caixa');
    owner = created.owner;
    shopId = created.shop.id;
    ids.ana = await placeTestOrder(db, shopId, { name: 'Ana', phone: '5511911110001', totalCents: 5000 });
    const first = await record(owner, ids.ana, {
      amountCents: 2000,
      method: 4,
      means: 'cash',
      receivedAt: NOW(),
      note: 'Entregador trouxe',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ duplicate: false, fullyPaid: false });
    expect(await detail(owner, ids.ana)).toMatchObject({
      paymentStatus: 'partial',
      paidCents: 2000,
      dueCents: 3000,
      status: 'received',
    });
    const second = await record(owner, ids.ana, {
      amountCents: 3000,
      method: 3,
      receivedAt: NOW(),
      reference: 'E12345678202611281200abcdefghijk',
    });
    expect(second.json().data).toMatchObject({ fullyPaid: true });
    const paid = await detail(owner, ids.ana);
    expect(paid).toMatchObject({ paymentStatus: 'paid', paidCents: 5000, dueCents: 0, status: 'finalized' });
    expect(paid.timeline).toMatchObject([
      { kind: 'recorded', amountCents: 2000, method: 4, means: 'cash', actor: 'Dona Ana', canUndo: true },
      { kind: 'recorded', amountCents: 3000, method: 3, reference: 'E12345678202611281200abcdefghijk' },
    ]);
    expect(paid.history.map((h: { action: string }) => plain(h.action))).toEqual([
      'Pagamento registrado: R$ 20,00 (Dinheiro)',
      'Pagamento registrado: R$ 30,00 (PIX)',
    ]);
    const rows = await outbox(ids.ana);
    expect(rows.filter((r) => r.kind === 'event').map((r) => r.type)).toEqual(['order.paid']);
    const confirmed = rows.filter((r) => r.type === 'payment-confirmed');
    expect(confirmed.map((r) => plain(r.payload.parts?.[0]?.text))).toEqual([
      '*Pagamento confirmado — Loja caixa*\nRecebemos R$ 50,00 do seu pedido. Obrigado!',
    ]);
  });

  it('a double click is one payment; the key with another amount is refused; no key is a 400', async () => {
    const { db } = ctx();
    ids.bia = await placeTestOrder(db, shopId, { name: 'Bia', phone: '5511911110002', totalCents: 5000 });
    const body = { amountCents: 5000, method: 4, receivedAt: NOW() };
    const answers = await Promise.all([1, 2, 3].map(() => record(owner, ids.bia!, body, 'clique-duplo-1')));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().data.entryId)).size).toBe(1);
    expect(answers.filter((a) => a.json().data.duplicate)).toHaveLength(2);
    const [count] = await db.query<{ n: number }>(
      'select count(*)::int as n from payment_ledger where order_id = $1',
      [ids.bia],
    );
    expect(count!.n).toBe(1);
    expect((await outbox(ids.bia)).filter((r) => r.type === 'order.paid')).toHaveLength(1);
    expectRefusal(await record(owner, ids.bia, { ...body, amountCents: 100 }, 'clique-duplo-1'), 422);
    expect(expectRefusal(await record(owner, ids.bia, body, null), 400).message).toContain('Idempotency-Key');
  });

  it('a second full payment is an overpayment: due below zero, flagged, order.paid still once', async () => {
    const { db } = ctx();
    ids.caio = await placeTestOrder(db, shopId, { name: 'Caio', phone: '5511911110003', totalCents: 1990 });
    const body = { amountCents: 1990, method: 3, receivedAt: NOW() };
    await record(owner, ids.caio, body);
    await record(owner, ids.caio, body);
    const order = await detail(owner, ids.caio);
    expect(order).toMatchObject({ paymentStatus: 'paid', paidCents: 3980, dueCents: -1990 });
    expect(order.timeline.map((e: { flag: string | null }) => e.flag)).toEqual([null, 'overpaid']);
    expect((await outbox(ids.caio)).filter((r) => r.type === 'order.paid')).toHaveLength(1);
  });

  it("'Desfazer' takes a hand-recorded payment back once, audited; a gateway's payment cannot be undone", async () => {
    const { db } = ctx();
    ids.dani = await placeTestOrder(db, shopId, { name: 'Dani', phone: '5511911110004', totalCents: 3000 });
    const entryId = (
      await record(owner, ids.dani, { amountCents: 1000, method: 4, receivedAt: NOW() })
    ).json().data.entryId as string;
    const undo = (id: string, entry: string) =>
      asStaff(ctx().app, owner, { method: 'POST', url: url(id, `/payments/${entry}/undo`) });
    expect((await undo(ids.dani, entryId)).statusCode).toBe(200);
    const order = await detail(owner, ids.dani);
    expect(order).toMatchObject({ paymentStatus: 'waiting', paidCents: 0, dueCents: 3000 });
    expect(order.timeline).toMatchObject([
      { kind: 'recorded', amountCents: 1000, canUndo: false },
      { kind: 'undone', label: 'Pagamento desfeito', amountCents: -1000, actor: 'Dona Ana' },
    ]);
    expect(plain(order.history.at(-1).action)).toBe('Pagamento desfeito: R$ 10,00 (Dinheiro)');
    expect(expectRefusal(await undo(ids.dani, entryId), 409).message).toBe(
      'Este pagamento já foi desfeito ou devolvido.',
    );
    expectRefusal(await undo(ids.ana!, entryId), 404);
    ids.eva = await placeTestOrder(db, shopId, { name: 'Eva', phone: '5511911110005', paid: true });
    const [gateway] = await db.query<{ id: string }>('select id from payment_ledger where order_id = $1', [
      ids.eva,
    ]);
    expect(expectRefusal(await undo(ids.eva, gateway!.id), 422).message).toBe(
      'Só um pagamento registrado à mão pode ser desfeito.',
    );
  });

  it('the board filters Pago / Aguardando / Parcial / Vencido', async () => {
    const { app, db } = ctx();
    ids.fabi = await placeTestOrder(db, shopId, { name: 'Fabi', phone: '5511911110006', totalCents: 4000 });
    await record(owner, ids.fabi, { amountCents: 1500, method: 4, receivedAt: NOW() });
    ids.gil = await placeTestOrder(db, shopId, { name: 'Gil', phone: '5511911110007', totalCents: 4000 });
    await db.query(
      `insert into payments (id, shop_id, order_id, user_id, gateway, method, amount_cents, status, expires_at)
       values ($1, $2, $3, 'u', 'sandbox', 3, 4000, 2, now() - interval '1 hour')`,
      [newId('pay'), shopId, ids.gil],
    );
    const names = async (payment: string) => {
      const res = await asStaff(app, owner, { url: `/api/console/shops/caixa/orders?payment=${payment}` });
      return res
        .json()
        .data.orders.map((o: { customer: { name: string } }) => o.customer.name)
        .sort();
    };
    expect(await names('paid')).toEqual(['Ana', 'Bia', 'Caio', 'Eva']);
    expect(await names('partial')).toEqual(['Fabi']);
    expect(await names('overdue')).toEqual(['Gil']);
    expect(await names('waiting')).toEqual(['Dani']);
  });

  it('atendentes may not record or undo until the shop allows it; refusals are 4xx in Portuguese', async () => {
    const { app, db } = ctx();
    agent = await inviteAndAccept(app, db, 'caixa', owner, 'bia@caixa.example', 'agent');
    const body = { amountCents: 100, method: 4, receivedAt: NOW() };
    expect(expectRefusal(await record(agent, ids.fabi!, body), 403).message).toContain(
      'Pagamentos › Formas de pagamento',
    );
    expect((await detail(agent, ids.fabi!)).actions.recordPayment).toBe(false);
    const board = async () =>
      (await asStaff(app, agent, { url: '/api/console/shops/caixa/orders' })).json().data.recordPayment;
    expect(await board()).toBe(false);
    const allow = await asStaff(app, owner, {
      method: 'PUT',
      url: '/api/console/shops/caixa/payment-methods',
      payload: { ...DEFAULT_PAYMENT_METHODS, agentsRecordPayments: true },
    });
    expect(allow.statusCode, allow.body).toBe(200);
    expect((await detail(agent, ids.fabi!)).actions.recordPayment).toBe(true);
    expect(await board()).toBe(true);
    expect((await record(agent, ids.fabi!, body)).statusCode).toBe(200);

    const bad = async (payload: object, status = 400) =>
      expectRefusal(await record(owner, ids.fabi!, payload), status).message;
    expect(await bad({ ...body, amountCents: 0 })).toContain('O valor deve ser maior que zero.');
    expect(await bad({ ...body, amountCents: 10.5 })).toContain('Valor em centavos inteiros.');
    expect(await bad({ ...body, method: 12 })).toContain('Forma de pagamento inválida.');
    expect(await bad({ ...body, receivedAt: 'ontem' })).toContain('Data e hora inválidas.');
    expect(await bad({ ...body, receivedAt: '2099-01-01T10:00:00Z' })).toBe(
      'A data do pagamento não pode estar no futuro.',
    );
    const { owner: stranger } = await shopWithOwner(app, 'outro-caixa');
    expectRefusal(await record(stranger, ids.fabi!, body), 404);
    const other = await asStaff(app, stranger, {
      method: 'POST',
      url: `/api/console/shops/outro-caixa/orders/${ids.fabi}/payments`,
      payload: body,
      headers: { 'idempotency-key': 'outra-loja-1' },
    });
    expectRefusal(other, 404);
    await asStaff(app, owner, {
      method: 'POST',
      url: url(ids.gil!, '/cancel'),
      payload: { reason: 'Desistiu' },
    });
    expect(expectRefusal(await record(owner, ids.gil!, body), 409).message).toBe(
      'Este pedido foi cancelado.',
    );
  });
});
