import { expect, it } from 'vitest';
import {
  FUNNEL_STAGES,
  type FunnelCounts,
  type FunnelReport,
} from '@vitrine/contracts/console-reports-funnel';
import { reportBuckets } from '@vitrine/contracts/console-reports';
import { addDays, localDay } from '@vitrine/contracts/shop-time';
import { newId } from '../../lib/ids.ts';
import { placeTestOrder } from '../../test/board-kit.ts';
import { client } from '../../test/catalog-support.ts';
import { asStaff, inviteAndAccept, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { describeEachDb } from '../../test/test-app.ts';

const ZONE = 'America/Sao_Paulo';
const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

describeEachDb('console funnel report', (ctx) => {
  let owner: Staff;
  const today = localDay(new Date(), ZONE);
  const from = addDays(today, -13);
  const RANGE = `from=${from}&to=${today}`;
  const report = (staff: Staff, query: string) =>
    asStaff(ctx().app, staff, { url: `/api/console/shops/funil/reports/funnel?${query}` });

  it('reconciles every stage, per week and channel, with the raw rows', async () => {
    const { app, db } = ctx();
    const created = await shopWithOwner(app, 'funil');
    owner = created.owner;
    const shopId = created.shop.id;
    // Three links minted by the chat; two opened by the contact, one only by a preview robot, one by an agent.
    const links = [await client(ctx, 'funil'), await client(ctx, 'funil'), await client(ctx, 'funil')];
    const open = (code: string, agent = 'Mozilla/5.0') =>
      app.inject({ url: `/api/session/${code}`, headers: { 'user-agent': agent } });
    expect((await open(links[0]!.code)).statusCode).toBe(200);
    await open(links[0]!.code);
    await open(links[1]!.code);
    await open(links[2]!.code, 'WhatsApp/2.23.20.0');
    await open((await client(ctx, 'funil', 'agent')).code);
    // A visitor from the shop's own link (no code): an anonymous session, no link sent — in neither stage.
    const visit = await app.inject({ url: '/api/session/anonymous?shop=funil' });
    expect(visit.statusCode, visit.body).toBe(200);
    expect((await open(visit.json().data.code)).statusCode).toBe(200);
    await app.analytics.flush();
    // Orders: confirmed 2 and 9 days ago (one on Instagram), one paid, one delivered, one cancelled, one too old.
    const paid = await placeTestOrder(db, shopId, {
      name: 'A',
      phone: '11922220001',
      confirmedAt: ago(2),
      paid: true,
    });
    const delivered = await placeTestOrder(db, shopId, {
      name: 'B',
      phone: '11922220002',
      confirmedAt: ago(9),
      channelType: 3,
    });
    await placeTestOrder(db, shopId, { name: 'C', phone: '11922220003', confirmedAt: ago(3), status: 3 });
    await placeTestOrder(db, shopId, { name: 'D', phone: '11922220004', confirmedAt: ago(40) });
    await db.query(`update orders set fulfilment = 'delivered', fulfilment_at = $2 where id = $1`, [
      delivered,
      ago(1),
    ]);
    // The recovery: one reminder sent, the order it brought back.
    const [order] = await db.query<{ contact_id: string }>('select contact_id from orders where id = $1', [
      paid,
    ]);
    const reminder = newId('rem');
    await db.query(
      `insert into recovery_reminders (id, shop_id, order_id, contact_id, step, state, due_at, cart_version, sent_at)
       values ($1, $2, $3, $4, 1, 'sent', now(), 0, now())`,
      [reminder, shopId, paid, order!.contact_id],
    );
    await db.query(
      `insert into recovery_recoveries (order_id, shop_id, reminder_id, value_cents, confirmed_at)
       values ($1, $2, $3, 1990, now())`,
      [paid, shopId, reminder],
    );

    const res = await report(owner, RANGE);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as FunnelReport;

    // The same from the raw rows, each event on its São Paulo day.
    const buckets = reportBuckets(from, today, 'week');
    const expected = buckets.map(() => Object.fromEntries(FUNNEL_STAGES.map((s) => [s, 0])) as FunnelCounts);
    const count = (stage: keyof FunnelCounts, at: Date | string | null) => {
      if (!at) return;
      const day = localDay(new Date(at), ZONE);
      const i = buckets.findIndex((b) => b.from <= day && day <= b.to);
      if (i >= 0) expected[i]![stage] += 1;
    };
    const sessions = await db.query<{ created_at: Date; opened_at: Date | null }>(
      `select created_at, opened_at from sessions where shop_id = $1 and session_type = 0 and user_id not like 'anonymous-%'`,
      [shopId],
    );
    for (const s of sessions) {
      count('minted', s.created_at);
      count('opened', s.opened_at);
    }
    const orders = await db.query<{
      created_at: Date;
      confirmed_at: Date | null;
      status: number;
      items_amount_cents: number;
      fulfilment: string | null;
      fulfilment_at: Date | null;
    }>('select * from orders where shop_id = $1', [shopId]);
    for (const o of orders) {
      if (o.status !== 0 || o.items_amount_cents > 0) count('added', o.created_at);
      if ([1, 2, 3].includes(o.status)) count('confirmed', o.confirmed_at);
      if (o.fulfilment === 'delivered') count('delivered', o.fulfilment_at);
    }
    const ledger = await db.query<{ at: Date }>(
      `select min(received_at) as at from payment_ledger where shop_id = $1 and kind = 'received' group by order_id`,
      [shopId],
    );
    for (const l of ledger) count('paid', l.at);

    expect(data.buckets.map((b) => b.counts)).toEqual(expected);
    expect(data.totals).toMatchObject({ opened: 2, confirmed: 3, paid: 1, delivered: 1 });
    expect(data.totals.minted).toBe(sessions.length);
    const summed = Object.fromEntries(
      FUNNEL_STAGES.map((s) => [s, data.byChannel.reduce((sum, c) => sum + c.counts[s], 0)]),
    );
    expect(summed).toEqual(data.totals);
    expect(data.recovery).toEqual({ reminders: 1, orders: 1, valueCents: 1990 });

    const instagram = (await report(owner, `${RANGE}&channel=instagram`)).json().data as FunnelReport;
    expect(instagram.byChannel.map((c) => c.label)).toEqual(['Instagram']);
    expect(instagram.totals).toMatchObject({ confirmed: 1, delivered: 1, paid: 0 });

    const csv = await asStaff(app, owner, {
      url: `/api/console/shops/funil/reports/funnel.csv?${RANGE}&table=stages`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Links abertos;2;');
    expect(csv.body).toContain('Pedidos pagos;1;33,3');
  });

  it('is for owners and managers; bad periods are refused in pt-BR', async () => {
    const { app, db } = ctx();
    const agent = await inviteAndAccept(app, db, 'funil', owner, 'bia@funil.example', 'agent');
    expectRefusal(await report(agent, RANGE), 403);
    expect(expectRefusal(await report(owner, `from=${today}&to=${from}`), 400).message).toBe(
      'A data inicial do relatório deve ser anterior ou igual à data final.',
    );
    expectRefusal(await report(owner, `${RANGE}&bucket=year`), 400);
    expectRefusal(await report(owner, `from=2024-01-01&to=2026-11-01&bucket=day`), 400);
    expectRefusal(await report(owner, `${RANGE}&channel=telegram`), 400);
  });
});
