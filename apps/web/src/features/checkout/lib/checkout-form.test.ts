import { describe, expect, it } from 'vitest';
import type { Order } from '@vitrine/contracts/order';
import {
  afterDay,
  afterLogisticType,
  afterSeller,
  customerFields,
  EMPTY_FORM,
  restoredForm,
  syncWithOrder,
  type CheckoutForm,
} from './checkout-form';

const chosen: CheckoutForm = {
  ...EMPTY_FORM,
  name: 'Maria',
  logisticType: 1,
  deliveryAddressIndex: 0,
  selectedSeller: 'loja-centro',
  selectedLogistic: 'loja-centro-entrega',
  selectedDay: '2026-11-23',
  selectedSchedule: 'slt-1',
  paymentMethod: 5,
  paymentOptionGroup: 'Dinheiro',
  paymentOptionId: 'cash',
  cashAmount: '100,00',
};

function order(patch: Partial<Order> = {}, checkout: Partial<NonNullable<Order['checkout']>> = {}): Order {
  return {
    seller: null,
    logistic: null,
    providerPriceTableId: null,
    coupon: null,
    payment: { link: null, method: null },
    isInSemiAutomatic: false,
    ...patch,
    checkout: {
      logisticType: null,
      addressId: null,
      slot: null,
      paymentOption: null,
      couponDiscount: 0,
      manualDiscount: 0,
      delivery: 0,
      serviceFee: 0,
      ...checkout,
    },
  } as Order;
}

describe('clearing rules (spec §4)', () => {
  it('a new logistic type clears address, logistic and seller, and keeps the rest', () => {
    expect(afterLogisticType(chosen, 0)).toEqual({
      ...chosen,
      logisticType: 0,
      deliveryAddressIndex: null,
      selectedLogistic: '',
      selectedSeller: '',
    });
  });
  it('a first logistic type clears nothing (as the server)', () => {
    const first = { ...chosen, logisticType: null };
    expect(afterLogisticType(first, 1)).toEqual({ ...first, logisticType: 1 });
  });
  it('a seller clears logistic, day, schedule and payment', () => {
    const next = afterSeller(chosen, 'loja-copacabana');
    expect(next).toMatchObject({
      selectedSeller: 'loja-copacabana',
      selectedLogistic: '',
      selectedDay: '',
      selectedSchedule: '',
      paymentMethod: null,
      paymentOptionGroup: '',
      paymentOptionId: '',
      cashAmount: '',
    });
    expect(next.deliveryAddressIndex).toBe(0);
    expect(next.name).toBe('Maria');
  });
  it('a day clears the schedule', () => {
    expect(afterDay(chosen, '2026-11-24')).toMatchObject({ selectedDay: '2026-11-24', selectedSchedule: '' });
  });
});

describe('syncWithOrder: the order is the source of truth', () => {
  it('takes the seller, logistic, price table, coupon, payment option and semi-automatic flag', () => {
    const synced = syncWithOrder(
      EMPTY_FORM,
      order(
        {
          seller: { providerId: 'loja-centro', name: 'Loja Centro', serviceTax: 0 },
          logistic: { providerId: 'loja-centro-entrega', type: 1 } as Order['logistic'],
          providerPriceTableId: 'atacado',
          coupon: 'BEMVINDO10',
          payment: { link: null, method: 5 },
          isInSemiAutomatic: true,
        },
        {
          logisticType: 1,
          slot: { day: '2026-11-23', startTime: '08:00', endTime: '12:00' },
          paymentOption: { providerId: 'cash', group: 'Dinheiro', cashAmount: 150.5 },
        },
      ),
    );
    expect(synced).toMatchObject({
      logisticType: 1,
      selectedSeller: 'loja-centro',
      selectedLogistic: 'loja-centro-entrega',
      priceTableId: 'atacado',
      coupon: 'BEMVINDO10',
      selectedDay: '2026-11-23',
      paymentMethod: 5,
      paymentOptionGroup: 'Dinheiro',
      paymentOptionId: 'cash',
      cashAmount: '150,50',
      isInSemiAutomatic: true,
    });
  });
  it('a limits-only logistic is no choice; a cleared payment and slot clear what hangs on them', () => {
    const synced = syncWithOrder(
      chosen,
      order({ logistic: { providerId: '', type: 0, limitsOnly: true } as Order['logistic'] }),
    );
    expect(synced).toMatchObject({
      selectedSeller: '',
      selectedLogistic: '',
      selectedSchedule: '',
      paymentMethod: null,
      paymentOptionGroup: '',
      paymentOptionId: '',
      cashAmount: '',
    });
    expect(synced.name).toBe('Maria');
  });
  it('keeps an on-delivery choice in progress while the method is set', () => {
    const synced = syncWithOrder(chosen, order({ payment: { link: null, method: 5 } }));
    expect(synced).toMatchObject({
      paymentOptionGroup: 'Dinheiro',
      paymentOptionId: 'cash',
      cashAmount: '100,00',
    });
  });
});

describe('restoredForm (checkout_data)', () => {
  it('restores only for the same session user', () => {
    const stored = { userId: 'ctc_1', form: chosen };
    expect(restoredForm(stored, 'ctc_1')).toEqual(chosen);
    expect(restoredForm(stored, 'ctc_2')).toBeNull();
    expect(restoredForm(stored, null)).toBeNull();
    expect(restoredForm('junk', 'ctc_1')).toBeNull();
  });
  it('drops unknown keys and values of the wrong type', () => {
    const stored = {
      userId: 'u',
      form: { name: 'Ana', email: 42, evil: 'x', paymentMethod: null, logisticType: 0 },
    };
    expect(restoredForm(stored, 'u')).toEqual({ name: 'Ana', paymentMethod: null, logisticType: 0 });
  });
});

describe('customerFields', () => {
  it('masks the stored documents', () => {
    const fields = customerFields({
      name: 'Ana',
      email: null,
      birthDate: null,
      document: '52998224725',
      isCorporate: true,
      corporateDocument: '11222333000181',
      corporateName: null,
      tradeName: null,
      stateInscription: null,
      phone: null,
    });
    expect(fields).toMatchObject({
      document: '529.982.247-25',
      corporateDocument: '11.222.333/0001-81',
      email: '',
    });
  });
});
