/**
 * A schedule per delivery option or store (issue 18, decision 0036): windows may name an option or a store, the
 * checkout books from the chosen option's own windows, else its store's, else the shop's; the console reads and
 * saves each scope apart, audited with the scope's name; another shop's option is 404 and nothing changes.
 */
import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/test-app.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { asStaff, shopWithOwner } from '../../test/console-kit.ts';
import {
  byNeighbourhood,
  dayFromToday,
  deliveryCalls,
  everyDay,
  storeBody,
} from '../../test/delivery-kit.ts';
import { mintSession } from '../../modules/order/order-test-kit.ts';
import { message, session } from '../../modules/checkout/checkout-test-kit.ts';
import { localDay } from '@vitrine/contracts/shop-time';

type Slot = { id: string; day: string; start: string; capacity: number; booked: number };
type Day = { day: string; options: { id: string; startTime: string }[] };

const at = (start: string, end: string, capacity: number) => ({
  ...everyDay(capacity),
  windows: everyDay(capacity).windows.map((w) => ({ ...w, start, end })),
});

describeEachDb('delivery schedule per option or store', (ctx) => {
  it('an option with its own windows offers only their slots; others and the shop keep the shop’s', async () => {
    const { app, db } = ctx();
    const { owner } = await shopWithOwner(app, 'escopo-a');
    const { call } = deliveryCalls(app, 'escopo-a');
    const express = (await call(owner, 'POST', '/options', byNeighbourhood({ name: 'Expressa' }))).json()
      .data;
    const plain = (await call(owner, 'POST', '/options', byNeighbourhood({ name: 'Comum' }))).json().data;
    const shop = (await call(owner, 'POST', '/stores', storeBody())).json().data;
    expect((await call(owner, 'PUT', '/schedule', everyDay(2))).statusCode).toBe(200);
    const own = await call(owner, 'PUT', '/schedule', { ...at('15:00', '17:00', 1), optionId: express.id });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toMatchObject({
      optionId: express.id,
      storeId: null,
      windows: expect.arrayContaining([expect.objectContaining({ start: '15:00', capacity: 1 })]),
      ownSchedules: [{ optionId: express.id, storeId: null }],
    });
    const pickup = await call(owner, 'PUT', '/schedule', { ...at('10:00', '11:00', 3), storeId: shop.id });
    expect(pickup.statusCode, pickup.body).toBe(200);

    // The console reads each scope apart: the shop's windows stay 09:00, the option's are 15:00.
    const view = (q = '') => call(owner, 'GET', `/schedule${q}`).then((r) => r.json().data);
    expect((await view()).windows.map((w: { start: string }) => w.start)).toEqual(Array(7).fill('09:00'));
    expect(new Set((await view()).slots.map((s: Slot) => s.start))).toEqual(new Set(['09:00']));
    const optionView = await view(`?optionId=${express.id}`);
    expect(new Set(optionView.slots.map((s: Slot) => s.start))).toEqual(new Set(['15:00']));
    expect((await view(`?storeId=${shop.id}`)).windows[0]).toMatchObject({ start: '10:00', capacity: 3 });

    // The agent's checkout: Expressa offers 15:00 only, Comum the shop's 09:00, the store's pickup 10:00.
    const agent = session(app, await mintSession(app, { shop: 'escopo-a', agent: true }));
    const starts = async () =>
      new Set(
        ((await agent.okCall('GET', '/api/order/schedule')) as unknown as Day[]).flatMap((d) =>
          d.options.map((o) => o.startTime),
        ),
      );
    expect(await starts()).toEqual(new Set(['09:00']));
    await agent.okCall('POST', '/api/order/logistic/', { providerId: express.id, type: 1 });
    expect(await starts()).toEqual(new Set(['15:00']));
    const tomorrow = dayFromToday(localDay(new Date(), 'America/Sao_Paulo'), 1);
    const shopSlot = (await view()).slots.find((s: Slot) => s.day === tomorrow) as Slot;
    const optionSlot = optionView.slots.find((s: Slot) => s.day === tomorrow) as Slot;
    // A slot of the shop's schedule is not one of this option's: not found, nothing held.
    const refused = await agent.call('POST', '/api/order/schedule', { id: shopSlot.id });
    expect(refused.status).toBe(404);
    expect((await view()).slots.find((s: Slot) => s.id === shopSlot.id)).toMatchObject({ booked: 0 });
    await agent.okCall('POST', '/api/order/schedule', { id: optionSlot.id });
    // Capacity 1 holds per window: a second agent on Expressa is refused that slot.
    const other = session(app, await mintSession(app, { shop: 'escopo-a', agent: true }));
    await other.okCall('POST', '/api/order/logistic/', { providerId: express.id, type: 1 });
    const full = await other.call('POST', '/api/order/schedule', { id: optionSlot.id });
    expect(full.status).toBe(409);
    expect(message(full)).toBe('Este horário de entrega não está mais disponível.');

    // Switching to Comum (the shop's schedule) lets the Expressa slot go.
    const switched = await agent.okCall('POST', '/api/order/logistic/', { providerId: plain.id, type: 1 });
    expect(switched.checkout?.slot).toBeNull();
    expect(await starts()).toEqual(new Set(['09:00']));
    expect(
      (await view(`?optionId=${express.id}`)).slots.find((s: Slot) => s.id === optionSlot.id),
    ).toMatchObject({ booked: 0 });
    const pickups = (await agent.okCall('GET', '/api/order/logistic/?type=0')) as unknown as {
      providerId: string;
    }[];
    await agent.okCall('POST', '/api/order/logistic/', { providerId: pickups[0]!.providerId, type: 0 });
    expect(await starts()).toEqual(new Set(['10:00']));

    // The audit names the scope.
    const audit = await asStaff(app, owner, { url: '/api/console/shops/escopo-a/audit' });
    const entries = audit.json().data.entries as {
      action: string;
      detail: { changes?: { label: string }[] };
    }[];
    expect(entries.flatMap((e) => (e.detail.changes ?? []).map((c) => c.label))).toContain(
      'Janelas semanais (opção Expressa)',
    );
    const over = await db.query<{ n: number }>(
      'select count(*)::int as n from schedule_slots where reserved > capacity',
    );
    expect(over[0]!.n).toBe(0);
  });

  it('refuses both an option and a store, or another shop’s option, in pt-BR and changes nothing', async () => {
    const { app, db } = ctx();
    const { owner } = await shopWithOwner(app, 'escopo-b');
    const { owner: rival } = await shopWithOwner(app, 'escopo-c');
    const mine = deliveryCalls(app, 'escopo-b');
    const theirs = deliveryCalls(app, 'escopo-c');
    const option = (await mine.call(owner, 'POST', '/options', byNeighbourhood())).json().data;
    const store = (await mine.call(owner, 'POST', '/stores', storeBody())).json().data;
    await mine.call(owner, 'PUT', '/schedule', everyDay(2));
    const snapshot = async () =>
      JSON.stringify(
        await db.query(
          `select (select count(*) from schedule_slots) as slots, (select count(*) from schedule_windows) as w,
                  (select count(*) from audit_log) as audit`,
        ),
      );
    const baseline = await snapshot();
    const both = await mine.call(owner, 'PUT', '/schedule', {
      ...everyDay(1),
      optionId: option.id,
      storeId: store.id,
    });
    expect(expectRefusal(both, 400).message).toContain(
      'Escolha uma opção de entrega ou uma loja, não as duas.',
    );
    expectRefusal(await theirs.call(rival, 'PUT', '/schedule', { ...everyDay(1), optionId: option.id }), 404);
    expectRefusal(await theirs.call(rival, 'PUT', '/schedule', { ...everyDay(1), storeId: store.id }), 404);
    expectRefusal(await theirs.call(rival, 'GET', `/schedule?optionId=${option.id}`), 404);
    expectRefusal(await mine.call(owner, 'GET', `/schedule?optionId=${option.id}&storeId=${store.id}`), 400);
    expect(await snapshot()).toBe(baseline);
  });
});
