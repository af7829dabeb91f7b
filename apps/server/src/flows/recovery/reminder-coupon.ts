/**
 * The second cart reminder's coupon (decision 0057's addendum): when the rule has one, the reminder queued makes the
 * contact's coupon in the claim's transaction — through the checkout module's coupons, id `cpn_{reminderId}`, so a
 * retried claim or a second instance finds the coupon made first instead of making another — and its line, with
 * {cupom}, {desconto} and {validade} (the shop's time zone), goes under the reminder's text.
 */
import type { RecoveryCoupon } from '@vitrine/contracts/console-recovery';
import { formatBRL } from '@vitrine/contracts/money';
import { dateTimeText } from '@vitrine/contracts/shop-time';
import { issueContactCoupon } from '../../modules/checkout/service.ts';
import type { Claimed } from './claimed.ts';

export type ReminderCoupon = { code: string; validUntil: Date; line: string };

/** The coupon line as the contact reads it. */
export function couponLine(coupon: RecoveryCoupon, code: string, validUntil: Date, timeZone: string): string {
  const discount = coupon.kind === 'percentage' ? `${coupon.value}%` : formatBRL(coupon.value);
  return coupon.text
    .replaceAll('{cupom}', code)
    .replaceAll('{desconto}', discount)
    .replaceAll('{validade}', dateTimeText(validUntil, timeZone, ' às '))
    .trim();
}

/** Makes (once) the coupon of a second cart reminder whose rule has one; null for every other reminder. */
export async function reminderCoupon({
  tx,
  reminder,
  rule,
  shop,
  now,
}: Claimed): Promise<ReminderCoupon | null> {
  const coupon = rule.secondCoupon;
  if (reminder.kind !== 'cart' || reminder.step !== 2 || !coupon) return null;
  const made = await issueContactCoupon(tx, shop.id, {
    id: `cpn_${reminder.id}`,
    contactId: reminder.contact_id,
    kind: coupon.kind,
    value: coupon.value,
    from: now,
    validHours: coupon.validHours,
  });
  return { ...made, line: couponLine(coupon, made.code, made.validUntil, shop.time_zone) };
}
