import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/test-app.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { asStaff, inviteAndAccept, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { editableOrder, type EditableOrder } from '../../test/order-edit-kit.ts';

const plain = (text: string | undefined) => text?.replace(/\u00a0/g, ' ');

describeEachDb("console orders: 'Editar pedido' with the contact's agreement (issue 34)", (ctx) => {
  let owner: Staff;
  let shopId: string;
  let ana: EditableOrder;
  const edits = (staff: Staff | null, id: string, payload?: object, slug = 'edita') =>
    asStaff(ctx().app, staff, {
      method: payload ? 'POST' : 'GET',
      url: `/api/console/shops/${slug}/orders/${id}/edits`,
      ...(payload ? { payload } : {}),
    });
  const contact = (code: string, editId: string, answer?: 'accept' | 'decline') =>
    ctx().app.inject({
      method: answer ? 'POST' : 'GET',
      url: `/api/order/edits/${editId}${answer ? `/${answer}` : ''}`,
      headers: { authorization: `Bearer ${code}` },
    });
  const versionOf = async (id: string) => (await edits(owner, id)).json().data.version as number;
  const orderRow = async (id: string) =>
    (
      await ctx().db.query<{ total_cents: number; version: number; items: number }>(
        `select total_cents, version, (select count(*)::int from order_items where order_id = o.id) as items
           from orders o where id = $1`,
        [id],
      )
    )[0]!;
  const level = async (unitId: string) =>
    (
      await ctx().db.query<{ on_hand: number; held: number }>(
        'select on_hand, held from stock_levels where unit_id = $1',
        [unitId],
      )
    )[0]!;

  it('the owner proposes, the contact sees before → after and accepts: lines, totals, stock, event, board, CSV', async () => {
    const { app, db } = ctx();
    const created = await shopWithOwner(app, 'edita');
    owner = created.owner;
    shopId = created.shop.id;
    ana = await editableOrder(db, shopId, { phone: '5511933330001' });
    const start = (await edits(owner, ana.orderId)).json().data;
    expect(start).toMatchObject({ editable: true, reason: null, edits: [], current: { totalCents: 1000 } });

    const proposed = await edits(owner, ana.orderId, {
      version: start.version,
      changes: [
        { providerId: ana.milk.code, quantity: 2 },
        { providerId: ana.cheese, quantity: 1.12 },
        { index: 0, providerId: ana.banana, quantity: 2 },
      ],
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const edit = proposed.json().data;
    // 2 × R$ 10,00 + 2 × R$ 5,00 + 1,12 kg × R$ 40,00 = R$ 74,80, by the cart's pricing.
    expect(edit).toMatchObject({
      state: 'proposed',
      baseVersion: start.version,
      before: { totalCents: 1000 },
      after: { itemsCents: 7480, totalCents: 7480 },
      differenceCents: 6480,
      proposedBy: 'Dona Ana',
    });
    expect(edit.after.lines.map((l: { name: string; quantity: number }) => [l.name, l.quantity])).toEqual([
      ['Banana prata', 2],
      ['Leite integral', 2],
      ['Queijo minas', 1.12],
    ]);
    // Nothing changes before the contact agrees.
    expect(await orderRow(ana.orderId)).toMatchObject({
      total_cents: 1000,
      version: start.version,
      items: 1,
    });
    expect(await level(ana.milk.productId)).toMatchObject({ on_hand: 10, held: 0 });
    const [message] = await db.query<{ payload: { parts: { text: string; button: { url: string } }[] } }>(
      `select payload from outbox where order_id = $1 and type = 'order-edit'`,
      [ana.orderId],
    );
    expect(plain(message?.payload.parts[0]?.text)).toMatch(
      /^\*Alteração no pedido nº \d+ — Loja edita\*\nA loja propõe alterar seu pedido: total de R\$ 10,00 para R\$ 74,80\. Se aceitar, fica R\$ 64,80 a pagar\./,
    );
    expect(message?.payload.parts[0]?.button.url).toBe(`/order/edit/${edit.id}`);

    const seen = await contact(ana.contactCode, edit.id);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data).toMatchObject({ shopName: 'Loja edita', paidCents: 0, edit: { id: edit.id } });

    const accepted = await contact(ana.contactCode, edit.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.edit).toMatchObject({
      state: 'accepted',
      decidedBy: 'contact',
      appliedVersion: start.version + 1,
    });
    expect(await orderRow(ana.orderId)).toMatchObject({
      total_cents: 7480,
      version: start.version + 1,
      items: 3,
    });
    expect(await level(ana.milk.productId)).toMatchObject({ on_hand: 10, held: 2 });
    const moves = await db.query<{ reason: string; held_delta: number; actor: string }>(
      'select reason, held_delta, actor from stock_movements where order_id = $1',
      [ana.orderId],
    );
    expect(moves).toEqual([{ reason: 'edit', held_delta: 2, actor: 'shopper' }]);
    const [event] = await db.query<{ payload: { data: { edit: object; order: object } } }>(
      `select payload from outbox where order_id = $1 and type = 'order.edited'`,
      [ana.orderId],
    );
    expect(event?.payload.data).toMatchObject({
      order: { id: ana.orderId, totalAmout: 74.8 },
      edit: { id: edit.id, before: { totalAmout: 10 }, after: { totalAmout: 74.8 }, difference: 64.8 },
    });

    const detail = (
      await asStaff(app, owner, { url: `/api/console/shops/edita/orders/${ana.orderId}` })
    ).json().data;
    // The board counts units: 2 + 2 + 1,12 kg.
    expect(detail).toMatchObject({ totalCents: 7480, itemCount: 5, dueCents: 7480 });
    expect(detail.lines).toHaveLength(3);
    expect(detail.history.map((h: { action: string }) => plain(h.action))).toEqual([
      'Alteração proposta ao cliente: R$ 10,00 → R$ 74,80',
      'Alteração aceita pelo cliente: R$ 10,00 → R$ 74,80',
    ]);
    const csv = await asStaff(app, owner, { url: '/api/console/shops/edita/orders.csv' });
    expect(csv.body).toContain('74,80');

    // The link reused after it was accepted.
    expect(plain(expectRefusal(await contact(ana.contactCode, edit.id, 'accept'), 409).message)).toBe(
      'Esta alteração já foi aceita.',
    );
    expectRefusal(await contact(ana.contactCode, edit.id, 'decline'), 409);
  });

  it('a proposal against an older version is refused; a replaced or outdated one cannot be accepted', async () => {
    const version = await versionOf(ana.orderId);
    const stale = await edits(owner, ana.orderId, {
      version: version - 1,
      changes: [{ providerId: ana.milk.code, quantity: 3 }],
    });
    expect(plain(expectRefusal(stale, 409).message)).toBe(
      `O pedido mudou depois que você o abriu (agora na versão ${version}). Veja o pedido atualizado e refaça a alteração.`,
    );
    const first = (
      await edits(owner, ana.orderId, { version, changes: [{ providerId: ana.milk.code, quantity: 3 }] })
    ).json().data;
    const second = (
      await edits(owner, ana.orderId, { version, changes: [{ providerId: ana.milk.code, quantity: 4 }] })
    ).json().data;
    expect(plain(expectRefusal(await contact(ana.contactCode, first.id, 'accept'), 409).message)).toBe(
      'Esta proposta foi substituída por outra mais recente da loja.',
    );
    // The order moves (a fulfilment step) after the proposal: accepting it now is refused, nothing changes.
    const step = await asStaff(ctx().app, owner, {
      method: 'POST',
      url: `/api/console/shops/edita/orders/${ana.orderId}/fulfilment`,
      payload: { step: 'separating' },
    });
    expect(step.statusCode, step.body).toBe(200);
    const before = await orderRow(ana.orderId);
    expect(plain(expectRefusal(await contact(ana.contactCode, second.id, 'accept'), 409).message)).toBe(
      'O pedido mudou depois desta proposta. Peça à loja uma nova proposta com o pedido atualizado.',
    );
    expect(await orderRow(ana.orderId)).toEqual(before);
    expect(await level(ana.milk.productId)).toMatchObject({ held: 2 });
    const states = (await edits(owner, ana.orderId)).json().data.edits.map((e: { state: string }) => e.state);
    expect(states).toEqual(['proposed', 'superseded', 'accepted']);
  });

  it('declining changes nothing; a lower total applies at once with a notice and releases stock; never empty', async () => {
    const version = await versionOf(ana.orderId);
    const higher = (
      await edits(owner, ana.orderId, {
        version,
        changes: [{ index: 1, providerId: ana.milk.code, quantity: 3 }],
      })
    ).json().data;
    expect(higher).toMatchObject({ differenceCents: 500, state: 'proposed' });
    const declined = await contact(ana.contactCode, higher.id, 'decline');
    expect(declined.json().data.edit).toMatchObject({ state: 'declined', appliedVersion: null });
    expect(await orderRow(ana.orderId)).toMatchObject({ total_cents: 7480, version });

    // Removing the milk lowers the total: applied at once by the shop, the contact told, no answer asked.
    const lower = await edits(owner, ana.orderId, {
      version,
      changes: [{ index: 1, providerId: ana.milk.code, quantity: 0 }],
    });
    expect(lower.statusCode, lower.body).toBe(200);
    expect(lower.json().data).toMatchObject({
      differenceCents: -1000,
      after: { totalCents: 6480 },
      state: 'accepted',
      decidedBy: 'staff',
      appliedVersion: version + 1,
    });
    expect(await orderRow(ana.orderId)).toMatchObject({ total_cents: 6480, items: 2, version: version + 1 });
    expect(await level(ana.milk.productId)).toMatchObject({ on_hand: 10, held: 0 });
    const [notice] = await ctx().db.query<{
      payload: { parts: { text: string; button: { label: string } }[] };
    }>(`select payload from outbox where type = 'order-edit' and dedupe_key = $1`, [
      `order-edit:${lower.json().data.id}`,
    ]);
    expect(plain(notice!.payload.parts[0]!.text)).toMatch(
      /^\*Pedido nº \d+ alterado — .+\*\nA loja alterou seu pedido: total de R\$ 74,80 para R\$ 64,80\. O total ficou R\$ 10,00 menor\./,
    );
    expect(notice!.payload.parts[0]!.button.label).toBe('Ver alteração');
    expect(
      plain(expectRefusal(await contact(ana.contactCode, lower.json().data.id, 'accept'), 409).message),
    ).toBe('Esta alteração já foi aceita.');
    const events = await ctx().db.query<{ payload: { data: { edit: { id: string; difference: number } } } }>(
      `select payload from outbox where order_id = $1 and type = 'order.edited'`,
      [ana.orderId],
    );
    expect(events.map((e) => e.payload.data.edit).filter((e) => e.id === lower.json().data.id)).toEqual([
      expect.objectContaining({ difference: -10 }),
    ]);

    const empty = await edits(owner, ana.orderId, {
      version: version + 1,
      changes: [
        { index: 0, providerId: ana.banana, quantity: 0 },
        { index: 2, providerId: ana.cheese, quantity: 0 },
      ],
    });
    expect(plain(expectRefusal(empty, 422).message)).toBe(
      'O pedido não pode ficar sem itens. Para desfazer o pedido inteiro, cancele-o.',
    );
    const short = await edits(owner, ana.orderId, {
      version: version + 1,
      changes: [{ providerId: ana.milk.code, quantity: 11 }],
    });
    const refused = await contact(ana.contactCode, short.json().data.id, 'accept');
    expect(plain(expectRefusal(refused, 409).message)).toBe('Só restam 10 unidades de Leite integral.');
    expect(await orderRow(ana.orderId)).toMatchObject({ total_cents: 6480, items: 2 });
  });

  it('bad input → 400/422 in pt-BR; finalized orders → 409; agents only on their orders; other shops 404', async () => {
    const { app, db } = ctx();
    const version = await versionOf(ana.orderId);
    const post = (changes: unknown) => edits(owner, ana.orderId, { version, changes });
    expect(expectRefusal(await post([{ providerId: ana.milk.code, quantity: -1 }]), 400).message).toContain(
      'A quantidade não pode ser negativa.',
    );
    expectRefusal(await post([]), 400);
    expectRefusal(await post('tudo'), 400);
    expectRefusal(await edits(owner, ana.orderId, { changes: [] }), 400);
    expect(expectRefusal(await post([{ providerId: ana.milk.code, quantity: 1.5 }]), 400).code).toBe(
      'quantityNotWhole',
    );
    expectRefusal(await post([{ providerId: 'nao-existe', quantity: 1 }]), 404);
    expect(
      plain(expectRefusal(await post([{ index: 0, providerId: ana.banana, quantity: 2 }]), 422).message),
    ).toBe('A alteração não muda nada no pedido.');
    expectRefusal(await edits(owner, 'ord_00000000000000000000000000', { version, changes: [] }), 400);
    expectRefusal(
      await edits(owner, 'ord_01aaaaaaaaaaaaaaaaaaaaaaaa', {
        version,
        changes: [{ providerId: ana.milk.code, quantity: 1 }],
      }),
      404,
    );

    // An agent who never worked on the order is refused; after a fulfilment step of theirs, they may propose.
    const agent = await inviteAndAccept(app, db, 'edita', owner, 'caio@edita.example', 'agent');
    const bob = await editableOrder(db, shopId, { phone: '5511933330002' });
    const bobVersion = (await edits(agent, bob.orderId)).json().data;
    expect(bobVersion).toMatchObject({ editable: false });
    expect(bobVersion.reason).toContain('Só o dono, um gerente ou o atendente');
    const change = { version: bobVersion.version, changes: [{ providerId: bob.milk.code, quantity: 1 }] };
    expectRefusal(await edits(agent, bob.orderId, change), 403);
    const step = await asStaff(app, agent, {
      method: 'POST',
      url: `/api/console/shops/edita/orders/${bob.orderId}/fulfilment`,
      payload: { step: 'separating' },
    });
    expect(step.statusCode, step.body).toBe(200);
    // 'Adicionar produto' finds the shop's products for an agent (Catálogo is not theirs); 2+ letters.
    const found = await asStaff(app, agent, {
      url: `/api/console/shops/edita/orders/${bob.orderId}/edits/products?q=Leite`,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.products.map((p: { code: string }) => p.code)).toContain(bob.milk.code);
    const short = await asStaff(app, agent, {
      url: `/api/console/shops/edita/orders/${bob.orderId}/edits/products?q=L`,
    });
    expect(short.json().data.products).toEqual([]);
    expectRefusal(
      await asStaff(app, agent, {
        url: `/api/console/shops/edita/orders/${bob.orderId}/edits/products?q=${'x'.repeat(101)}`,
      }),
      400,
    );
    const byAgent = await edits(agent, bob.orderId, { ...change, version: change.version + 1 });
    expect(byAgent.statusCode, byAgent.body).toBe(200);
    // Only the order's contact answers: another contact's session does not see it; a proposal of a finalized order
    // cannot be accepted.
    expectRefusal(await contact(ana.contactCode, byAgent.json().data.id), 404);
    const finalize = await asStaff(app, owner, {
      method: 'POST',
      url: `/api/console/shops/edita/orders/${bob.orderId}/finalize`,
    });
    expect(finalize.statusCode, finalize.body).toBe(200);
    expect(
      plain(expectRefusal(await contact(bob.contactCode, byAgent.json().data.id, 'accept'), 409).message),
    ).toBe('Este pedido está finalizado: só pedidos ainda não entregues podem ser editados.');
    expectRefusal(await edits(owner, bob.orderId, { ...change, version: change.version + 2 }), 409);

    // Another shop's owner: their own shop does not have the order; this shop is not theirs.
    const { owner: stranger } = await shopWithOwner(app, 'outra-edita');
    expectRefusal(await edits(stranger, ana.orderId, undefined, 'outra-edita'), 404);
    expectRefusal(await edits(stranger, ana.orderId, { version, changes: [] }, 'outra-edita'), 400);
    expectRefusal(
      await edits(
        stranger,
        ana.orderId,
        { version, changes: [{ providerId: ana.milk.code, quantity: 1 }] },
        'outra-edita',
      ),
      404,
    );
    expect(expectRefusal(await edits(stranger, ana.orderId), 404).message).toBe('Loja não encontrada.');
    expectRefusal(
      await asStaff(app, stranger, {
        url: `/api/console/shops/outra-edita/orders/${ana.orderId}/edits/products?q=Leite`,
      }),
      404,
    );
    expectRefusal(await edits(null, ana.orderId), 401);
  });
});
