import { expect, it } from 'vitest';
import { describeEachDb, TEST_PLATFORM_KEY } from '../../test/test-app.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { asStaff, shopWithOwner } from '../../test/console-kit.ts';

describeEachDb('platform onboarding and the first-run checklist', (ctx) => {
  const create = (body: object, key = TEST_PLATFORM_KEY) =>
    ctx().app.inject({
      method: 'POST',
      url: '/api/platform/shops',
      headers: { authorization: `Bearer ${key}` },
      payload: body,
    });
  const body = (slug: string) => ({
    slug,
    name: 'Empório Central',
    owner: { email: `dono@${slug}.example`, name: 'Seu Jorge' },
    settings: { whatsApp: '5511912345678', defaultColor: '#aa3300' },
  });

  it('creates a shop with Brazilian defaults and answers its owner invitation link; a taken slug is 409', async () => {
    const { db } = ctx();
    const res = await create(body('emporio'));
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data.shop).toMatchObject({ slug: 'emporio', name: 'Empório Central' });
    expect(data.invitationUrl).toMatch(/^http:\/\/vitrine\.test\/console\/convite#[A-Za-z0-9_-]{43}$/);
    const [shop] = await db.query<{ settings: Record<string, unknown>; time_zone: string }>(
      `select settings, time_zone from shops where slug = 'emporio'`,
    );
    expect(shop!.time_zone).toBe('America/Sao_Paulo');
    expect(shop!.settings).toMatchObject({
      whatsApp: '5511912345678',
      style: { defaultColor: '#aa3300', urlLogo: null },
      steps: ['Start', 'Catalog', 'Identify', 'Logistic', 'Payment'],
      enableCnpj: true,
    });
    const settings = await ctx().app.inject({ url: '/api/session/anonymous?shop=emporio' });
    expect(settings.statusCode, settings.body).toBe(200);

    const taken = expectRefusal(await create(body('emporio')), 409);
    expect(taken.message).toBe('Já existe uma loja com o endereço "emporio". Escolha outro.');
    expect((await db.query(`select id from shops where slug = 'emporio'`)).length).toBe(1);
  });

  it('refuses a missing key (401) and bad input (400 in pt-BR), creating nothing', async () => {
    const { db } = ctx();
    expectRefusal(await create(body('sem-chave'), 'chave-errada-0123456789'), 401);
    expectRefusal(await create({ ...body('Maiúsculas!') }), 400);
    expectRefusal(await create({ ...body('sem-dono'), owner: { email: 'x' } }), 400);
    const phone = expectRefusal(await create({ ...body('fone'), settings: { whatsApp: '(11) 9' } }), 400);
    expect(phone.message).toContain('WhatsApp com DDI 55');
    expect(await db.query(`select id from shops where slug in ('sem-chave', 'sem-dono', 'fone')`)).toEqual(
      [],
    );
  });

  it('the checklist reads each item from the database; staff get an agent link to try the shop', async () => {
    const { app, db } = ctx();
    const { shop, owner } = await shopWithOwner(app, 'quitanda');
    const items = async () =>
      Object.fromEntries(
        (await asStaff(app, owner, { url: '/api/console/shops/quitanda/checklist' }))
          .json()
          .data.items.map((i: { key: string; done: boolean }) => [i.key, i.done]),
      );
    expect(await items()).toEqual({
      style: false,
      products: false,
      logistics: false,
      payment: false,
      whatsApp: false,
    });
    await db.query(
      `update shops set settings = jsonb_set(jsonb_set(settings, '{whatsApp}', '"5511912345678"'), '{style,urlLogo}', '"/media/logo/q.svg"') where id = $1`,
      [shop.id],
    );
    await db.query(
      `insert into products (id, shop_id, provider_id, sku, name, price_cents) values ('prd_q1', $1, 'q1', 'Q1', 'Banana', 500)`,
      [shop.id],
    );
    await db.query(
      `insert into shop_pix (shop_id, pix_key, merchant_name, city) values ($1, 'q@pix.example', 'Quitanda', 'São Paulo')`,
      [shop.id],
    );
    await db.query(
      `insert into sellers (id, shop_id, provider_id, name, street, number, neighborhood, city, state, zip_code)
       values ('sel_q', $1, 'q', 'Quitanda', 'Rua A', '1', 'Centro', 'São Paulo', 'SP', '01001000')`,
      [shop.id],
    );
    await db.query(
      `insert into logistic_options (id, shop_id, seller_id, provider_id, type, name) values ('log_q', $1, 'sel_q', 'retirada', 1, 'Retirada')`,
      [shop.id],
    );
    expect(await items()).toEqual({
      style: true,
      products: true,
      logistics: true,
      payment: true,
      whatsApp: true,
    });
    const checklist = (await asStaff(app, owner, { url: '/api/console/shops/quitanda/checklist' })).json()
      .data;
    expect(checklist.customerLink).toBe('http://vitrine.test/catalog?shop=quitanda');

    expectRefusal(
      await asStaff(app, owner, {
        method: 'POST',
        url: '/api/console/shops/quitanda/agent-links',
        csrf: false,
      }),
      403,
    );
    const agent = await asStaff(app, owner, {
      method: 'POST',
      url: '/api/console/shops/quitanda/agent-links',
    });
    expect(agent.statusCode, agent.body).toBe(200);
    const code = (agent.json().data.url as string).split('#')[1]!;
    const session = await app.inject({ url: `/api/session/${code}` });
    expect(session.json().data).toMatchObject({ sessionType: 1 });
  });
});
