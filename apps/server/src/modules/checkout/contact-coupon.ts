/**
 * A coupon made for one contact (the second cart reminder's, decision 0057's addendum): a row of `coupons` like the
 * shop's own — checked by couponProblem at apply and at an agent's confirm — with `contact_id` set (nobody else may
 * use it), one use, valid from its making for the rule's hours. Its id is the caller's (derived from the reminder),
 * so making it again — a retried claim, a second instance — answers the coupon made first.
 */
import { randomInt } from 'node:crypto';
import type { Queryable } from '../../db/client.ts';
import { insertContactCoupon } from './coupon-repository.ts';

/** No 0/O, 1/I/L: a code the contact may have to type. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const contactCouponCode = () =>
  `VOLTA${Array.from({ length: 6 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;

export type ContactCouponRequest = {
  id: string;
  contactId: string;
  kind: 'percentage' | 'fixed';
  /** Percentage points (1–100) or centavos. */
  value: number;
  from: Date;
  validHours: number;
};

/** Makes (or finds) the contact's coupon; answers its code and end of validity. */
export async function issueContactCoupon(
  tx: Queryable,
  shopId: string,
  req: ContactCouponRequest,
): Promise<{ code: string; validUntil: Date }> {
  const validUntil = new Date(req.from.getTime() + req.validHours * 3_600_000);
  for (let attempt = 0; attempt < 5; attempt++) {
    const made = await insertContactCoupon(tx, shopId, {
      id: req.id,
      contactId: req.contactId,
      code: contactCouponCode(),
      kind: req.kind,
      value: req.value,
      validFrom: req.from,
      validUntil,
    });
    if (made) return { code: made.code, validUntil: made.valid_until };
  }
  throw new Error(`no free coupon code for ${req.id}`);
}
