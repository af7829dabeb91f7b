import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import type { SalesReport } from '@vitrine/contracts/console-reports';
import { placeTestOrder } from '../../test/board-kit.ts';
import { asStaff, inviteAndAccept, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { describeEachDb } from '../../test/test-app.ts';

type Row = { [column: string]: string };
const csvOf = (text: string) => parse(text, { delimiter: ';', bom: true, columns: true }) as Row[];
/** '1.234,56' → 123456 centavos. */
const centsOf = (text: string) => Math.round(Number(text.replace(/\./g, '').replace(',', '.')) * 100);
const numberOf = (text: string) => Number(text.replace(/\./g, '').replace(',', '.') || '0');

/** The report's figures as the orders CSV gives them for the same range (cancelled orders apart). */
function fromCsv(rows: Row[]) {
  const sold = rows.filter((r) => r['Situação'] !== 'Cancelado');
  const group = (key: (r: Row) => string) => {
    const out = new Map<string, { orders: number; revenueCents: number }>();
    for (const r of sold) {
      const g = out.get(key(r)) ?? { orders: 0, revenueCents: 0 };
      g.orders += 1;
      g.revenueCents += centsOf(r['Total (R$)']!);
      out.set(key(r), g);
    }
    return Object.fromEntries(out);
  };
  const sum = (column: string, of = sold) => of.reduce((s, r) => s + centsOf(r[column]!), 0);
  const canceled = rows.filter((r) => r['Situação'] === 'Cancelado');
  return {
    orders: sold.length,
    revenueCents: sum('Total (R$)'),
    units: sold.reduce((s, r) => s + numberOf(r['Itens']!), 0),
    weightKg: sold.reduce((s, r) => s + numberOf(r['Peso (kg)']!), 0),
    discountCents: sum('Desconto (R$)'),
    refundedCents: sum('Reembolsado (R$)'),
    canceled: { orders: canceled.length, totalCents: sum('Total (R$)', canceled) },
    byDay: group((r) => r['Data']!.slice(0, 10)),
    byChannel: group((r) => r['Canal']!),
    byPaymentPaid: group((r) => `${r['Forma de pagamento'] || 'A definir'}:${r['Pagamento'] === 'Pago'}`),
    byAgent: group((r) => r['Atendente'] || 'Pedidos do próprio cliente'),
    byLogistic: group((r) => (r['Entrega'] ? r['Entrega'].split(':')[0]! : 'A definir')),
    byStore: group((r) => r['Loja'] || 'Sem loja'),
    coupons: Object.fromEntries(
      [...new Set(sold.map((r) => r['Cupom']).filter(Boolean))].map((code) => {
        const used = sold.filter((r) => r['Cupom'] === code);
        return [code, { orders: used.length, discountCents: sum('Desconto (R$)', used) }];
      }),
    ),
  };
}

const splitMap = (rows: SalesReport['byChannel']) =>
  Object.fromEntries(rows.map((r) => [r.label, { orders: r.orders, revenueCents: r.revenueCents }]));

describeEachDb('console sales report', (ctx) => {
  let owner: Staff;
  let agent: Staff;
  let agentId: string;
  const report = (staff: Staff | null, query: string, shop = 'relatorio') =>
    asStaff(ctx().app, staff, { url: `/api/console/shops/${shop}/reports/sales?${query}` });

  it('reconciles every figure with the orders CSV of the same range', async () => {
    const { app, db } = ctx();
    const created = await shopWithOwner(app, 'relatorio');
    owner = created.owner;
    const shopId = created.shop.id;
    agent = await inviteAndAccept(app, db, 'relatorio', owner, 'bia@relatorio.example', 'agent');
    [{ id: agentId }] = (await db.query<{ id: string }>(
      `select id from staff_users where email = 'bia@relatorio.example'`,
    )) as [{ id: string }];
    const sold = { id: 'agt_1', name: 'Bia Atendente', staffUserId: agentId };
    const platform = { id: 'agt_2', name: 'Robô do chat', staffUserId: null };
    const orders = [
      // 01:30 UTC on the 10th is still the 9th in São Paulo: before the range.
      { confirmedAt: '2026-11-10T01:30:00Z', totalCents: 99999, paid: true },
      { confirmedAt: '2026-11-10T03:00:00Z', totalCents: 5000, paid: true, checkout: { agent: sold } },
      {
        confirmedAt: '2026-11-10T15:00:00Z',
        totalCents: 12000,
        quantity: 3,
        checkout: { agent: sold, couponCode: 'BEMVINDO' },
        discountCents: 1500,
      },
      {
        confirmedAt: '2026-11-10T16:00:00Z',
        totalCents: 3000,
        channelType: 3,
        pickup: true,
        paid: true,
        refundedCents: 1000,
      },
      { confirmedAt: '2026-11-10T17:00:00Z', totalCents: 7000, status: 3 },
      // the 11th has no sale; the 12th:
      {
        confirmedAt: '2026-11-12T12:00:00Z',
        totalCents: 4590,
        kiloPortion: 0.5,
        quantity: 2,
        checkout: {
          agent: platform,
          paymentMethod: 0,
          seller: { providerId: 's2', name: 'Loja Norte', serviceTaxCents: 0 },
        },
      },
      {
        confirmedAt: '2026-11-12T20:00:00Z',
        totalCents: 8000,
        channelType: 2,
        paid: true,
        checkout: { couponCode: 'BEMVINDO' },
        discountCents: 800,
      },
      { confirmedAt: '2026-11-13T02:59:00Z', totalCents: 1000, checkout: { paymentMethod: null } },
      // 03:00 UTC on the 13th is the 13th in São Paulo: after the range.
      { confirmedAt: '2026-11-13T03:00:00Z', totalCents: 77777 },
    ];
    for (const [i, o] of orders.entries())
      await placeTestOrder(db, shopId, { name: `Cliente ${i}`, phone: `55119000000${10 + i}`, ...o });
    // an order from WhatsApp's own catalogue: its own 'Canal' line
    const fromCatalogue = await placeTestOrder(db, shopId, {
      name: 'Cliente catálogo',
      phone: '5511900000099',
      confirmedAt: '2026-11-12T13:00:00Z',
      totalCents: 2000,
    });
    await db.query(
      `insert into whatsapp_catalog_orders (shop_id, message_id, order_id, catalog_id) values ($1, 'wamid.1', $2, 'c1')`,
      [shopId, fromCatalogue],
    );

    const res = await report(owner, 'from=2026-11-10&to=2026-11-12&bucket=day');
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data as SalesReport;
    const csv = await asStaff(app, owner, {
      url: '/api/console/shops/relatorio/orders.csv?from=2026-11-10&to=2026-11-12',
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const want = fromCsv(csvOf(csv.body));

    expect(want.orders).toBe(7);
    expect(r.totals).toMatchObject({
      orders: want.orders,
      revenueCents: want.revenueCents,
      averageTicketCents: Math.round(want.revenueCents / want.orders),
      units: want.units,
      weightKg: want.weightKg,
      discountCents: want.discountCents,
      refundedCents: want.refundedCents,
      netCents: want.revenueCents - want.refundedCents,
    });
    expect(r.totals).toMatchObject({ orders: 7, revenueCents: 35590, refundedCents: 1000, weightKg: 1 });
    expect(splitMap(r.byChannel)['Pedido pelo catálogo do WhatsApp']).toEqual({
      orders: 1,
      revenueCents: 2000,
    });
    expect(r.canceled).toEqual(want.canceled);
    expect(r.canceled).toEqual({ orders: 1, totalCents: 7000 });
    // days in the shop's zone, the empty 11th as zero
    expect(r.buckets.map((b) => [b.from, b.current.orders, b.current.revenueCents])).toEqual([
      ['2026-11-10', want.byDay['10/11/2026']!.orders, want.byDay['10/11/2026']!.revenueCents],
      ['2026-11-11', 0, 0],
      ['2026-11-12', want.byDay['12/11/2026']!.orders, want.byDay['12/11/2026']!.revenueCents],
    ]);
    expect(splitMap(r.byChannel)).toEqual(want.byChannel);
    expect(splitMap(r.byAgent)).toEqual(want.byAgent);
    expect(Object.keys(want.byAgent).sort()).toEqual([
      'Bia Atendente',
      'Pedidos do próprio cliente',
      'Robô do chat',
    ]);
    expect(splitMap(r.byLogistic)).toEqual(want.byLogistic);
    expect(splitMap(r.byStore)).toEqual(want.byStore);
    const payments = Object.fromEntries(
      r.byPayment
        .flatMap((p) => [
          [`${p.label}:true`, p.paid],
          [`${p.label}:false`, p.waiting],
        ])
        .filter(([, v]) => (v as { orders: number }).orders > 0),
    );
    expect(payments).toEqual(want.byPaymentPaid);
    expect(
      Object.fromEntries(
        r.coupons.map((c) => [c.code, { orders: c.orders, discountCents: c.discountCents }]),
      ),
    ).toEqual(want.coupons);
    expect(r.agents).toEqual([{ id: agentId, name: 'Bia Atendente' }]);

    // the previous period of the same length (7th–9th) holds the 9th's late order
    expect(r.previous).toEqual({ from: '2026-11-07', to: '2026-11-09' });
    expect(r.previousTotals).toMatchObject({ orders: 1, revenueCents: 99999 });
    expect(r.buckets[2]!.previous.revenueCents).toBe(99999);

    // a chart's CSV carries the chart's figures
    const chart = await asStaff(app, owner, {
      url: '/api/console/shops/relatorio/reports/sales.csv?from=2026-11-10&to=2026-11-12&chart=periods',
    });
    expect(chart.statusCode, chart.body).toBe(200);
    expect(chart.headers['content-disposition']).toBe(
      'attachment; filename="vendas-por-periodo-relatorio-2026-11-10-a-2026-11-12.csv"',
    );
    const periods = csvOf(chart.body);
    expect(periods.map((p) => [p['Período'], p['Pedidos'], p['Receita (R$)']])).toEqual([
      ['10/11/2026', '3', '200,00'],
      ['11/11/2026', '0', '0,00'],
      ['12/11/2026', '4', '155,90'],
    ]);
  });

  it('gives an atendente their own figures and refuses another agent’s', async () => {
    const own = await report(agent, 'from=2026-11-10&to=2026-11-12');
    expect(own.statusCode, own.body).toBe(200);
    const r = own.json().data as SalesReport;
    expect(r.scope).toBe('agent');
    expect(r.totals).toMatchObject({ orders: 2, revenueCents: 17000 });
    expect(r.byAgent.map((a) => a.label)).toEqual(['Bia Atendente']);
    expect(r.agents).toEqual([]);
    const same = await report(owner, `from=2026-11-10&to=2026-11-12&agent=${agentId}`);
    expect((same.json().data as SalesReport).totals).toEqual(r.totals);

    const [{ id: ownerId }] = (await ctx().db.query<{ id: string }>(
      `select id from staff_users where email = 'dona@relatorio.example'`,
    )) as [{ id: string }];
    const refused = expectRefusal(await report(agent, `from=2026-11-10&to=2026-11-12&agent=${ownerId}`), 403);
    expect(refused).toMatchObject({
      code: 'reportAgentForbidden',
      message: 'Você só pode ver os seus próprios números.',
    });
  });

  it('refuses bad input in pt-BR and another shop', async () => {
    const cases: [string, number, string][] = [
      ['from=1926-01-01&to=2026-01-01&bucket=month', 400, 'reportRangeTooLong'],
      ['from=2026-11-12&to=2026-11-10', 400, 'reportRangeInverted'],
      ['from=2025-01-01&to=2026-06-30&bucket=day', 400, 'reportTooManyDays'],
      ['from=2026-11-10&to=2026-11-12&bucket=hora', 400, 'invalidInput'],
      ['from=10/11/2026&to=2026-11-12', 400, 'invalidInput'],
      ['to=2026-11-12', 400, 'invalidInput'],
    ];
    for (const [query, status, code] of cases) {
      const error = expectRefusal(await report(owner, query), status);
      expect(error.code, query).toBe(code);
    }
    expect(
      expectRefusal(await report(owner, 'from=2026-11-10&to=2026-11-12&bucket=hora'), 400).message,
    ).toMatch(/Agrupamento inválido/);
    const stranger = (await shopWithOwner(ctx().app, 'outra-loja')).owner;
    expectRefusal(await report(stranger, 'from=2026-11-10&to=2026-11-12'), 404);
    expectRefusal(await report(null, 'from=2026-11-10&to=2026-11-12'), 401);
  });

  it("buckets by the shop's local day in Manaus around midnight", async () => {
    const { app, db } = ctx();
    const { shop, owner: manaus } = await shopWithOwner(app, 'manaus', 'America/Manaus');
    // Manaus is UTC−4: 03:59 UTC on the 21st is 23:59 on the 20th; 04:00 UTC is midnight of the 21st.
    await placeTestOrder(db, shop.id, {
      name: 'A',
      phone: '5592900000001',
      confirmedAt: '2026-11-21T03:59:00Z',
      totalCents: 1000,
    });
    await placeTestOrder(db, shop.id, {
      name: 'B',
      phone: '5592900000002',
      confirmedAt: '2026-11-21T04:00:00Z',
      totalCents: 2000,
    });
    await placeTestOrder(db, shop.id, {
      name: 'C',
      phone: '5592900000003',
      confirmedAt: '2026-11-23T03:59:59Z',
      totalCents: 4000,
    });
    const res = await report(manaus, 'from=2026-11-19&to=2026-11-22', 'manaus');
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data as SalesReport;
    expect(r.timeZone).toBe('America/Manaus');
    expect(r.buckets.map((b) => [b.from, b.current.revenueCents])).toEqual([
      ['2026-11-19', 0],
      ['2026-11-20', 1000],
      ['2026-11-21', 2000],
      ['2026-11-22', 4000],
    ]);
    // by week (Monday to Sunday): the 19th–22nd is one week (Thu–Sun)
    const week = (await report(manaus, 'from=2026-11-16&to=2026-11-29&bucket=week', 'manaus')).json()
      .data as SalesReport;
    expect(week.buckets.map((b) => [b.from, b.to, b.current.orders])).toEqual([
      ['2026-11-16', '2026-11-22', 3],
      ['2026-11-23', '2026-11-29', 0],
    ]);
  });

  it("answers today's three numbers on the home", async () => {
    const { app, db } = ctx();
    const { shop, owner: home } = await shopWithOwner(app, 'inicio');
    await placeTestOrder(db, shop.id, { name: 'Hoje', phone: '5511900000099', totalCents: 2500 });
    await placeTestOrder(db, shop.id, { name: 'Hoje 2', phone: '5511900000098', totalCents: 1500 });
    await placeTestOrder(db, shop.id, {
      name: 'Ontem',
      phone: '5511900000097',
      totalCents: 9900,
      confirmedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    });
    const res = await asStaff(app, home, { url: '/api/console/shops/inicio/reports/today' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      orders: 2,
      revenueCents: 4000,
      averageTicketCents: 2000,
      scope: 'shop',
    });
  });
});
