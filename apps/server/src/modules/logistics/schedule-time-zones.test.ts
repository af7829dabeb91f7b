/**
 * Slots and cut-offs in the shop's own time zone (decision 0043): a shop in Manaus (UTC−4) and one in Fernando de
 * Noronha (UTC−2) around local midnight and around a cut-off. With Brasília's fixed UTC−3 each of these is off by
 * an hour: the wrong day's slots, a slot closed too early (Manaus) or still open after its cut-off (Noronha).
 */
import { expect, it } from 'vitest';
import { addDays, localDay, zonedInstant } from '@vitrine/contracts/shop-time';
import type { Db } from '../../db/client.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { shopWithOwner } from '../../test/console-kit.ts';
import { deliveryCalls } from '../../test/delivery-kit.ts';
import { message, session } from '../checkout/checkout-test-kit.ts';
import { mintSession } from '../order/order-test-kit.ts';
import { resolveSession } from '../session/service.ts';
import { scheduleDays } from './schedule.ts';
import { saveSchedule, scheduleViewOf } from './schedule-setup.ts';

/** Every weekday: 00:30–02:00 (orders until 30 min before) and 10:00–12:00 (60 min before); 2 days shown. */
const aroundMidnight = {
  daysAhead: 2,
  windows: [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => [
    { weekday, start: '00:30', end: '02:00', cutoffMinutes: 30, capacity: 5 },
    { weekday, start: '10:00', end: '12:00', cutoffMinutes: 60, capacity: 5 },
  ]),
  exceptions: [],
};

async function shopIn(app: Parameters<typeof shopWithOwner>[0], db: Db, slug: string, timeZone: string) {
  const made = await shopWithOwner(app, slug, timeZone);
  const [shop] = await db.query<{ id: string; time_zone: string }>(
    'select id, time_zone from shops where slug = $1',
    [slug],
  );
  expect(shop!.time_zone).toBe(timeZone);
  return { ...made, shopId: shop!.id };
}

const offered = (days: Awaited<ReturnType<typeof scheduleDays>>) =>
  days.map((d) => ({
    header: d.header,
    options: d.options.map(
      (o) => `${o.startTime} ${o.enabled ? 'aberto' : 'fechado'} até ${o.scheduleUntil}`,
    ),
  }));

