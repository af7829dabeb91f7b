/**
 * The delivery schedule in the console (issue 18): weekly windows and exceptions make the slots checkouts book,
 * the calendar shows bookings against capacity, capacity holds, and a change never drops a booking.
 */
import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/test-app.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { asStaff, inviteAndAccept, shopWithOwner } from '../../test/console-kit.ts';
import { dayFromToday, deliveryCalls, everyDay } from '../../test/delivery-kit.ts';
import { mintSession } from '../../modules/order/order-test-kit.ts';
import { message, session } from '../../modules/checkout/checkout-test-kit.ts';
import { localDay } from '@vitrine/contracts/shop-time';

type Slot = { id: string; day: string; start: string; capacity: number; booked: number };

describeEachDb('console delivery schedule', (ctx) => {
  it('windows and exceptions make the slots; capacity 2 takes two orders and refuses the third; changes keep bookings', async () => {
    const { app, db } = ctx();
    const { owner } = await shopWithOwner(app, 'agenda-a');
    const { call } = deliveryCalls(app, 'agenda-a');
    const today = localDay(new Date(), 'America/Sao_Paulo');
    const [tomorrow, closed, extra] = [1, 2, 3].map((n) => dayFromToday(today, n)) as [
      string,
      string,
      string,
    ];
    const body = {
      ...everyDay(2),
      exceptions: [
        { kind: 'closed', day: closed, note: 'Feriado' },
        { kind: 'extra', day: extra, start: '19:00', end: '21:00', cutoffMinutes: 120, capacity: 5 },
      ],
    };
    const saved = await call(owner, 'PUT', '/schedule', body);
    expect(saved.statusCode, saved.body).toBe(200);
    const slots = () => call(owner, 'GET', '/schedule').then((r) => r.json().data.slots as Slot[]);
    expect(
      (await slots()).filter((s) => s.day > today).map((s) => `${s.day} ${s.start} ${s.capacity}`),
    ).toEqual([`${tomorrow} 09:00 2`, `${extra} 09:00 2`, `${extra} 19:00 5`]);

    const agents = await Promise.all(
      [1, 2, 3].map(async () => session(app, await mintSession(app, { shop: 'agenda-a', agent: true }))),
    );
    const days = (await agents[0]!.okCall('GET', '/api/order/schedule')) as unknown as { day: string }[];
    expect(days.map((d) => d.day)).not.toContain(closed);
    const slot = (await slots()).find((s) => s.day === tomorrow)!;
    const answers = [];
    for (const agent of agents)
      answers.push(await agent.call('POST', '/api/order/schedule', { id: slot.id }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 409]);
    expect(message(answers[2]!)).toBe('Este horário de entrega não está mais disponível.');
    // Held by carts not yet placed: booked, but no order to list and open in the calendar (issue 38).
    expect((await slots()).find((s) => s.id === slot.id)).toMatchObject({
      capacity: 2,
      booked: 2,
      orders: [],
    });

    // Lowering the capacity below the bookings keeps them (the slot is full); removing the window closes the slot
    // without dropping its bookings; the unbooked slots of removed windows go.
    await call(owner, 'PUT', '/schedule', everyDay(1));
    expect((await slots()).find((s) => s.id === slot.id)).toMatchObject({ capacity: 2, booked: 2 });
    const none = await call(owner, 'PUT', '/schedule', { daysAhead: 4, windows: [], exceptions: [] });
    expect(none.statusCode, none.body).toBe(200);
    expect(await slots()).toEqual([expect.objectContaining({ id: slot.id, capacity: 2, booked: 2 })]);
    expect((await agents[2]!.call('POST', '/api/order/schedule', { id: slot.id })).status).toBe(409);
    await call(owner, 'PUT', '/schedule', everyDay(3));
    expect((await slots()).find((s) => s.id === slot.id)).toMatchObject({ capacity: 3, booked: 2 });
    expect((await agents[2]!.call('POST', '/api/order/schedule', { id: slot.id })).status).toBe(200);

    const audit = await asStaff(app, owner, { url: '/api/console/shops/agenda-a/audit' });
    const first = (audit.json().data.entries as { action: string; detail: { changes: object[] } }[]).at(-4)!;
    expect(first.action).toBe('delivery.schedule.changed');
    expect(first.detail.changes).toContainEqual({
      label: 'Janelas semanais',
      before: '—',
      after: expect.stringContaining('Domingo 09:00–12:00, pedidos até o início, 2 pedidos'),
    });
    const rows = await db.query<{ n: number }>(
      `select count(*)::int as n from schedule_slots s join shops sh on sh.id = s.shop_id
        where sh.slug = 'agenda-a' and s.reserved > s.capacity`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('refuses a bad schedule at the field in pt-BR and an agent, and changes nothing', async () => {
    const { app, db } = ctx();
    const { owner } = await shopWithOwner(app, 'agenda-b');
    const agent = await inviteAndAccept(app, db, 'agenda-b', owner, 'atende@agenda-b.example', 'agent');
    const { call } = deliveryCalls(app, 'agenda-b');
    await call(owner, 'PUT', '/schedule', everyDay(2));
    const snapshot = async () =>
      JSON.stringify(
        await db.query(
          `select (select json_agg(s.capacity || s.start_time order by s.day, s.start_time) from schedule_slots s
                    where s.shop_id = sh.id) as slots,
                  (select count(*) from schedule_windows w where w.shop_id = sh.id) as windows,
                  (select count(*) from audit_log a where a.shop_id = sh.id) as audit
             from shops sh where slug = 'agenda-b'`,
        ),
      );
    const baseline = await snapshot();
    const w = everyDay(2).windows[0]!;
    const cases: [object, string][] = [
      [{ ...everyDay(2), daysAhead: 0 }, 'Mostre ao menos 1 dia.'],
      [{ ...everyDay(2), windows: [{ ...w, end: '08:00' }] }, 'O fim deve ser depois do início.'],
      [{ ...everyDay(2), windows: [{ ...w, capacity: 0 }] }, 'A capacidade é de ao menos 1 pedido.'],
      [{ ...everyDay(2), windows: [{ ...w, start: '9h' }] }, 'Horário inválido'],
      [{ ...everyDay(2), windows: [w, w] }, 'Já há uma janela neste dia com este início.'],
      [
        { ...everyDay(2), exceptions: [{ kind: 'closed', day: '2026-02-30x', note: null }] },
        'Data inválida.',
      ],
      [{ ...everyDay(2), windows: [{ ...w, cutoffMinutes: -5 }] }, 'O prazo não pode ser negativo.'],
    ];
    for (const [payload, text] of cases)
      expect(expectRefusal(await call(owner, 'PUT', '/schedule', payload), 400).message).toContain(text);
    expectRefusal(await call(agent, 'PUT', '/schedule', everyDay(9)), 403);
    expectRefusal(await call(agent, 'GET', '/schedule'), 403);
    expect(await snapshot()).toBe(baseline);
  });
});
