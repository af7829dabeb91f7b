import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/test-app.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { asStaff, inviteAndAccept, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { placeTestOrder } from '../../test/board-kit.ts';

type Row = { id: string; number: number; customer: { name: string }; status: string; paymentStatus: string };

describeEachDb('console orders board: list, filters, detail, actions', (ctx) => {
  let owner: Staff;
  let shopId: string;
  const ids: Record<string, string> = {};
  const list = async (staff: Staff, query = '') => {
    const res = await asStaff(ctx().app, staff, { url: `/api/console/shops/feira/orders${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      orders: Row[];
      nextCursor: string | null;
      timeZone: string;
      recordPayment: boolean;
    };
  };
  const act = (staff: Staff | null, id: string, action: string, payload?: object, shop = 'feira') =>
    asStaff(ctx().app, staff, {
      method: 'POST',
      url: `/api/console/shops/${shop}/orders/${id}/${action}`,
      ...(payload ? { payload } : {}),
    });

  it('lists the shop’s placed orders newest first, numbered per shop, one keyset page at a time', async () => {
    const { app, db } = ctx();
    const created = await shopWithOwner(app, 'feira');
    owner = created.owner;
    shopId = created.shop.id;
    const other = await shopWithOwner(app, 'outra-feira');
    // 23:30 in São Paulo on the 20th is the 21st in UTC: the date filter must count it on the 20th.
    ids.ana = await placeTestOrder(db, shopId, {
      name: 'Ana Souza',
      phone: '5511911110001',
      confirmedAt: '2026-11-21T02:30:00Z',
      paid: true,
    });
    ids.bruno = await placeTestOrder(db, shopId, {
      name: 'Bruno Lima',
      phone: '5511922220002',
      confirmedAt: '2026-11-22T12:00:00Z',
      channelType: 0,
      pickup: true,
    });
    ids.carla = await placeTestOrder(db, shopId, {
      name: 'Carla 100% Dias',
      phone: '5511933330003',
      confirmedAt: '2026-11-23T12:00:00Z',
      quantity: 3,
    });
    ids.foreign = await placeTestOrder(db, other.shop.id, { name: 'Ana Souza', phone: '5511911110001' });

    const all = await list(owner);
    expect(all.orders.map((o) => [o.customer.name, o.number])).toEqual([
      ['Carla 100% Dias', 3],
      ['Bruno Lima', 2],
      ['Ana Souza', 1],
    ]);
    expect(all.timeZone).toBe('America/Sao_Paulo');
    expect(all.orders[0]).toMatchObject({
      channel: 'whatsapp',
      itemCount: 3,
      unitCount: 3,
      weightKg: 0,
      totalCents: 1990,
      paymentMethod: 3,
      paymentStatus: 'waiting',
      paidCents: 0,
      dueCents: 1990,
      logistic: { kind: 'delivery', name: 'Entrega expressa' },
      slot: { day: '2026-11-25', startTime: '09:00', endTime: '12:00' },
      seller: 'Loja Centro',
      status: 'received',
      fulfilment: null,
    });

    const first = await list(owner, '?limit=2');
    expect(first.orders.map((o) => o.number)).toEqual([3, 2]);
    const second = await list(owner, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.orders.map((o) => o.number)).toEqual([1]);
    expect(second.nextCursor).toBeNull();
  });

  it('filters by status, payment, channel, shop-time-zone dates and text (name, phone, number)', async () => {
    const names = async (query: string) => (await list(owner, query)).orders.map((o) => o.customer.name);
    expect(await names('?payment=paid')).toEqual(['Ana Souza']);
    expect(await names('?payment=waiting')).toEqual(['Carla 100% Dias', 'Bruno Lima']);
    expect(await names('?channel=messenger')).toEqual(['Bruno Lima']);
    expect(await names('?from=2026-11-20&to=2026-11-20')).toEqual(['Ana Souza']);
    expect(await names('?from=2026-11-21')).toEqual(['Carla 100% Dias', 'Bruno Lima']);
    expect(await names('?q=bruno')).toEqual(['Bruno Lima']);
    expect(await names('?q=100%25')).toEqual(['Carla 100% Dias']);
    expect(await names('?q=%2811%29%2093333')).toEqual(['Carla 100% Dias']);
    expect(await names('?q=%232')).toEqual(['Bruno Lima']);
    expect(await names('?status=canceled')).toEqual([]);
  });

  it('refuses bad filters with 400 in Portuguese', async () => {
    const { app } = ctx();
    const bad = async (query: string) =>
      expectRefusal(await asStaff(app, owner, { url: `/api/console/shops/feira/orders${query}` }), 400);
    expect((await bad('?status=pago')).message).toContain('Situação inválida');
    expect((await bad('?from=2026-11-22&to=2026-11-20')).message).toBe(
      'A data inicial deve ser anterior ou igual à data final.',
    );
    expect((await bad('?cursor=bm9wZQ')).message).toBe('Página inválida: recarregue a lista de pedidos.');
    await bad('?limit=0');
    await bad('?from=ontem');
    await bad('?extra=1');
  });

  it('every role of the shop reads the board; another shop’s staff get 404, even for its own order ids', async () => {
    const { app, db } = ctx();
    const agent = await inviteAndAccept(app, db, 'feira', owner, 'bia@feira.example', 'agent');
    const manager = await inviteAndAccept(app, db, 'feira', owner, 'caio@feira.example', 'manager');
    expect((await list(agent)).orders).toHaveLength(3);
    expect((await list(manager)).orders).toHaveLength(3);
    // 'Registrar pagamento' on the board: owner and manager; an agent only once the shop allows it.
    expect(
      await Promise.all([owner, manager, agent].map(async (s) => (await list(s)).recordPayment)),
    ).toEqual([true, true, false]);
    const { owner: stranger } = await shopWithOwner(app, 'intrusa');
    expectRefusal(await asStaff(app, stranger, { url: '/api/console/shops/feira/orders' }), 404);
    expectRefusal(await asStaff(app, stranger, { url: `/api/console/shops/feira/orders/${ids.ana}` }), 404);
    expectRefusal(await act(stranger, ids.ana!, 'finalize'), 404);
    const foreign = expectRefusal(
      await asStaff(app, owner, { url: `/api/console/shops/feira/orders/${ids.foreign}` }),
      404,
    );
    expect(foreign.message).toBe('Pedido não encontrado nesta loja.');
    expectRefusal(await act(owner, ids.foreign!, 'finalize'), 404);
    expectRefusal(await act(null, ids.ana!, 'finalize'), 401);
  });

  it('shows the detail: lines as charged, masked CPF, address and slot, the payment timeline, actions', async () => {
    // The gateway later reports the charge estornada: the timeline shows it (the old `payments` list is gone).
    await ctx().db.query(
      `insert into payment_events (id, payment_id, shop_id, gateway, kind, source, from_status, to_status, applied,
         created_at)
       select 'pev_refundedgatewayevent00001', id, shop_id, 'sandbox', 'refunded', 'webhook', 1, 1, false,
              now() + interval '1 minute'
         from payments where order_id = $1`,
      [ids.ana],
    );
    const res = await asStaff(ctx().app, owner, { url: `/api/console/shops/feira/orders/${ids.ana}` });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data;
    expect(detail.lines).toEqual([
      {
        name: 'Banana prata',
        sku: 'BAN-1',
        quantity: 1,
        unitPriceCents: 1990,
        promotionalPriceCents: null,
        totalCents: 1990,
        isGift: false,
        soldInKilo: false,
        amountInKilo: null,
      },
    ]);
    expect(detail.customerData).toMatchObject({
      name: 'Ana Souza',
      document: '***.982.247-**',
      company: null,
    });
    expect(res.body).not.toContain('52998224725');
    expect(detail.address).toBe('Rua das Flores, 12 - Centro, São Paulo - SP');
    expect(detail).not.toHaveProperty('payments');
    expect(detail.actions).toEqual({
      finalize: true,
      cancel: true,
      fulfilment: ['separating', 'out_for_delivery'],
      recordPayment: true,
    });
    expect(detail.timeline).toMatchObject([
      { kind: 'charge_issued', amountCents: 1990, method: 3 },
      { kind: 'charge_paid', label: 'Cobrança paga', amountCents: 1990, canUndo: false, canRefund: false },
      { kind: 'charge_refunded', label: 'Cobrança reembolsada', amountCents: 1990, method: 3, entryId: null },
    ]);
    expect(detail).toMatchObject({ paymentStatus: 'paid', paidCents: 1990, dueCents: 0 });
  });

  it('fulfilment steps follow their table, message the customer once per step and are audit-logged', async () => {
    const { app, db } = ctx();
    const snapshot = async () =>
      JSON.stringify(
        await db.query('select status, fulfilment, version from orders where id = $1', [ids.carla]),
      );
    const before = await snapshot();
    const refused = expectRefusal(await act(owner, ids.carla!, 'fulfilment', { step: 'delivered' }), 409);
    expect(refused.message).toBe('Não é possível mudar a entrega do pedido de Recebido para Entregue.');
    expectRefusal(await act(owner, ids.carla!, 'fulfilment', { step: 'voando' }), 400);
    expectRefusal(await act(owner, ids.carla!, 'fulfilment', { step: 'separating' }, 'intrusa'), 404);
    expectRefusal(await act(owner, ids.bruno!, 'fulfilment', { step: 'out_for_delivery' }), 409);
    expect(await snapshot()).toBe(before);

    for (const step of ['separating', 'out_for_delivery']) {
      const res = await act(owner, ids.carla!, 'fulfilment', { step });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ messageQueued: true });
    }
    const messages = await db.query<{ text: string; recipient: string }>(
      `select payload -> 'parts' -> 0 ->> 'text' as text, payload ->> 'recipient' as recipient from outbox
        where order_id = $1 and kind = 'message' order by created_at, id`,
      [ids.carla],
    );
    expect(messages).toEqual([
      { text: 'Seu pedido nº 3 da Loja feira está sendo separado!', recipient: '5511933330003' },
      { text: 'Seu pedido nº 3 da Loja feira saiu para entrega!', recipient: '5511933330003' },
    ]);
    const detail = (await asStaff(app, owner, { url: `/api/console/shops/feira/orders/${ids.carla}` })).json()
      .data;
    expect(detail.fulfilment).toBe('out_for_delivery');
    expect(detail.actions.fulfilment).toEqual(['delivered']);
    expect(detail.messages.map((m: { text: string }) => m.text)).toHaveLength(2);
    expect(detail.history.map((h: { actor: string; action: string }) => [h.actor, h.action])).toEqual([
      ['dona@feira.example', 'Separando'],
      ['dona@feira.example', 'Saiu para entrega'],
    ]);
    expect((await list(owner, '?q=carla')).orders[0]).toMatchObject({ fulfilment: 'out_for_delivery' });
  });

  it('finalize and cancel go through the transitions table; a paid order needs a refund decision', async () => {
    const { db } = ctx();
    const row = async (id: string) =>
      (
        await db.query<{ status: number; cancel_reason: string | null; refund_decision: string | null }>(
          'select status, cancel_reason, refund_decision from orders where id = $1',
          [id],
        )
      )[0];
    expect((await act(owner, ids.bruno!, 'finalize')).statusCode).toBe(200);
    expect(expectRefusal(await act(owner, ids.bruno!, 'finalize'), 409).message).toBe(
      'Não é possível mudar o pedido de Finalizado para Finalizado.',
    );
    expect(expectRefusal(await act(owner, ids.bruno!, 'cancel', { reason: 'Desistiu' }), 409).message).toBe(
      'Não é possível mudar o pedido de Finalizado para Cancelado.',
    );
    expect(expectRefusal(await act(owner, ids.ana!, 'cancel', { reason: ' ' }), 400).message).toContain(
      'Informe o motivo do cancelamento.',
    );
    expect(expectRefusal(await act(owner, ids.ana!, 'cancel', { reason: 'Sem estoque' }), 422).message).toBe(
      'Este pedido foi pago: informe se o valor será reembolsado ao cliente.',
    );
    expectRefusal(await act(owner, ids.carla!, 'cancel', { reason: 'Sem estoque', refund: 'refund' }), 422);
    expect(await row(ids.ana!)).toEqual({ status: 1, cancel_reason: null, refund_decision: null });

    expect(
      (await act(owner, ids.ana!, 'cancel', { reason: 'Sem estoque', refund: 'refund' })).statusCode,
    ).toBe(200);
    expect(await row(ids.ana!)).toEqual({
      status: 3,
      cancel_reason: 'Sem estoque',
      refund_decision: 'refund',
    });
    expectRefusal(await act(owner, ids.ana!, 'fulfilment', { step: 'separating' }), 409);
    const audit = await db.query<{ action: string }>(
      `select action from audit_log where shop_id = $1 and target like 'ord_%' order by created_at, id`,
      [shopId],
    );
    expect(audit.map((a) => a.action)).toEqual([
      'order.fulfilment',
      'order.fulfilment',
      'order.finalized',
      'order.canceled',
    ]);
  });

  it('one lifecycle (decision 0055): a delivered order finishes itself when paid, the filter follows the stages', async () => {
    const { app, db } = ctx();
    const place = (name: string, phone: string) =>
      placeTestOrder(db, shopId, { name, phone, confirmedAt: '2026-11-23T12:00:00Z' });
    const dora = await place('Dora Vida', '5511944440004');
    const edu = await place('Edu Pago', '5511944440005');
    const fabi = await place('Fabi Mão', '5511944440006');
    await db.query('update orders set status = 2 where id = $1', [edu]); // paid at checkout: Finalized, not delivered
    const stageOf = async (stage: string) =>
      (await list(owner, `?status=${stage}&from=2026-11-23&to=2026-11-23`)).orders.map(
        (o) => o.customer.name,
      );
    const detailOf = async (id: string) =>
      (await asStaff(app, owner, { url: `/api/console/shops/feira/orders/${id}` })).json().data;
    expect(await stageOf('received')).toEqual(['Fabi Mão', 'Edu Pago', 'Dora Vida']);

    for (const step of ['separating', 'out_for_delivery', 'delivered'])
      expect((await act(owner, dora, 'fulfilment', { step })).statusCode).toBe(200);
    expect(await stageOf('delivered')).toEqual(['Dora Vida']);
    expect((await detailOf(dora)).actions).toMatchObject({ finalize: false, fulfilment: [], cancel: true });
    expect(expectRefusal(await act(owner, dora, 'finalize'), 409).message).toBe(
      'Este pedido já foi entregue: ele é finalizado sozinho quando o pagamento é registrado.',
    );
    const paid = await asStaff(app, owner, {
      method: 'POST',
      url: `/api/console/shops/feira/orders/${dora}/payments`,
      payload: { amountCents: 1990, method: 4, means: 'cash', receivedAt: new Date().toISOString() },
      headers: { 'idempotency-key': 'lifecycle-dora-1' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await stageOf('delivered')).toEqual([]);
    expect(await stageOf('finalized')).toEqual(['Dora Vida']);

    expect((await detailOf(edu)).actions).toMatchObject({ finalize: false, fulfilment: expect.any(Array) });
    for (const step of ['out_for_delivery', 'delivered'])
      expect((await act(owner, edu, 'fulfilment', { step })).statusCode).toBe(200);
    expect((await act(owner, fabi, 'finalize')).statusCode).toBe(200);
    expect(await stageOf('finalized')).toEqual(['Fabi Mão', 'Edu Pago', 'Dora Vida']);
    expect((await detailOf(fabi)).actions).toMatchObject({ finalize: false, fulfilment: [] });
    expect(await stageOf('received')).toEqual([]);
  });
});