describeEachDb('delivery slots in the shop’s time zone', (ctx) => {
  it('Manaus (UTC−4) at 23:30 on 30 Nov: today is still the 30th; the 00:30 slot of 1 Dec closes at 04:00 UTC', async () => {
    const { app, db } = ctx();
    const { shopId } = await shopIn(app, db, 'fuso-manaus', 'America/Manaus');
    const evening = new Date('2026-12-01T03:30:00Z'); // 23:30 in Manaus, 00:30 in Brasília
    await db.transaction((tx) => saveSchedule(tx, shopId, aroundMidnight, evening));
    const view = await scheduleViewOf(db, shopId, {}, evening);
    expect(view.slots.map((s) => `${s.day} ${s.start} ${s.orderBy}`)).toEqual([
      '2026-11-30 00:30 2026-11-30T04:00:00Z',
      '2026-11-30 10:00 2026-11-30T13:00:00Z',
      '2026-12-01 00:30 2026-12-01T04:00:00Z',
      '2026-12-01 10:00 2026-12-01T13:00:00Z',
    ]);
    const shopper = (await resolveSession(db, await mintSession(app, { shop: 'fuso-manaus' })))!;
    expect(offered(await scheduleDays(db, shopper, evening))).toEqual([
      {
        header: 'Terça-feira 01/12',
        options: ['00:30 aberto até 2026-12-01T04:00:00Z', '10:00 aberto até 2026-12-01T13:00:00Z'],
      },
    ]);
    // A second after local midnight: the 00:30 slot is past its cut-off (00:00), the new day's slots appear.
    const midnight = new Date('2026-12-01T04:00:01Z');
    expect(offered(await scheduleDays(db, shopper, midnight))).toEqual([
      {
        header: 'Terça-feira 01/12',
        options: ['00:30 fechado até 2026-12-01T04:00:00Z', '10:00 aberto até 2026-12-01T13:00:00Z'],
      },
      {
        header: 'Quarta-feira 02/12',
        options: ['00:30 aberto até 2026-12-02T04:00:00Z', '10:00 aberto até 2026-12-02T13:00:00Z'],
      },
    ]);
  });

  it('Noronha (UTC−2) at 00:15 on 1 Dec: the 00:30 slot closed at 00:00 local (02:00 UTC); the 1st is today', async () => {
    const { app, db } = ctx();
    const { shopId } = await shopIn(app, db, 'fuso-noronha', 'America/Noronha');
    const evening = new Date('2026-12-01T01:30:00Z'); // 23:30 on 30 Nov in Noronha
    await db.transaction((tx) => saveSchedule(tx, shopId, aroundMidnight, evening));
    const shopper = (await resolveSession(db, await mintSession(app, { shop: 'fuso-noronha' })))!;
    expect(offered(await scheduleDays(db, shopper, evening))).toEqual([
      {
        header: 'Terça-feira 01/12',
        options: ['00:30 aberto até 2026-12-01T02:00:00Z', '10:00 aberto até 2026-12-01T11:00:00Z'],
      },
    ]);
    const afterMidnight = new Date('2026-12-01T02:15:00Z'); // 00:15 in Noronha, still 23:15 of the 30th in Brasília
    expect(offered(await scheduleDays(db, shopper, afterMidnight))).toEqual([
      {
        header: 'Terça-feira 01/12',
        options: ['00:30 fechado até 2026-12-01T02:00:00Z', '10:00 aberto até 2026-12-01T11:00:00Z'],
      },
      {
        header: 'Quarta-feira 02/12',
        options: ['00:30 aberto até 2026-12-02T02:00:00Z', '10:00 aberto até 2026-12-02T11:00:00Z'],
      },
    ]);
    const view = await scheduleViewOf(db, shopId, {}, afterMidnight);
    expect(view.slots.map((s) => s.day)).toEqual(['2026-12-01', '2026-12-01', '2026-12-02', '2026-12-02']);
  });

  for (const timeZone of ['America/Manaus', 'America/Noronha']) {
    it(`${timeZone}: a slot whose cut-off (shop time) passed 20 min ago is refused, one 20 min ahead is booked`, async () => {
      const { app, db } = ctx();
      const slug = `corte-${timeZone.slice(8).toLowerCase()}`;
      const { owner } = await shopIn(app, db, slug, timeZone);
      const now = Math.floor(Date.now() / 60_000) * 60_000;
      const day = addDays(localDay(now, timeZone), 2);
      // Two extra windows on that day whose cut-offs fall 20 minutes either side of now, in the shop's time.
      const extra = (start: string, cutoffAt: number) => ({
        kind: 'extra',
        day,
        start,
        end: `${start.slice(0, 2)}:59`,
        cutoffMinutes: (zonedInstant(day, start, timeZone).getTime() - cutoffAt) / 60_000,
        capacity: 3,
      });
      const body = {
        daysAhead: 3,
        windows: [],
        exceptions: [extra('12:00', now + 20 * 60_000), extra('14:00', now - 20 * 60_000)],
      };
      const saved = await deliveryCalls(app, slug).call(owner, 'PUT', '/schedule', body);
      expect(saved.statusCode, saved.body).toBe(200);
      const slots = saved.json().data.slots as { id: string; start: string; orderBy: string }[];
      expect(slots.map((s) => `${s.start} ${s.orderBy}`)).toEqual([
        `12:00 ${new Date(now + 20 * 60_000).toISOString().replace('.000', '')}`,
        `14:00 ${new Date(now - 20 * 60_000).toISOString().replace('.000', '')}`,
      ]);
      const shopper = session(app, await mintSession(app, { shop: slug }));
      const [open, past] = [slots[0]!, slots[1]!];
      expect((await shopper.call('POST', '/api/order/schedule', { id: open.id })).status).toBe(200);
      const refused = await shopper.call('POST', '/api/order/schedule', { id: past.id });
      expect(refused.status).toBe(409);
      expect(message(refused)).toBe('Este horário de entrega não está mais disponível.');
    });
  }
});
