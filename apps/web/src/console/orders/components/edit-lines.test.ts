import { describe, expect, it } from 'vitest';
import {
  changesOf,
  checkoutOf,
  deliveryDraftOf,
  deliveryOf,
  quantityOf,
  textOf,
  type EditRow,
} from './edit-lines';

const row = (over: Partial<EditRow>): EditRow => ({
  index: 0,
  providerId: 'P1',
  name: 'Queijo',
  soldInKilo: false,
  amountInKilo: null,
  text: '1',
  original: 1,
  ...over,
});

describe('the edit dialog’s lines', () => {
  it('a kilo line is typed in kg and sent in portions of its amount, to the gram', () => {
    expect(textOf({ quantity: 2.24, soldInKilo: true, amountInKilo: 0.5 })).toBe('1,12');
    expect(quantityOf(row({ soldInKilo: true, amountInKilo: 1, text: '1,120' }))).toBe(1.12);
    expect(quantityOf(row({ soldInKilo: true, amountInKilo: 0.5, text: '1,120' }))).toBe(2.24);
    expect(quantityOf(row({ soldInKilo: true, amountInKilo: 1, text: '1,1234' }))).toMatch(/até 3 casas/);
  });

  it('sends only what changed; removals as 0; refuses nothing changed and bad counts in pt-BR', () => {
    const rows = [
      row({ index: 0, text: '2' }),
      row({ index: 1, providerId: 'P2', text: '1' }),
      row({ index: 2, providerId: 'P3', text: '0' }),
      row({ index: null, providerId: 'P4', text: '3', original: 0 }),
    ];
    expect(changesOf(rows)).toEqual({
      changes: [
        { index: 0, providerId: 'P1', quantity: 2 },
        { index: 2, providerId: 'P3', quantity: 0 },
        { index: null, providerId: 'P4', quantity: 3 },
      ],
    });
    expect(changesOf([row({})])).toEqual({ error: expect.stringContaining('Nada mudou') });
    expect(changesOf([row({ text: '-1' })])).toEqual({ error: expect.stringContaining('número inteiro') });
  });

  it('sends the coupon and the manual discount only when they change; a coupon alone is a change', () => {
    const current = {
      lines: [],
      itemsCents: 2000,
      discountCents: 350,
      totalCents: 1650,
      couponCode: 'DEZ',
      manualDiscountCents: 150,
    };
    expect(checkoutOf(current, { coupon: 'dez', discountCents: 150 })).toEqual({});
    expect(checkoutOf(current, { coupon: ' ', discountCents: null })).toEqual({
      coupon: null,
      manualDiscountCents: 0,
    });
    expect(checkoutOf(current, { coupon: 'VINTE', discountCents: 500 })).toEqual({
      coupon: 'VINTE',
      manualDiscountCents: 500,
    });
    expect(checkoutOf(current, { coupon: 'DEZ', discountCents: Number.NaN })).toEqual({
      error: expect.stringContaining('Desconto manual'),
    });
    expect(changesOf([row({})], { coupon: null })).toEqual({ changes: [], coupon: null });
  });
});

describe('the edit dialog’s delivery', () => {
  const now = {
    providerId: 'rapida',
    type: 1,
    addressId: 'adr_1',
    slotId: 'slt-a',
    options: [],
    addresses: [],
    slots: [],
  };
  it('sends the option with the address when either changed, and the slot when it changed', () => {
    const draft = deliveryDraftOf(now);
    expect(deliveryOf(now, draft)).toEqual({});
    expect(deliveryOf(now, { ...draft, slotId: 'slt-b' })).toEqual({ slotId: 'slt-b' });
    expect(deliveryOf(now, { ...draft, option: 'tarde|1' })).toEqual({
      delivery: { providerId: 'tarde', type: 1, addressId: 'adr_1' },
    });
    expect(deliveryOf(now, { ...draft, addressId: 'adr_2' })).toEqual({
      delivery: { providerId: 'rapida', type: 1, addressId: 'adr_2' },
    });
  });
});
