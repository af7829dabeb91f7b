/**
 * Capacity across instances (issue 18): agents on two app instances of one PostgreSQL race for the places of a
 * console-made slot of capacity 2 while the owner re-saves the schedule through one of them; the slot ends with
 * exactly 2 bookings and every other attempt refused in pt-BR (holdSlot's row lock and the reserved <= capacity
 * check hold across processes; a save never sets capacity below bookings).
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { shopWithOwner } from '../../test/console-kit.ts';
import { byNeighbourhood, dayFromToday, deliveryCalls, everyDay } from '../../test/delivery-kit.ts';
import { twoInstancesOnPostgres } from '../../test/two-instances.ts';
import { mintSession } from '../../modules/order/order-test-kit.ts';
import { session } from '../../modules/checkout/checkout-test-kit.ts';
import { localDay } from '@vitrine/contracts/shop-time';

const url = process.env.TEST_DATABASE_URL;
const AGENTS_PER_INSTANCE = 12;

describe.runIf(url)('delivery capacity across two instances [postgres]', () => {
  const { apps, dbs } = twoInstancesOnPostgres();

  it('a slot of capacity 2 takes exactly 2 of 24 simultaneous attempts while the schedule is re-saved', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const { owner } = await shopWithOwner(a, 'corrida');
    const { call } = deliveryCalls(a, 'corrida');
    expect((await call(owner, 'PUT', '/schedule', everyDay(2))).statusCode).toBe(200);
    const tomorrow = dayFromToday(localDay(new Date(), 'America/Sao_Paulo'), 1);
    const slots = (await call(owner, 'GET', '/schedule')).json().data.slots as { id: string; day: string }[];
    const slot = slots.find((s) => s.day === tomorrow)!;

    const agents = await Promise.all(
      [a, b].flatMap((app) =>
        Array.from({ length: AGENTS_PER_INSTANCE }, async () =>
          session(app, await mintSession(app, { shop: 'corrida', agent: true })),
        ),
      ),
    );
    const [answers] = await Promise.all([
      Promise.all(agents.map((agent) => agent.call('POST', '/api/order/schedule', { id: slot.id }))),
      call(owner, 'PUT', '/schedule', { ...everyDay(2), daysAhead: 5 }),
      deliveryCalls(b, 'corrida').call(owner, 'PUT', '/schedule', everyDay(2)),
    ]);
    const statuses = answers.map((r) => r.status);
    const bookings = statuses.filter((s) => s === 200).length;
    const refusals = statuses.filter((s) => s === 409).length;
    console.log(
      `[postgres] capacity 2 on two instances: ${agents.length} attempts, ${bookings} bookings, ${refusals} refusals`,
    );
    expect(bookings).toBe(2);
    expect(refusals).toBe(agents.length - 2);
    const [row] = await dbs[0]!.query<{ capacity: number; reserved: number; rows: number }>(
      `select capacity, reserved, (select count(*)::int from slot_reservations r where r.slot_id = s.id) as rows
         from schedule_slots s where id = $1`,
      [slot.id],
    );
    expect(row).toEqual({ capacity: 2, reserved: 2, rows: 2 });
  });

  it('an option’s own window of capacity 2 takes exactly 2 of 24 attempts on two instances', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const { owner } = await shopWithOwner(a, 'corrida-opcao');
    const { call } = deliveryCalls(a, 'corrida-opcao');
    const option = (await call(owner, 'POST', '/options', byNeighbourhood({ name: 'Expressa' }))).json().data;
    expect((await call(owner, 'PUT', '/schedule', everyDay(5))).statusCode).toBe(200);
    const own = { ...everyDay(2), optionId: option.id };
    own.windows = own.windows.map((w) => ({ ...w, start: '15:00', end: '17:00' }));
    expect((await call(owner, 'PUT', '/schedule', own)).statusCode).toBe(200);
    const tomorrow = dayFromToday(localDay(new Date(), 'America/Sao_Paulo'), 1);
    const slots = (await call(owner, 'GET', `/schedule?optionId=${option.id}`)).json().data.slots as {
      id: string;
      day: string;
    }[];
    const slot = slots.find((s) => s.day === tomorrow)!;

    const agents = await Promise.all(
      [a, b].flatMap((app) =>
        Array.from({ length: AGENTS_PER_INSTANCE }, async () => {
          const agent = session(app, await mintSession(app, { shop: 'corrida-opcao', agent: true }));
          await agent.okCall('POST', '/api/order/logistic/', { providerId: option.id, type: 1 });
          return agent;
        }),
      ),
    );
    const [answers] = await Promise.all([
      Promise.all(agents.map((agent) => agent.call('POST', '/api/order/schedule', { id: slot.id }))),
      call(owner, 'PUT', '/schedule', { ...own, daysAhead: 5 }),
      deliveryCalls(b, 'corrida-opcao').call(owner, 'PUT', '/schedule', own),
    ]);
    const statuses = answers.map((r) => r.status);
    const bookings = statuses.filter((s) => s === 200).length;
    console.log(
      `[postgres] option window of capacity 2 on two instances: ${agents.length} attempts, ${bookings} bookings`,
    );
    expect(bookings).toBe(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(agents.length - 2);
    const [row] = await dbs[0]!.query<{
      capacity: number;
      reserved: number;
      rows: number;
      option_id: string;
    }>(
      `select capacity, reserved, option_id,
              (select count(*)::int from slot_reservations r where r.slot_id = s.id) as rows
         from schedule_slots s where id = $1`,
      [slot.id],
    );
    expect(row).toEqual({ capacity: 2, reserved: 2, rows: 2, option_id: option.id });
  });
});
