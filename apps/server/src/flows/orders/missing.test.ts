import { describe, expect, it } from 'vitest';
import type { CheckoutState } from '../../modules/order/service.ts';
import { missingOf } from './missing.ts';

const settings = (
  steps: string[],
  more: { disableChargeOrders?: boolean; externalLogistic?: boolean } = {},
) => ({
  steps,
  disableChargeOrders: false,
  externalLogistic: false,
  ...more,
});
const delivery = { providerId: 'l1', type: 1, name: 'Entrega' } as CheckoutState['logistic'];
const pickup = { providerId: 'l2', type: 0, name: 'Retirada' } as CheckoutState['logistic'];
const order = (checkout: Partial<CheckoutState>, status = 1) => ({
  status,
  checkout: checkout as CheckoutState,
});

describe("'Falta definir' (issue 38)", () => {
  it('lists store, payment method, delivery, address and slot in that order', () => {
    const all = settings(['Start', 'Catalog', 'Seller', 'Logistic', 'Payment', 'Schedule']);
    expect(missingOf(order({}), all)).toEqual(['seller', 'payment', 'delivery']);
    expect(missingOf(order({ logistic: delivery }), all)).toEqual(['seller', 'payment', 'address', 'slot']);
    expect(
      missingOf(
        order({
          logistic: delivery,
          address: { fullAddress: 'Rua A, 1', zipCode: '01001000' },
          paymentMethod: 3,
          seller: { providerId: 'centro', name: 'Loja Centro', serviceTaxCents: 0 },
        }),
        all,
      ),
    ).toEqual(['slot']);
    // A pickup needs no address; a chosen slot is not missing.
    expect(
      missingOf(
        order({ logistic: pickup, slot: { day: '2026-12-01', startTime: '09:00', endTime: '10:00' } }),
        all,
      ),
    ).toEqual(['seller', 'payment']);
  });

  it('asks only what the shop asks: no store or slot without their steps, no method when it does not charge', () => {
    expect(missingOf(order({ logistic: delivery }), settings(['Start', 'Catalog']))).toEqual([
      'payment',
      'address',
    ]);
    expect(missingOf(order({}), settings([], { disableChargeOrders: true, externalLogistic: true }))).toEqual(
      [],
    );
    // The payment row's method counts when the checkout has none.
    expect(missingOf({ ...order({ logistic: pickup }), payment_method: 3 }, settings([]))).toEqual([]);
  });

  it('only a Received order lacks anything', () => {
    for (const status of [2, 3, 4]) expect(missingOf(order({}, status), settings(['Seller']))).toEqual([]);
  });
});
