/**
 * Console stock (issue 31): an owner turns tracking on, counts and adjusts with a reason (audited), sees the
 * movement history and the 'baixo estoque' list; an adjustment below what orders hold is refused in pt-BR and
 * changes nothing.
 */
import { expect, it } from 'vitest';
import { caller, insertFixtureProduct, mintSession } from '../../modules/order/order-test-kit.ts';
import { catalogCall, shirtBody } from '../../test/catalog-kit.ts';
import { asStaff, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { describeEachDb } from '../../test/test-app.ts';

describeEachDb('console stock', (ctx) => {
  let owner: Staff;
  let slug: string;
  let productId: string;
  const call = (method: 'GET' | 'PUT' | 'POST', path: string, payload?: object) =>
    asStaff(ctx().app, owner, {
      method,
      url: `/api/console/shops/${slug}/stock${path}`,
      ...(payload ? { payload } : {}),
    });

  it('tracks, counts and adjusts with a reason; the history and the audit log say who and why', async () => {
    const created = await shopWithOwner(ctx().app, `estoque-console-${ctx().kind}`);
    owner = created.owner;
    slug = created.shop.slug;
    productId = await insertFixtureProduct(ctx().db, created.shop.id, { providerId: 'AZ', priceCents: 4000 });

    const settings = await call('PUT', '/products/AZ/settings', {
      track: true,
      allowBackorder: false,
      lowThreshold: 3,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const counted = await call('POST', '/adjustments', {
      items: [{ unitId: productId, onHand: 5 }],
      note: 'Contagem de sábado',
    });
    expect([counted.statusCode, counted.json().data]).toEqual([200, { moved: 1 }]);
    const adjusted = await call('POST', '/adjustments', {
      items: [{ unitId: productId, delta: -3 }],
      note: 'Duas garrafas quebraram',
    });
    expect(adjusted.statusCode).toBe(200);

    const stock = (await call('GET', '/products/AZ')).json().data;
    expect(stock.settings).toEqual({ track: true, allowBackorder: false, lowThreshold: 3 });
    expect(stock.units).toEqual([
      expect.objectContaining({ unitId: productId, onHand: 2, held: 0, available: 2, low: true }),
    ]);
    expect(
      stock.movements.map((m: { reason: string; onHandDelta: number; note: string; staffName: string }) => [
        m.reason,
        m.onHandDelta,
        m.note,
        m.staffName,
      ]),
    ).toEqual([
      ['adjustment', -3, 'Duas garrafas quebraram', 'Dona Ana'],
      ['adjustment', 5, 'Contagem de sábado', 'Dona Ana'],
    ]);
    const low = (await call('GET', '/low')).json().data.units;
    expect(low.map((u: { productId: string; available: number }) => [u.productId, u.available])).toEqual([
      ['AZ', 2],
    ]);
    const audit = await ctx().db.query<{ action: string }>(
      `select action from audit_log where shop_id = (select id from shops where slug = $1) and action like 'stock.%'
        order by created_at`,
      [slug],
    );
    expect(audit.map((a) => a.action)).toEqual(['stock.settings', 'stock.adjusted', 'stock.adjusted']);
  });

  it('refuses in pt-BR what would leave less than orders hold, a missing reason and another shop’s unit', async () => {
    const shopper = caller(ctx().app, await mintSession(ctx().app, { shop: slug }));
    await shopper.item({ providerId: 'AZ', quantity: 2 });
    expect((await shopper.confirm()).status).toBe(200);
    const below = await call('POST', '/adjustments', {
      items: [{ unitId: productId, delta: -1 }],
      note: 'Quebrou',
    });
    expect([below.statusCode, below.json().errors[0].code]).toEqual([409, 'stockBelowHeld']);
    expect(below.json().errors[0].message).toMatch(
      /^O estoque não pode ficar abaixo das unidades já reservadas/,
    );
    const noReason = await call('POST', '/adjustments', {
      items: [{ unitId: productId, delta: 1 }],
      note: '',
    });
    expect([noReason.statusCode, noReason.json().errors[0].message]).toEqual([
      400,
      'Dados inválidos: body: note: Informe o motivo do ajuste.',
    ]);
    const elsewhere = await call('POST', '/adjustments', {
      items: [{ unitId: 'prd_outra', delta: 1 }],
      note: 'Teste',
    });
    expect([elsewhere.statusCode, elsewhere.json().errors[0].message]).toEqual([
      404,
      'Produto ou variação não encontrado nesta loja.',
    ]);
    const backorderOff = await call('PUT', '/products/AZ/settings', {
      track: true,
      allowBackorder: true,
      lowThreshold: 3,
    });
    expect(backorderOff.statusCode).toBe(200);
    const stock = (await call('GET', '/products/AZ')).json().data;
    expect(stock.units[0]).toMatchObject({ onHand: 2, held: 2, available: 0 });
    // the hold names its order (id and the shop's number) and no staff member
    const [number] = await ctx().db.query<{ number: number }>(
      `select number from orders where shop_id = (select id from shops where slug = $1) and number is not null`,
      [slug],
    );
    expect(stock.movements[0]).toMatchObject({
      reason: 'sale_held',
      heldDelta: 2,
      actor: 'shopper',
      staffName: null,
      orderId: expect.stringMatching(/^ord_/),
      orderNumber: Number(number!.number),
    });
  });

  it("sums a list's products over their units, names variants by their options, leaves others' codes out", async () => {
    const made = await catalogCall(ctx().app, owner, slug, 'POST', '/products', shirtBody('CAMISA', null));
    expect(made.status, made.message).toBe(201);
    const shirt = (await call('GET', '/products/CAMISA')).json().data;
    expect(shirt.units.map((u: { name: string }) => u.name)).toEqual([
      'Camiseta Algodão Orgânico (P, Azul Marinho)',
      'Camiseta Algodão Orgânico (P, Verde)',
      'Camiseta Algodão Orgânico (M, Azul Marinho)',
      'Camiseta Algodão Orgânico (M, Verde)',
    ]);
    const [first, second] = shirt.units as { unitId: string }[];
    await call('PUT', '/products/CAMISA/settings', { track: true, allowBackorder: false, lowThreshold: 1 });
    const counted = await call('POST', '/adjustments', {
      items: [
        { unitId: first!.unitId, onHand: 4 },
        { unitId: second!.unitId, onHand: 1 },
      ],
      note: 'Contagem',
    });
    expect(counted.statusCode).toBe(200);
    const list = await call('GET', '/products?codes=CAMISA,AZ,NAO-EXISTE');
    expect(list.statusCode, list.body).toBe(200);
    const byCode = Object.fromEntries(
      list.json().data.products.map((p: { code: string }) => [p.code, p] as const),
    );
    expect(Object.keys(byCode).sort()).toEqual(['AZ', 'CAMISA']);
    expect(byCode.CAMISA).toMatchObject({ track: true, onHand: 5, held: 0, available: 5, low: true });
    expect(byCode.CAMISA.units).toHaveLength(4);
    expect(byCode.AZ).toMatchObject({ track: true, onHand: 2, held: 2, available: 0, measure: 'unit' });
    const tooMany = await call(
      'GET',
      `/products?codes=${Array.from({ length: 101 }, (_, i) => `P${i}`).join(',')}`,
    );
    expect([tooMany.statusCode, tooMany.json().errors[0].message]).toEqual([
      400,
      'Dados inválidos: querystring: codes: Informe no máximo 100 produtos.',
    ]);
  });

  it("pages a long history with 'Carregar mais' (?before=), oldest last, and refuses another shop's product", async () => {
    const counts = Array.from({ length: 55 }, (_, i) => ({ unitId: productId, delta: 1 + (i % 2) }));
    for (const item of counts) {
      const moved = await call('POST', '/adjustments', { items: [item], note: 'Entrada de mercadoria' });
      expect(moved.statusCode).toBe(200);
    }
    const first = (await call('GET', '/products/AZ')).json().data;
    expect([first.movements.length, first.more]).toEqual([50, true]);
    const ids = first.movements.map((m: { id: number }) => m.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const next = await call('GET', `/products/AZ/movements?before=${ids.at(-1)}`);
    expect(next.statusCode, next.body).toBe(200);
    const page = next.json().data;
    // 55 adjustments here + what the earlier tests moved (2 adjustments, the hold) = 58 in all
    expect([page.movements.length, page.more]).toEqual([8, false]);
    expect(page.movements[0].id).toBeLessThan(ids.at(-1));
    expect(page.movements.at(-1)).toMatchObject({ reason: 'adjustment', onHandDelta: 5 });
    const bad = await call('GET', '/products/AZ/movements?before=abc');
    expect([bad.statusCode, bad.json().errors[0].message]).toEqual([
      400,
      'Dados inválidos: querystring: before: Informe a movimentação a partir da qual continuar.',
    ]);
    const other = await shopWithOwner(ctx().app, `estoque-outra-${ctx().kind}`);
    const elsewhere = await asStaff(ctx().app, other.owner, {
      method: 'GET',
      url: `/api/console/shops/${other.shop.slug}/stock/products/AZ/movements?before=${ids[0]}`,
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});
