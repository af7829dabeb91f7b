/**
 * The orders board, its CSV and the platform's look-up read dates in the shop's own time zone (decision 0043): a
 * shop in Manaus (UTC−4), one in Fernando de Noronha (UTC−2) and one in New York (a 25-hour day), orders placed
 * either side of local midnight. Also: a shop is created in its zone, and an unknown zone is refused in pt-BR.
 */
import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import { addDays, dayStart, localDay } from '@vitrine/contracts/shop-time';
import { placeTestOrder } from '../../test/board-kit.ts';
import { asStaff, createShop, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { describeEachDb, TEST_PLATFORM_KEY } from '../../test/test-app.ts';

type Row = { number: number; placedAt: string };

describeEachDb('orders board in the shop’s time zone', (ctx) => {
  const board = async (owner: Staff, slug: string, query: string) => {
    const res = await asStaff(ctx().app, owner, { url: `/api/console/shops/${slug}/orders${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { orders: Row[]; timeZone: string };
  };
  const numbers = async (owner: Staff, slug: string, query: string) =>
    (await board(owner, slug, query)).orders.map((o) => o.number);
  const csv = async (owner: Staff, slug: string, query = '') => {
    const res = await asStaff(ctx().app, owner, { url: `/api/console/shops/${slug}/orders.csv${query}` });
    expect(res.statusCode, res.body).toBe(200);
    const rows = parse(res.body, { delimiter: ';', bom: true, columns: true }) as Record<string, string>[];
    return { rows, disposition: res.headers['content-disposition'] };
  };
  const order = (phone: string, confirmedAt: string) => ({ name: 'Cliente', phone, confirmedAt });

  it('Manaus: a day is 04:00–04:00 UTC in the filters, the CSV, the file name and the platform look-up', async () => {
    const { app, db } = ctx();
    const { owner, shop } = await shopWithOwner(app, 'pedidos-manaus', 'America/Manaus');
    await placeTestOrder(db, shop.id, order('5592911110001', '2026-11-30T04:00:00Z')); // #1 00:00 on 30 Nov
    await placeTestOrder(db, shop.id, order('5592911110001', '2026-12-01T03:59:00Z')); // #2 23:59 on 30 Nov
    await placeTestOrder(db, shop.id, order('5592911110001', '2026-12-01T04:00:00Z')); // #3 00:00 on 1 Dec
    expect((await board(owner, 'pedidos-manaus', '')).timeZone).toBe('America/Manaus');
    expect(await numbers(owner, 'pedidos-manaus', '?from=2026-11-30&to=2026-11-30')).toEqual([2, 1]);
    expect(await numbers(owner, 'pedidos-manaus', '?from=2026-12-01&to=2026-12-01')).toEqual([3]);
    expect(await numbers(owner, 'pedidos-manaus', '?to=2026-11-29')).toEqual([]);

    const { rows, disposition } = await csv(owner, 'pedidos-manaus');
    expect(rows.map((r) => `${r.Pedido} ${r.Data}`)).toEqual([
      '3 01/12/2026 00:00',
      '2 30/11/2026 23:59',
      '1 30/11/2026 00:00',
    ]);
    // The file is named after the shop's today, not the server's or UTC's.
    const today = localDay(new Date(), 'America/Manaus');
    expect(disposition).toBe(`attachment; filename="pedidos-pedidos-manaus-${today}.csv"`);

    const res = await app.inject({
      url: '/api/platform/shops/pedidos-manaus/orders?phone=92911110001',
      headers: { authorization: `Bearer ${TEST_PLATFORM_KEY}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const looked = res.json().data.orders as { placedAt: string; placedAtText: string }[];
    expect(looked.map((o) => o.placedAtText)).toEqual([
      '01/12/2026 00:00',
      '30/11/2026 23:59',
      '30/11/2026 00:00',
    ]);
    expect(looked[0]!.placedAt).toBe('2026-12-01T04:00:00.000Z');
  });

  it('Noronha: 01:59 UTC is still yesterday, 02:00 UTC is today; "today" is the shop’s today', async () => {
    const { app, db } = ctx();
    const { owner, shop } = await shopWithOwner(app, 'pedidos-noronha', 'America/Noronha');
    await placeTestOrder(db, shop.id, order('5581911110001', '2026-12-01T01:59:00Z')); // #1 23:59 on 30 Nov
    await placeTestOrder(db, shop.id, order('5581911110002', '2026-12-01T02:00:00Z')); // #2 00:00 on 1 Dec
    expect(await numbers(owner, 'pedidos-noronha', '?from=2026-11-30&to=2026-11-30')).toEqual([1]);
    expect(await numbers(owner, 'pedidos-noronha', '?from=2026-12-01&to=2026-12-01')).toEqual([2]);
    const { rows } = await csv(owner, 'pedidos-noronha', '?from=2026-11-30');
    expect(rows.map((r) => `${r.Pedido} ${r.Data}`)).toEqual(['2 01/12/2026 00:00', '1 30/11/2026 23:59']);

    // Today's filter (from = to = the shop's today) around the shop's midnight, whatever the server's clock says —
    // in a shop of its own: the fixed dates above may be today's.
    const other = await shopWithOwner(app, 'pedidos-noronha-hoje', 'America/Noronha');
    const today = localDay(new Date(), 'America/Noronha');
    const midnight = dayStart(today, 'America/Noronha').getTime();
    await placeTestOrder(
      db,
      other.shop.id,
      order('5581911110003', new Date(midnight - 60_000).toISOString()),
    ); // #1
    await placeTestOrder(db, other.shop.id, order('5581911110004', new Date(midnight).toISOString())); // #2
    await placeTestOrder(db, other.shop.id, order('5581911110005', new Date().toISOString())); // #3
    expect(await numbers(other.owner, 'pedidos-noronha-hoje', `?from=${today}&to=${today}`)).toEqual([3, 2]);
    const yesterday = addDays(today, -1);
    expect(await numbers(other.owner, 'pedidos-noronha-hoje', `?from=${yesterday}&to=${yesterday}`)).toEqual([
      1,
    ]);
  });

  it('New York: the day the clocks go back has 25 hours, all of them in the day’s filter', async () => {
    const { app, db } = ctx();
    const { owner, shop } = await shopWithOwner(app, 'pedidos-ny', 'America/New_York');
    await placeTestOrder(db, shop.id, order('5511911110001', '2026-11-01T04:00:00Z')); // #1 00:00 EDT
    await placeTestOrder(db, shop.id, order('5511911110002', '2026-11-02T04:59:00Z')); // #2 23:59 EST
    await placeTestOrder(db, shop.id, order('5511911110003', '2026-11-02T05:00:00Z')); // #3 00:00 on 2 Nov
    expect(await numbers(owner, 'pedidos-ny', '?from=2026-11-01&to=2026-11-01')).toEqual([2, 1]);
    const { rows } = await csv(owner, 'pedidos-ny');
    expect(rows.map((r) => r.Data)).toEqual(['02/11/2026 00:00', '01/11/2026 23:59', '01/11/2026 00:00']);
  });

  it('a shop is created in its zone; an unknown zone is refused in pt-BR', async () => {
    const { app, db } = ctx();
    await createShop(app, 'fuso-ok', 'dona@fuso-ok.example', 'America/Noronha');
    const [row] = await db.query<{ time_zone: string }>("select time_zone from shops where slug = 'fuso-ok'");
    expect(row!.time_zone).toBe('America/Noronha');
    const refused = await app.inject({
      method: 'POST',
      url: '/api/platform/shops',
      headers: { authorization: `Bearer ${TEST_PLATFORM_KEY}` },
      payload: {
        slug: 'fuso-ruim',
        name: 'Fuso ruim',
        owner: { email: 'dona@fuso-ruim.example', name: 'Ana' },
        timeZone: 'Brasil/Manaus',
      },
    });
    expect(expectRefusal(refused, 400).message).toContain('Fuso horário desconhecido');
    expect(await db.query("select 1 from shops where slug = 'fuso-ruim'")).toEqual([]);
  });
});
