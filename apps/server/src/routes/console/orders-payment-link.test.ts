import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/test-app.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { asStaff, inviteAndAccept, shopWithOwner } from '../../test/console-kit.ts';
import { placeTestOrder } from '../../test/board-kit.ts';

describeEachDb("console orders: 'Enviar link de pagamento' (issue 38)", (ctx) => {
  it('sends the Pix order’s payment message again to its contact; refuses with the reason otherwise; role and shop checked', async () => {
    const { app, db } = ctx();
    const { owner, shop } = await shopWithOwner(app, 'link-pag');
    const other = await shopWithOwner(app, 'link-outra');
    const send = (staff: typeof owner, orderId: string, slug = 'link-pag') =>
      asStaff(app, staff, {
        method: 'POST',
        url: `/api/console/shops/${slug}/orders/${orderId}/payment-link`,
      });
    const messages = async (orderId: string) =>
      (
        await db.query<{ payload: { parts: { text: string }[]; recipient: string } }>(
          `select payload from outbox where order_id = $1 and type = 'payment' order by created_at`,
          [orderId],
        )
      ).map((row) => ({
        recipient: row.payload.recipient,
        text: row.payload.parts.map((p) => p.text).join('\n'),
      }));

    const pix = await placeTestOrder(db, shop.id, { name: 'Ana', phone: '5511944440001', totalCents: 2500 });
    // No Pix key yet: the shop has no online payment for the order's method.
    expect(expectRefusal(await send(owner, pix), 422).message).toBe(
      'A loja não tem pagamento online configurado para a forma deste pedido. Configure em Pagamentos › Pix ou Conta de pagamento.',
    );
    expect(await messages(pix)).toEqual([]);
    const key = await asStaff(app, owner, {
      method: 'PUT',
      url: '/api/console/shops/link-pag/pix',
      payload: { keyType: 'cpf', key: '529.982.247-25', merchantName: 'Loja Link', city: 'Recife' },
    });
    expect(key.statusCode, key.body).toBe(200);

    const sent = await send(owner, pix);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toEqual({ sent: true });
    const [message] = await messages(pix);
    expect(message?.recipient).toBe('5511944440001');
    expect(message?.text.replace(/\u00a0/g, ' ')).toContain('Pague *R$ 25,00* com Pix');
    // A double click sends once.
    expect((await send(owner, pix)).statusCode).toBe(200);
    expect(await messages(pix)).toHaveLength(1);

    // What the customer link leaves undecided, what is paid with the shop, what is already paid: a reason each.
    const bare = await placeTestOrder(db, shop.id, {
      name: 'Joana',
      phone: '5511944440002',
      checkout: { paymentMethod: null },
    });
    expect(expectRefusal(await send(owner, bare), 409).message).toContain(
      'O cliente ainda não escolheu a forma de pagamento',
    );
    const cash = await placeTestOrder(db, shop.id, {
      name: 'Bia',
      phone: '5511944440003',
      checkout: { paymentMethod: 5 },
    });
    expect(expectRefusal(await send(owner, cash), 409).message).toContain('pago direto à loja');
    const paid = await placeTestOrder(db, shop.id, { name: 'Caio', phone: '5511944440004', paid: true });
    expect(expectRefusal(await send(owner, paid), 409).message).toContain('já está pago');
    const finished = await placeTestOrder(db, shop.id, { name: 'Davi', phone: '5511944440005', status: 2 });
    await db.query(`update orders set fulfilment = 'delivered' where id = $1`, [finished]);
    expect(expectRefusal(await send(owner, finished), 409).message).toBe(
      'Só pedidos ainda não entregues nem cancelados recebem link de pagamento.',
    );

    // Another shop's staff cannot name this order; an agent not on the order is refused.
    expectRefusal(await send(other.owner, pix, 'link-outra'), 404);
    expectRefusal(await send(other.owner, pix), 404);
    const agent = await inviteAndAccept(app, db, 'link-pag', owner, 'caio@link.example', 'agent');
    expect(expectRefusal(await send(agent, pix), 403).message).toContain(
      'Só o dono, um gerente ou o atendente',
    );
    expect(await messages(pix)).toHaveLength(1);
  });
});
