/** Bodies of the console's sales rules (coupons, Pix) for the route and security suites. */
import type { CouponBody } from '@vitrine/contracts/console-coupons';
import type { GiftTierBody } from '@vitrine/contracts/console-gifts';

/** A valid coupon: 10 % off, no minimum, one use, active. */
export function couponBodyOf(code: string, overrides: Partial<CouponBody> = {}): CouponBody {
  return {
    code,
    kind: 'percentage',
    value: 10,
    minOrderCents: 0,
    validFrom: null,
    validUntil: null,
    usageLimit: 1,
    perCustomerLimit: null,
    firstOrderOnly: false,
    active: true,
    ...overrides,
  };
}

/** A valid gift tier: from R$ 50,00, one of `codes`. */
export function giftTierBodyOf(codes: string[]): GiftTierBody {
  return { name: 'Mimo acima de R$ 50', minOrderCents: 5000, availableQuantity: 1, productCodes: codes };
}
