import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachDb } from '../../test/test-app.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { asStaff, inviteAndAccept, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { createPlatformSession } from '../../modules/session/service.ts';
import type { Db } from '../../db/client.ts';
import { insertFixtureProduct } from '../../modules/order/order-test-kit.ts';

const tenPercent = {
  code: 'dez10',
  kind: 'percentage',
  value: 10,
  minOrderCents: 0,
  validFrom: null,
  validUntil: null,
  usageLimit: 1,
  perCustomerLimit: null,
  firstOrderOnly: false,
  active: true,
};

/** A contact's session on the shop (coupons on: new shops start with them off). */
async function contactSession(
  app: FastifyInstance,
  db: Db,
  shop: { id: string; slug: string },
  phone: string,
) {
  await db.query(`update shops set settings = settings || '{"canUseCoupon": true}' where id = $1`, [shop.id]);
  app.forgetShop(shop.id);
  const session = await createPlatformSession(db, 60_000, {
    shop: shop.slug,
    sessionType: 'agent',
    channelType: 'whatsapp',
    contact: { name: 'Cliente', phone },
  });
  const headers = { authorization: `Bearer ${session.code}` };
  return {
    userId: session.context.userId,
    coupon: (code: string) =>
      app.inject({ method: 'POST', url: `/api/order/coupon/?coupon=${code}`, headers }),
  };
}

const latestAudit = async (app: FastifyInstance, owner: Staff, slug: string) =>
  (await asStaff(app, owner, { url: `/api/console/shops/${slug}/audit` })).json().data.entries[0];

