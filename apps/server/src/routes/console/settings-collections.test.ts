import { expect, it } from 'vitest';
import { asStaff, inviteAndAccept, shopWithOwner } from '../../test/console-kit.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { describeEachDb } from '../../test/test-app.ts';

describeEachDb('console: the shop collections the settings may show', (ctx) => {
  it('lists the shop’s own collections in shop order to owners and managers; others are refused', async () => {
    const { app, db } = ctx();
    const { owner, shop } = await shopWithOwner(app, 'colecoes');
    const other = await shopWithOwner(app, 'outras-colecoes');
    const url = '/api/console/shops/colecoes/collections';
    expect((await asStaff(app, owner, { url })).json().data).toEqual({ collections: [] });
    await db.query(
      `insert into collections (id, shop_id, provider_id, name, position) values
         ('col-c1', $1, 'natal', 'Natal', 2), ('col-c2', $1, 'verao', 'Verão', 1), ('col-c3', $2, 'alheia', 'Alheia', 0)`,
      [shop.id, other.shop.id],
    );
    const manager = await inviteAndAccept(app, db, 'colecoes', owner, 'gerente@colecoes.example', 'manager');
    const agent = await inviteAndAccept(app, db, 'colecoes', owner, 'atendente@colecoes.example', 'agent');
    for (const staff of [owner, manager]) {
      const res = await asStaff(app, staff, { url });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.collections).toEqual([
        { providerId: 'verao', name: 'Verão' },
        { providerId: 'natal', name: 'Natal' },
      ]);
    }
    expectRefusal(await asStaff(app, agent, { url }), 403);
    expectRefusal(await asStaff(app, other.owner, { url }), 404);
    expectRefusal(await asStaff(app, null, { url }), 401);
  });
});
