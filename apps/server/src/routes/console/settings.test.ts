import sharp from 'sharp';
import { expect, it } from 'vitest';
import { formatBRL } from '@vitrine/contracts/money';
import { buildApp } from '../../app.ts';
import { describeEachDb, testConfig } from '../../test/test-app.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { asStaff, inviteAndAccept, shopWithOwner } from '../../test/console-kit.ts';
import { imageBase64, validSettingsBody } from '../../test/settings-kit.ts';
import { createPlatformSession } from '../../modules/session/service.ts';

describeEachDb('console settings: read, save, logo, roles, refusals', (ctx) => {
  it('the owner saves every setting; the storefront reads them; the audit log names the fields; the checklist turns', async () => {
    const { app, db } = ctx();
    const { owner, shop } = await shopWithOwner(app, 'ajustes-a');
    const url = '/api/console/shops/ajustes-a/settings';
    const before = await asStaff(app, owner, { url });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data.limits).toEqual({
      minOrderValueCents: null,
      maxDistinctItems: null,
      maxItems: null,
      orderEditExpiryHours: 24,
    });

    const upload = await asStaff(app, owner, {
      method: 'POST',
      url: '/api/console/shops/ajustes-a/logo',
      payload: { contentType: 'image/jpeg', data: await imageBase64(1200, 300, 'jpeg') },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const urlLogo = upload.json().data.urlLogo as string;
    expect(urlLogo).toMatch(/^\/media\/shop-logos\/lgo_[0-9a-z]{26}\.png$/);
    const served = await app.inject({ url: urlLogo });
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 480,
      height: 120,
    });

    const body = validSettingsBody({
      style: { defaultColor: '#7b1fa2', secondaryColor: '#ffb300', urlLogo },
    });
    const saved = await asStaff(app, owner, { method: 'PUT', url, payload: body });
    expect(saved.statusCode, saved.body).toBe(200);
    // The body leaves the proposal expiry out (as an older form would): it stays at the new shop's 24 hours.
    expect(saved.json().data).toEqual({
      slug: 'ajustes-a',
      name: 'Loja ajustes-a',
      ...body,
      limits: { ...body.limits, orderEditExpiryHours: 24 },
    });
    expect((await asStaff(app, owner, { url })).json().data).toEqual(saved.json().data);

    const session = await createPlatformSession(db, 60_000, {
      shop: shop.slug,
      sessionType: 'contact',
      channelType: 'whatsapp',
      contact: { name: 'Cliente', phone: '5511955550001' },
    });
    const storefront = await app.inject({
      url: '/api/shop/settings',
      headers: { authorization: `Bearer ${session.code}` },
    });
    expect(storefront.json().data).toMatchObject({ style: body.settings.style, whatsApp: '5511987651234' });

    const checklist = await asStaff(app, owner, { url: '/api/console/shops/ajustes-a/checklist' });
    const items = checklist.json().data.items as { key: string; done: boolean }[];
    expect(items.filter((i) => i.key === 'style' || i.key === 'whatsApp').map((i) => i.done)).toEqual([
      true,
      true,
    ]);

    const audit = await asStaff(app, owner, { url: '/api/console/shops/ajustes-a/audit' });
    const [latest] = audit.json().data.entries;
    expect(latest.action).toBe('settings.changed');
    expect(latest.detail.fields).toEqual(
      expect.arrayContaining(['style', 'whatsApp', 'steps', 'minOrderValueCents']),
    );
    // The order limits read old → new (decision 0035).
    expect(latest.detail.changes).toContainEqual({
      label: 'Valor mínimo do pedido',
      before: 'sem mínimo',
      after: formatBRL(body.limits.minOrderValueCents!),
    });
  });

  it('refuses bad input at the field in pt-BR and changes nothing; an agent gets 403, another shop 404', async () => {
    const { app, db } = ctx();
    const { owner } = await shopWithOwner(app, 'ajustes-b');
    const { owner: stranger } = await shopWithOwner(app, 'ajustes-c');
    const url = '/api/console/shops/ajustes-b/settings';
    const read = async () =>
      JSON.stringify(await db.query(`select settings, max_items from shops where slug = 'ajustes-b'`));
    const baseline = await read();
    const put = (payload: object, who = owner) => asStaff(app, who, { method: 'PUT', url, payload });

    const cases: [object, string][] = [
      [
        validSettingsBody({ style: { defaultColor: 'roxo', secondaryColor: '#ffffff', urlLogo: null } }),
        'Cor inválida',
      ],
      [validSettingsBody({ whatsApp: '11 98765-4321' }), 'Número de WhatsApp inválido'],
      [validSettingsBody({ steps: ['Catalog', 'Start'] }), 'As etapas começam em Início e Catálogo'],
      [
        validSettingsBody({
          style: { defaultColor: '#000000', secondaryColor: '#ffffff', urlLogo: 'javascript:alert(1)' },
        }),
        'Endereço do logo inválido',
      ],
      [
        {
          ...validSettingsBody(),
          limits: { minOrderValueCents: -1, maxDistinctItems: null, maxItems: null },
        },
        'não pode ser negativo',
      ],
      [{ ...validSettingsBody(), extra: 1 }, ''],
    ];
    for (const [payload, message] of cases) {
      const refusal = expectRefusal(await put(payload), 400);
      expect(refusal.message).toContain(message);
    }
    const badLogo = await asStaff(app, owner, {
      method: 'POST',
      url: '/api/console/shops/ajustes-b/logo',
      payload: { contentType: 'image/png', data: await imageBase64(20, 20, 'jpeg') },
    });
    expect(expectRefusal(badLogo, 400).message).toBe(
      'O arquivo não é uma imagem PNG, JPEG ou WebP válida (do tipo informado).',
    );
    const svg = await asStaff(app, owner, {
      method: 'POST',
      url: '/api/console/shops/ajustes-b/logo',
      payload: { contentType: 'image/svg+xml', data: Buffer.from('<svg/>').toString('base64') },
    });
    expect(expectRefusal(svg, 400).message).toContain('PNG, JPEG ou WebP');
    const big = await asStaff(app, owner, {
      method: 'POST',
      url: '/api/console/shops/ajustes-b/logo',
      payload: { contentType: 'image/png', data: 'A'.repeat(210_000) },
    });
    expect(expectRefusal(big, 400).message).toContain('grande demais');

    const agent = await inviteAndAccept(app, db, 'ajustes-b', owner, 'bia@ajustes-b.example', 'agent');
    expectRefusal(await asStaff(app, agent, { url }), 403);
    expectRefusal(await put(validSettingsBody(), agent), 403);
    expectRefusal(await put(validSettingsBody(), stranger), 404);
    expect(await read()).toBe(baseline);
    expect(
      await db.query(
        `select 1 from shop_logos l join shops s on s.id = l.shop_id where s.slug = 'ajustes-b'`,
      ),
    ).toHaveLength(0);

    const manager = await inviteAndAccept(app, db, 'ajustes-b', owner, 'gil@ajustes-b.example', 'manager');
    expect((await put(validSettingsBody(), manager)).statusCode).toBe(200);
  });

  it("a save drops the shop's cached answers in this instance and in a second one on the same database", async () => {
    const { app, db } = ctx();
    const cached = testConfig({ cache: { ...testConfig().cache, catalogTtlMs: 60_000 } });
    const other = await buildApp({ db, config: cached, logger: false });
    try {
      await other.ready();
      const { owner, shop } = await shopWithOwner(app, 'ajustes-d');
      let loads = 0;
      // What the first view and the catalogue keep per shop (`<shopId>|…`): a hit does not load again.
      const read = () =>
        other.catalogCache.getOrLoad(`${shop.id}|first-view|catalog|`, async () => ({ n: ++loads }));
      await read();
      await read();
      expect(loads).toBe(1);
      const save = (via: typeof app, defaultColor: string) =>
        asStaff(via, owner, {
          method: 'PUT',
          url: '/api/console/shops/ajustes-d/settings',
          payload: validSettingsBody({ style: { defaultColor, secondaryColor: '#ffffff', urlLogo: null } }),
        });
      expect((await save(other, '#7b1fa2')).statusCode).toBe(200);
      await read();
      expect(loads, 'the saving instance drops at once').toBe(2);
      expect((await save(app, '#004d40')).statusCode).toBe(200);
      await expect.poll(async () => (await read(), loads), { timeout: 3_000, interval: 50 }).toBe(3);
    } finally {
      await other.close();
    }
  });
});