describeEachDb('console sales rules: coupons', (ctx) => {
  it('a manager creates, lists and edits a coupon; the audit log keeps old and new values; checkout honours each rule', async () => {
    const { app, db } = ctx();
    const { owner, shop } = await shopWithOwner(app, 'regras-a');
    const manager = await inviteAndAccept(app, db, 'regras-a', owner, 'gerente@regras-a.example', 'manager');
    const url = '/api/console/shops/regras-a/coupons';
    const created = await asStaff(app, manager, { method: 'POST', url, payload: tenPercent });
    expect(created.statusCode, created.body).toBe(201);
    const coupon = created.json().data;
    expect(coupon).toMatchObject({ code: 'DEZ10', kind: 'percentage', value: 10, usageLimit: 1, uses: 0 });
    const audit = await latestAudit(app, owner, 'regras-a');
    expect(audit).toMatchObject({
      actor: 'gerente@regras-a.example',
      action: 'coupon.created',
      target: coupon.id,
    });
    expect(audit.detail.changes).toContainEqual({ label: 'Desconto', before: '—', after: '10 %' });

    const buyer = await contactSession(app, db, shop, '5511955550101');
    expect((await buyer.coupon('dez10')).statusCode).toBe(200);
    await db.query(
      `insert into orders (id, shop_id, user_id, channel_type, status, coupon_id) values ('ord-r1', $1, $2, 1, 1, $3)`,
      [shop.id, buyer.userId, coupon.id],
    );
    expect((await asStaff(app, manager, { url })).json().data.coupons[0]).toMatchObject({ uses: 1 });
    expect(expectRefusal(await buyer.coupon('DEZ10'), 422).message).toBe(
      'Este cupom atingiu o limite de usos.',
    );

    const edited = { ...tenPercent, usageLimit: 5, firstOrderOnly: true, validUntil: '2099-12-31' };
    const put = await asStaff(app, manager, { method: 'PUT', url: `${url}/${coupon.id}`, payload: edited });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ usageLimit: 5, firstOrderOnly: true, validUntil: '2099-12-31' });
    const changed = await latestAudit(app, owner, 'regras-a');
    expect(changed.action).toBe('coupon.changed');
    expect(changed.detail.changes).toEqual([
      { label: 'Válido até', before: 'sem data', after: '31/12/2099' },
      { label: 'Limite de usos', before: '1 uso', after: '5 usos' },
      { label: 'Só na primeira compra', before: 'Não', after: 'Sim' },
    ]);
    // The buyer has a confirmed order: a first-order-only coupon is refused; a new customer gets it.
    expect(expectRefusal(await buyer.coupon('DEZ10'), 422).message).toBe(
      'Este cupom vale só para a primeira compra.',
    );
    const newcomer = await contactSession(app, db, shop, '5511955550102');
    expect((await newcomer.coupon('DEZ10')).statusCode).toBe(200);

    const off = { ...edited, active: false };
    expect(
      (await asStaff(app, manager, { method: 'PUT', url: `${url}/${coupon.id}`, payload: off })).statusCode,
    ).toBe(200);
    expect(expectRefusal(await newcomer.coupon('DEZ10'), 422).message).toBe('Este cupom não está ativo.');
    const later = { ...off, active: true, validFrom: '2099-01-01' };
    await asStaff(app, manager, { method: 'PUT', url: `${url}/${coupon.id}`, payload: later });
    expect(expectRefusal(await newcomer.coupon('DEZ10'), 422).message).toBe(
      'Este cupom ainda não está válido.',
    );
  });

  it('refuses bad coupons at the field in pt-BR, a taken code, an agent and another shop, changing nothing', async () => {
    const { app, db } = ctx();
    const { owner } = await shopWithOwner(app, 'regras-b');
    const { owner: stranger } = await shopWithOwner(app, 'regras-c');
    const agent = await inviteAndAccept(app, db, 'regras-b', owner, 'atendente@regras-b.example', 'agent');
    const url = '/api/console/shops/regras-b/coupons';
    const first = await asStaff(app, owner, { method: 'POST', url, payload: tenPercent });
    const id = first.json().data.id as string;
    const snapshot = async () =>
      JSON.stringify([
        await db.query(`select * from coupons order by id`),
        await db.query(`select count(*) from audit_log`),
      ]);
    const before = await snapshot();
    const cases: [object, number, string][] = [
      [{ ...tenPercent, code: 'OUTRO', value: 150 }, 400, 'A porcentagem vai de 1 a 100.'],
      [{ ...tenPercent, code: 'a b' }, 400, 'Use só letras sem acento, números, hífen e sublinhado.'],
      [
        { ...tenPercent, code: 'OUTRO', validFrom: '2026-05-10', validUntil: '2026-05-01' },
        400,
        'O fim da validade deve ser depois do início.',
      ],
      [{ ...tenPercent, code: 'OUTRO', usageLimit: 0 }, 400, 'O limite é de ao menos 1 uso.'],
      [{ ...tenPercent, code: 'Dez10' }, 409, 'Já existe um cupom com este código.'],
    ];
    for (const [payload, status, message] of cases) {
      const refusal = expectRefusal(await asStaff(app, owner, { method: 'POST', url, payload }), status);
      expect(refusal.message).toContain(message);
    }
    expectRefusal(await asStaff(app, agent, { url }), 403);
    expectRefusal(
      await asStaff(app, agent, { method: 'POST', url, payload: { ...tenPercent, code: 'AGENTE' } }),
      403,
    );
    const foreign = `/api/console/shops/regras-c/coupons/${id}`;
    expectRefusal(await asStaff(app, stranger, { method: 'PUT', url: foreign, payload: tenPercent }), 404);
    expect(await snapshot()).toBe(before);
  });
});

