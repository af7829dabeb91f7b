import { describe, expect, it } from 'vitest';
import type { PlacedDelivery } from '@vitrine/contracts/placed-delivery';
import { optionsFor } from '../components/placed-delivery-choice';
import { dayHeader, draftReady, firstDraft, slotsByDay } from './placed-delivery-draft';

const slot = (id: string, day: string, startTime: string, enabled = true) => ({
  id,
  day,
  startTime,
  endTime: '12:00',
  enabled,
});

const data: PlacedDelivery = {
  orderId: 'ord_x',
  orderNumber: 7,
  shopName: 'Loja',
  current: { lines: [], itemsCents: 5180, discountCents: 0, totalCents: 5180 },
  paymentMethod: null,
  choices: {
    providerId: null,
    type: null,
    addressId: null,
    slotId: null,
    options: [
      {
        providerId: 'bairro',
        type: 1,
        name: 'Entrega no bairro',
        priceCents: 700,
        slots: [
          slot('b', '2026-12-02', '09:00'),
          slot('a', '2026-12-01', '10:00'),
          slot('x', '2026-12-01', '08:00', false),
        ],
      },
      { providerId: 'longe', type: 1, name: 'Entrega longe', priceCents: 1500, slots: [] },
      {
        providerId: 'balcao',
        type: 0,
        name: 'Retirada no balcão',
        priceCents: 0,
        slots: [slot('c', '2026-12-01', '09:00', false)],
      },
    ],
    addresses: [{ id: 'adr_casa', text: 'Avenida Paulista, 1000' }],
    slots: [],
  },
  fees: [
    { addressId: 'adr_casa', providerId: 'bairro', type: 1, feeCents: 700 },
    { addressId: 'adr_casa', providerId: 'longe', type: 1, feeCents: null },
    { addressId: 'adr_casa', providerId: 'balcao', type: 0, feeCents: 0 },
  ],
};

describe("the placed order's delivery choice (issue 35)", () => {
  it('starts on delivery at the first address; lists only open slots, by day, in order', () => {
    expect(firstDraft(data)).toEqual({ type: 1, addressId: 'adr_casa', providerId: '', day: '', slotId: '' });
    const days = slotsByDay(data.choices.options[0]!.slots);
    expect(days.map((d) => [d.day, d.slots.map((s) => s.id)])).toEqual([
      ['2026-12-01', ['a']],
      ['2026-12-02', ['b']],
    ]);
    expect(dayHeader('2026-12-01')).toBe('Terça-feira, 01/12');
  });

  it('prices the options at the address and leaves out those that do not deliver there', () => {
    expect(optionsFor(data, 1, 'adr_casa').map((o) => [o.providerId, o.price])).toEqual([['bairro', 7]]);
    expect(optionsFor(data, 1, 'adr_outro')).toEqual([]);
    expect(optionsFor(data, 0, '').map((o) => o.providerId)).toEqual(['balcao']);
  });

  it('is ready with an option, an address for a delivery and a slot when the option has open ones', () => {
    const base = firstDraft(data);
    expect(draftReady(data, base)).toBe(false);
    expect(draftReady(data, { ...base, providerId: 'bairro' })).toBe(false);
    expect(draftReady(data, { ...base, providerId: 'bairro', slotId: 'a' })).toBe(true);
    expect(draftReady(data, { ...base, providerId: 'bairro', addressId: '', slotId: 'a' })).toBe(false);
    expect(draftReady(data, { ...base, providerId: 'longe' })).toBe(true);
    // Pickup whose only slot is full: nothing to book, ready without one.
    expect(draftReady(data, { ...base, type: 0, providerId: 'balcao' })).toBe(true);
  });
});
