import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/test-app.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { asStaff, inviteAndAccept, shopWithOwner } from '../../test/console-kit.ts';

describeEachDb('console: a contact’s data rights (owner)', (ctx) => {
  it('the owner finds a contact, downloads its data (JSON, CSV) and erases it after typing APAGAR; all audited', async () => {
    const { app, db } = ctx();
    const { owner } = await shopWithOwner(app, 'dados-a');
    const manager = await inviteAndAccept(app, db, 'dados-a', owner, 'gil@dados-a.example', 'manager');
    const { owner: stranger } = await shopWithOwner(app, 'dados-b');
    const sale = await asStaff(app, owner, {
      method: 'POST',
      url: '/api/console/shops/dados-a/sales',
      payload: { name: 'Joana Prado', phone: '5511912345678' },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const found = await asStaff(app, owner, { url: '/api/console/shops/dados-a/contacts?q=joana' });
    const contactId = found.json().data[0].id as string;
    const data = `/api/console/shops/dados-a/contacts/${contactId}/data`;
    const erase = `/api/console/shops/dados-a/contacts/${contactId}/erase`;

    const json = await asStaff(app, owner, { url: data });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.headers['cache-control']).toBe('no-store');
    expect(json.json().data.contacts[0].contact).toMatchObject({
      name: 'Joana Prado',
      phone: '5511912345678',
    });
    const csv = await asStaff(app, owner, { url: `${data}?format=csv` });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('dados-do-contato.csv');
    expect(csv.body).toContain('Joana Prado');

    expectRefusal(await asStaff(app, manager, { url: data }), 403);
    expectRefusal(await asStaff(app, stranger, { url: data }), 404);
    expectRefusal(
      await asStaff(app, stranger, {
        url: `/api/console/shops/dados-b/contacts/${contactId}/data`,
      }),
      404,
    );
    const unconfirmed = expectRefusal(
      await asStaff(app, owner, { method: 'POST', url: erase, payload: { confirmation: 'apagar' } }),
      400,
    );
    expect(unconfirmed.message).toContain('Digite APAGAR para confirmar.');
    expectRefusal(
      await asStaff(app, owner, {
        method: 'POST',
        url: erase,
        payload: { confirmation: 'APAGAR' },
        csrf: false,
      }),
      403,
    );

    const erased = await asStaff(app, owner, {
      method: 'POST',
      url: erase,
      payload: { confirmation: 'APAGAR' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().data).toMatchObject({ contacts: 1 });
    const after = await asStaff(app, owner, { url: data });
    expect(after.body).not.toContain('Joana');
    expect(after.body).not.toContain('912345678');

    const audit = await asStaff(app, owner, { url: '/api/console/shops/dados-a/audit' });
    const actions = audit.json().data.entries.map((e: { action: string }) => e.action);
    expect(actions.slice(0, 4)).toEqual([
      'contact.exported',
      'contact.erased',
      'contact.exported',
      'contact.exported',
    ]);
  });
});
