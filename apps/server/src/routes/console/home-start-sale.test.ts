import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/test-app.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { asStaff, inviteAndAccept, shopWithOwner } from '../../test/console-kit.ts';

describeEachDb('console: start a sale for a contact', (ctx) => {
  it('an agent finds a contact, starts a sale (agent session for that contact), or types a new one', async () => {
    const { app, db } = ctx();
    const { owner, shop } = await shopWithOwner(app, 'vendas-a');
    const agent = await inviteAndAccept(app, db, 'vendas-a', owner, 'caio@vendas-a.example', 'agent');
    const sale = (payload: object, who = agent) =>
      asStaff(app, who, { method: 'POST', url: '/api/console/shops/vendas-a/sales', payload });

    const fresh = await sale({ name: 'Joana Prado', phone: '5511912345678' });
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(fresh.json().data.url).toMatch(/^http:\/\/vitrine\.test\/catalog#.+/);

    const found = await asStaff(app, agent, { url: '/api/console/shops/vendas-a/contacts?q=joana' });
    expect(found.statusCode, found.body).toBe(200);
    const [contact] = found.json().data;
    expect(contact).toMatchObject({ name: 'Joana Prado', phone: '5511912345678' });
    expect(
      (await asStaff(app, agent, { url: '/api/console/shops/vendas-a/contacts?q=4567' })).json().data,
    ).toHaveLength(1);
    expect(
      (await asStaff(app, agent, { url: '/api/console/shops/vendas-a/contacts?q=zz' })).json().data,
    ).toHaveLength(0);

    const again = await sale({ contactId: contact.id });
    expect(again.statusCode, again.body).toBe(201);
    const code = decodeURIComponent(again.json().data.url.split('#')[1]);
    const session = await app.inject({ url: `/api/session/${encodeURIComponent(code)}` });
    expect(session.statusCode, session.body).toBe(200);
    const rows = await db.query<{ contact_id: string }>(
      `select contact_id from sessions where shop_id = $1 order by created_at desc limit 1`,
      [shop.id],
    );
    expect(rows[0]?.contact_id).toBe(contact.id);
  });

  it("refuses bad input in pt-BR, another shop's contact (404) and another shop's staff (404)", async () => {
    const { app } = ctx();
    const { owner } = await shopWithOwner(app, 'vendas-b');
    const { owner: other } = await shopWithOwner(app, 'vendas-c');
    await asStaff(app, other, {
      method: 'POST',
      url: '/api/console/shops/vendas-c/sales',
      payload: { name: 'Cliente C', phone: '5521912345678' },
    });
    const [theirs] = (await asStaff(app, other, { url: '/api/console/shops/vendas-c/contacts' })).json().data;
    const sale = (payload: object, who = owner, slug = 'vendas-b') =>
      asStaff(app, who, { method: 'POST', url: `/api/console/shops/${slug}/sales`, payload });
    expect(expectRefusal(await sale({ name: 'Ana', phone: '11 9999' }), 400).message).toContain(
      'Telefone inválido',
    );
    expect(expectRefusal(await sale({ contactId: theirs.id }), 404).message).toBe(
      'Contato não encontrado nesta loja.',
    );
    expectRefusal(await sale({ name: 'Ana Lima', phone: '5511912345670' }, other), 404);
    expect((await asStaff(app, owner, { url: '/api/console/shops/vendas-b/contacts' })).json().data).toEqual(
      [],
    );
  });
});
