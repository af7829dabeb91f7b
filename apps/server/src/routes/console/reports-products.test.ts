import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import type { ProductsReport } from '@vitrine/contracts/console-reports-products';
import { formatWeight } from '@vitrine/contracts/format';
import { localDay } from '@vitrine/contracts/shop-time';
import { createAnalyticsRecorder } from '../../modules/analytics/service.ts';
import { placeTestOrder } from '../../test/board-kit.ts';
import { client } from '../../test/catalog-support.ts';
import { asStaff, inviteAndAccept, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { describeEachDb } from '../../test/test-app.ts';

const ZONE = 'America/Sao_Paulo';
const RANGE = 'from=2026-11-09&to=2026-11-15';

describeEachDb('console products report', (ctx) => {
  let owner: Staff;
  let shopId: string;
  const report = (staff: Staff | null, query: string, shop = 'produtos') =>
    asStaff(ctx().app, staff, { url: `/api/console/shops/${shop}/reports/products?${query}` });
  const productOf = async (orderId: string, name: string) => {
    const [line] = await ctx().db.query<{ product_id: string }>(
      'select product_id from order_items where order_id = $1',
      [orderId],
    );
    await ctx().db.query('update products set name = $2 where id = $1', [line!.product_id, name]);
    return line!.product_id;
  };

  it('reconciles the best sellers with the raw order lines of the shop days', async () => {
    const { app, db } = ctx();
    const created = await shopWithOwner(app, 'produtos');
    owner = created.owner;
    shopId = created.shop.id;
    const place = (o: Parameters<typeof placeTestOrder>[2], name: string) =>
      placeTestOrder(db, shopId, o).then((id) => productOf(id, name));
    const rice = await place(
      {
        name: 'Ana',
        phone: '11911110001',
        confirmedAt: '2026-11-10T15:00:00Z',
        totalCents: 3000,
        quantity: 3,
      },
      'Arroz 5 kg',
    );
    const cheese = await place(
      {
        name: 'Beto',
        phone: '11911110002',
        confirmedAt: '2026-11-12T12:00:00Z',
        totalCents: 4590,
        quantity: 3,
        kiloPortion: 0.5,
      },
      'Queijo minas',
    );
    await place(
      {
        name: 'Caio',
        phone: '11911110003',
        confirmedAt: '2026-11-15T20:00:00Z',
        totalCents: 9900,
        status: 2,
      },
      'Café especial',
    );
    // Cancelled; and 01:30 UTC on the 9th is the 8th in São Paulo; and 03:30 UTC on the 16th is still the 15th.
    await place(
      {
        name: 'Duda',
        phone: '11911110004',
        confirmedAt: '2026-11-11T15:00:00Z',
        totalCents: 70000,
        status: 3,
      },
      'Cancelado',
    );
    await place(
      { name: 'Eva', phone: '11911110005', confirmedAt: '2026-11-09T01:30:00Z', totalCents: 50000 },
      'Antes',
    );
    await place(
      {
        name: 'Fabi',
        phone: '11911110006',
        confirmedAt: '2026-11-16T02:30:00Z',
        totalCents: 1200,
        quantity: 2,
      },
      'Pão de queijo',
    );

    const res = await report(owner, RANGE);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as ProductsReport;

    // The same figures from the raw rows: lines of Received/Finalized orders on the range's São Paulo days.
    const raw = await db.query<{
      product_id: string;
      name: string;
      sold_in_kilo: boolean;
      amount_in_kilo: number | null;
      quantity: string;
      total_cents: number;
      status: number;
      confirmed_at: Date | string;
    }>(
      `select oi.product_id, p.name, p.sold_in_kilo, p.amount_in_kilo::float8 as amount_in_kilo, oi.quantity::text,
              oi.total_cents, o.status, o.confirmed_at
         from orders o join order_items oi on oi.order_id = o.id join products p on p.id = oi.product_id
        where o.shop_id = $1`,
      [shopId],
    );
    const expected = new Map<
      string,
      { valueCents: number; units: number; weightKg: number; orders: number }
    >();
    for (const r of raw) {
      const day = localDay(new Date(r.confirmed_at), ZONE);
      if (![1, 2].includes(r.status) || day < '2026-11-09' || day > '2026-11-15') continue;
      const e = expected.get(r.name) ?? { valueCents: 0, units: 0, weightKg: 0, orders: 0 };
      e.valueCents += r.total_cents;
      e.orders += 1;
      if (r.sold_in_kilo) e.weightKg += Number(r.quantity) * (r.amount_in_kilo ?? 1);
      else e.units += Number(r.quantity);
      expected.set(r.name, e);
    }
    const got = Object.fromEntries(
      data.byValue.map((s) => [
        s.name,
        { valueCents: s.valueCents, units: s.units, weightKg: s.weightKg, orders: s.orders },
      ]),
    );
    expect(got).toEqual(Object.fromEntries(expected));
    expect(data.byValue.map((s) => s.name)).toEqual([
      'Café especial',
      'Queijo minas',
      'Arroz 5 kg',
      'Pão de queijo',
    ]);
    expect(data.byUnits.map((s) => [s.name, s.units])).toEqual([
      ['Arroz 5 kg', 3],
      ['Pão de queijo', 2],
      ['Café especial', 1],
    ]);
    expect(data.byWeight.map((s) => [s.name, s.weightKg])).toEqual([['Queijo minas', 1.5]]);
    expect(data.totals).toMatchObject({ productsSold: 4, valueCents: 3000 + 4590 + 9900 + 1200 });

    // The CSV says the same, the kilo product by the spec's weight rule, every cell as the screen's.
    const csv = await asStaff(app, owner, {
      url: `/api/console/shops/produtos/reports/products.csv?${RANGE}&table=weight`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(
      'mais-vendidos-por-peso-produtos-2026-11-09-a-2026-11-15',
    );
    const rows = parse(csv.body, { delimiter: ';', bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      { Produto: 'Queijo minas', Pedidos: '1', Peso: formatWeight(1.5), 'Valor (R$)': '45,90' },
    ]);
    expect(rice).not.toBe(cheese);
  });

  it('counts sold-out days from the stock ledger by the shop day', async () => {
    const { db } = ctx();
    const [product] = await db.query<{ id: string }>(
      `select id from products where shop_id = $1 and name = 'Arroz 5 kg'`,
      [shopId],
    );
    const [other] = await db.query<{ id: string }>(
      `select id from products where shop_id = $1 and name = 'Antes'`,
      [shopId],
    );
    const move = (id: string, delta: number, at: string) =>
      db.query(
        `insert into stock_movements (shop_id, unit_id, product_id, reason, on_hand_delta, actor, note, created_at)
         values ($1, $2, $2, 'adjustment', $3, 'staff', 'contagem', $4)`,
        [shopId, id, delta, at],
      );
    for (const id of [product!.id, other!.id])
      await db.query(`insert into stock_settings (product_id, shop_id, track) values ($1, $2, true)`, [
        id,
        shopId,
      ]);
    // Rice: 2 before the range, none from the 10th 10:00 to the 12th 09:00 (local), 5 after: the 10th, 11th, 12th.
    await move(product!.id, 2, '2026-11-01T12:00:00Z');
    await move(product!.id, -2, '2026-11-10T13:00:00Z');
    await move(product!.id, 5, '2026-11-12T12:00:00Z');
    // The other: out since before the range (at 00:00 local of the 9th it had none) until the 9th at 23:30 local.
    await move(other!.id, 1, '2026-11-01T12:00:00Z');
    await move(other!.id, -1, '2026-11-05T12:00:00Z');
    await move(other!.id, 4, '2026-11-10T02:30:00Z');
    const data = (await report(owner, RANGE)).json().data as ProductsReport;
    expect(data.soldOut.map((s) => [s.name, s.days])).toEqual([
      ['Arroz 5 kg', 3],
      ['Antes', 1],
    ]);
    const [untracked] = (await report(owner, 'from=2026-11-13&to=2026-11-15')).json().data
      .soldOut as unknown[];
    expect(untracked).toBeUndefined();
  });

  it('records what shoppers search without result and the products they open, without the person', async () => {
    const { app, db } = ctx();
    const shopper = await client(ctx, 'produtos');
    const agent = await client(ctx, 'produtos', 'agent');
    const search = (c: typeof shopper, searchQuery: string, extra = {}) =>
      c.post('/api/catalog/products/searchText', { searchQuery, ...extra });
    await search(shopper, '  Tapioca   GRANULADA ');
    await search(shopper, 'tapioca granulada');
    await search(shopper, 'tapioca granulada', { pageNumber: 1 });
    await search(shopper, 'ana@exemplo.com');
    await search(shopper, '11 99999-1234');
    await search(shopper, 'arroz');
    const [rice] = await db.query<{ provider_id: string }>(
      `select provider_id from products where shop_id = $1 and name = 'Arroz 5 kg'`,
      [shopId],
    );
    expect((await shopper.get(`/api/catalog/products/${rice!.provider_id}`)).status).toBe(200);
    await shopper.get(`/api/catalog/products/${rice!.provider_id}`);
    await agent.get(`/api/catalog/products/${rice!.provider_id}`);
    await app.analytics.flush();
    const today = localDay(new Date(), ZONE);
    expect(
      await db.query(`select day::text, term, searches from search_misses where shop_id = $1`, [shopId]),
    ).toEqual([{ day: today, term: 'tapioca granulada', searches: 2 }]);
    const data = (await report(owner, `from=${today}&to=${today}`)).json().data as ProductsReport;
    expect(data.searchMisses).toEqual([{ term: 'tapioca granulada', searches: 2, days: 1, lastDay: today }]);
    expect(data.viewed).toEqual([{ productId: expect.any(String), name: 'Arroz 5 kg', views: 2, orders: 0 }]);
    expect(data.totals).toMatchObject({ views: 2, searchMisses: 2 });
  });

  it('adds the counts of several writers (instances) to one row per shop, day and term', async () => {
    const { db } = ctx();
    const at = () => new Date('2026-11-11T02:30:00Z'); // the 10th in São Paulo
    const writers = [1, 2].map(() =>
      createAnalyticsRecorder(db, {
        flushMs: 60_000,
        retentionMonths: 13,
        onError: (e) => {
          throw e;
        },
        now: at,
      }),
    );
    for (const w of writers) {
      w.searchMiss(shopId, 'Farinha de rosca');
      w.searchMiss(shopId, 'farinha de rosca');
    }
    await Promise.all(writers.map((w) => w.close()));
    const data = (await report(owner, RANGE)).json().data as ProductsReport;
    expect(data.searchMisses).toEqual([
      { term: 'farinha de rosca', searches: 4, days: 1, lastDay: '2026-11-10' },
    ]);
    const csv = await asStaff(ctx().app, owner, {
      url: `/api/console/shops/produtos/reports/products.csv?${RANGE}&table=searches`,
    });
    expect(csv.body).toContain('farinha de rosca;4;1;10/11/2026');
  });

  it('is for owners and managers; bad periods and foreign shops are refused in pt-BR', async () => {
    const { app, db } = ctx();
    const manager = await inviteAndAccept(app, db, 'produtos', owner, 'gil@produtos.example', 'manager');
    const agent = await inviteAndAccept(app, db, 'produtos', owner, 'bia@produtos.example', 'agent');
    expect((await report(manager, RANGE)).statusCode).toBe(200);
    expectRefusal(await report(agent, RANGE), 403);
    expectRefusal(
      await asStaff(app, agent, {
        url: `/api/console/shops/produtos/reports/products.csv?${RANGE}&table=value`,
      }),
      403,
    );
    expect(expectRefusal(await report(owner, 'from=2026-11-15&to=2026-11-01'), 400).message).toBe(
      'A data inicial do relatório deve ser anterior ou igual à data final.',
    );
    expect(expectRefusal(await report(owner, 'from=1926-01-01&to=2026-11-01'), 400).message).toBe(
      'O período do relatório pode ter no máximo 731 dias.',
    );
    expect(expectRefusal(await report(owner, 'from=2026-02-30&to=2026-03-01'), 400).message).toMatch(
      /Data inválida/,
    );
    expectRefusal(await report(owner, `${RANGE}&bucket=day`), 400);
    expectRefusal(
      await asStaff(app, owner, { url: `/api/console/shops/produtos/reports/products.csv?${RANGE}&table=x` }),
      400,
    );
    const other = await shopWithOwner(app, 'outra-loja');
    expectRefusal(await report(other.owner, RANGE), 404);
  });
});