describeEachDb('console sales rules: gifts by order value', (ctx) => {
  it('tiers from R$ x with n of these products: created, previewed in the cart, edited, removed; audited old → new', async () => {
    const { app, db } = ctx();
    const { owner, shop } = await shopWithOwner(app, 'brindes-a');
    const manager = await inviteAndAccept(
      app,
      db,
      'brindes-a',
      owner,
      'gerente@brindes-a.example',
      'manager',
    );
    const agent = await inviteAndAccept(app, db, 'brindes-a', owner, 'atendente@brindes-a.example', 'agent');
    await insertFixtureProduct(db, shop.id, { providerId: 'CAFE-1', priceCents: 3000 });
    await insertFixtureProduct(db, shop.id, { providerId: 'CANECA', priceCents: 2500 });
    await insertFixtureProduct(db, shop.id, { providerId: 'BISCOITO', priceCents: 900 });
    const url = '/api/console/shops/brindes-a/gifts';
    const tier = {
      name: 'Mimo acima de R$ 50',
      minOrderCents: 5000,
      availableQuantity: 1,
      productCodes: ['CANECA', 'BISCOITO'],
    };
    const before = await db.query('select * from gift_rules');
    for (const [payload, status, message] of [
      [{ ...tier, productCodes: ['NADA'] }, 400, 'Produto não encontrado: NADA.'],
      [{ ...tier, availableQuantity: 0 }, 400, 'O cliente escolhe ao menos 1 brinde.'],
      [{ ...tier, productCodes: [] }, 400, 'Escolha ao menos um produto.'],
      [{ ...tier, productCodes: ['CANECA', 'CANECA'] }, 400, 'Produto repetido.'],
    ] as const)
      expect(
        expectRefusal(await asStaff(app, manager, { method: 'POST', url, payload }), status).message,
      ).toContain(message);
    expectRefusal(await asStaff(app, agent, { method: 'POST', url, payload: tier }), 403);
    expect(await db.query('select * from gift_rules')).toEqual(before);

    const created = await asStaff(app, manager, { method: 'POST', url, payload: tier });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    expect(created.json().data.products.map((p: { code: string }) => p.code)).toEqual(['CANECA', 'BISCOITO']);

    // The cart of an order of R$ 60,00 offers the tier; one of R$ 30,00 does not.
    await db.query(`update shops set settings = settings || '{"canUseCoupon": true}' where id = $1`, [
      shop.id,
    ]);
    const session = await createPlatformSession(db, 60_000, {
      shop: 'brindes-a',
      sessionType: 'contact',
      channelType: 'whatsapp',
      contact: { name: 'Cliente', phone: '5511955550109' },
    });
    const headers = { authorization: `Bearer ${session.code}` };
    const add = (quantity: number) =>
      app.inject({
        method: 'POST',
        url: '/api/order/items/',
        headers,
        payload: { providerId: 'CAFE-1', quantity },
      });
    expect((await add(1)).json().data.gifts).toEqual([]);
    const offered = (await add(2)).json().data.gifts;
    expect(offered).toEqual([
      expect.objectContaining({
        id,
        availableQuantity: 1,
        availableGifts: [
          expect.objectContaining({ id: 'CANECA' }),
          expect.objectContaining({ id: 'BISCOITO' }),
        ],
      }),
    ]);

    const edited = { ...tier, minOrderCents: 8000, availableQuantity: 2, productCodes: ['BISCOITO'] };
    const put = await asStaff(app, manager, { method: 'PUT', url: `${url}/${id}`, payload: edited });
    expect(put.statusCode, put.body).toBe(200);
    const audit = (await asStaff(app, owner, { url: '/api/console/shops/brindes-a/audit' })).json().data
      .entries[0];
    expect(audit).toMatchObject({ action: 'gift.changed', target: id });
    expect(audit.detail.changes).toEqual([
      {
        label: 'A partir de',
        before: expect.stringMatching(/R\$\s50,00/),
        after: expect.stringMatching(/R\$\s80,00/),
      },
      { label: 'Cliente escolhe', before: '1 brinde', after: '2 brindes' },
      { label: 'Produtos', before: 'Produto CANECA, Produto BISCOITO', after: 'Produto BISCOITO' },
    ]);
    // The next cart change sees the new minimum at once: R$ 60,00 no longer reaches it.
    expect((await add(2)).json().data.gifts).toEqual([]);

    const { owner: stranger } = await shopWithOwner(app, 'brindes-b');
    expectRefusal(
      await asStaff(app, stranger, { method: 'DELETE', url: `/api/console/shops/brindes-b/gifts/${id}` }),
      404,
    );
    const removed = await asStaff(app, manager, { method: 'DELETE', url: `${url}/${id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await asStaff(app, manager, { url })).json().data.tiers).toEqual([]);
  });
});
