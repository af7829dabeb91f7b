/**
 * The shop's recovery rule (`recovery_rules`, one row per shop; none yet reads as the defaults, switched off): the
 * abandoned cart's settings and the unpaid order's (payment_*, pix_before_minutes, boleto_day_before,
 * new_code_after_expiry).
 */
import {
  DEFAULT_RECOVERY_RULE,
  type RecoveryCoupon,
  type RecoveryDelivery,
  type RecoveryRule,
} from '@vitrine/contracts/console-recovery';
import type { WhatsAppTemplate } from '@vitrine/contracts/recovery-templates';
import type { Queryable } from '../../db/client.ts';

/** A jsonb column as the driver gives it (parsed, or text on some paths). */
const json = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

type RuleRow = {
  enabled: boolean;
  first_after_minutes: number;
  second_after_hours: number | null;
  second_coupon: RecoveryCoupon | string | null;
  cart_whatsapp_template: WhatsAppTemplate | string | null;
  payment_whatsapp_template: WhatsAppTemplate | string | null;
  quiet_start: string;
  quiet_end: string;
  contact_cap: number;
  cap_days: number;
  template: string;
  payment_enabled: boolean;
  pix_before_minutes: number;
  boleto_day_before: boolean;
  new_code_after_expiry: boolean;
  payment_template: string;
  cart_delivery: RecoveryDelivery;
  payment_delivery: RecoveryDelivery;
  closed_days: string[];
};

export const ruleOfRow = (row: RuleRow): RecoveryRule => ({
  enabled: row.enabled,
  firstAfterMinutes: row.first_after_minutes,
  secondAfterHours: row.second_after_hours,
  secondCoupon: json(row.second_coupon),
  cartWhatsAppTemplate: json(row.cart_whatsapp_template),
  paymentWhatsAppTemplate: json(row.payment_whatsapp_template),
  quietStart: row.quiet_start,
  quietEnd: row.quiet_end,
  contactCap: row.contact_cap,
  capDays: row.cap_days,
  template: row.template,
  paymentEnabled: row.payment_enabled,
  pixBeforeMinutes: row.pix_before_minutes,
  boletoDayBefore: row.boleto_day_before,
  newCodeAfterExpiry: row.new_code_after_expiry,
  paymentTemplate: row.payment_template,
  cartDelivery: row.cart_delivery,
  paymentDelivery: row.payment_delivery,
  closedDays: row.closed_days,
});

/** The shop's rule, or the defaults (off) when it never saved one. */
export async function readRecoveryRule(db: Queryable, shopId: string): Promise<RecoveryRule> {
  const [row] = await db.query<RuleRow>('select * from recovery_rules where shop_id = $1', [shopId]);
  return row ? ruleOfRow(row) : DEFAULT_RECOVERY_RULE;
}

/** Saves the whole rule (the caller validated it against the contract). */
export async function saveRecoveryRule(tx: Queryable, shopId: string, rule: RecoveryRule): Promise<void> {
  await tx.query(
    `insert into recovery_rules (shop_id, enabled, first_after_minutes, second_after_hours, quiet_start, quiet_end,
       contact_cap, cap_days, template, payment_enabled, pix_before_minutes, boleto_day_before,
       new_code_after_expiry, payment_template, cart_delivery, payment_delivery, closed_days, second_coupon,
       cart_whatsapp_template, payment_whatsapp_template)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17::jsonb, $18::jsonb,
       $19::jsonb, $20::jsonb)
     on conflict (shop_id) do update set enabled = excluded.enabled,
       first_after_minutes = excluded.first_after_minutes, second_after_hours = excluded.second_after_hours,
       quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, contact_cap = excluded.contact_cap,
       cap_days = excluded.cap_days, template = excluded.template, payment_enabled = excluded.payment_enabled,
       pix_before_minutes = excluded.pix_before_minutes, boleto_day_before = excluded.boleto_day_before,
       new_code_after_expiry = excluded.new_code_after_expiry, payment_template = excluded.payment_template,
       cart_delivery = excluded.cart_delivery, payment_delivery = excluded.payment_delivery,
       closed_days = excluded.closed_days, second_coupon = excluded.second_coupon,
       cart_whatsapp_template = excluded.cart_whatsapp_template,
       payment_whatsapp_template = excluded.payment_whatsapp_template, updated_at = now()`,
    [
      shopId,
      rule.enabled,
      rule.firstAfterMinutes,
      rule.secondAfterHours,
      rule.quietStart,
      rule.quietEnd,
      rule.contactCap,
      rule.capDays,
      rule.template,
      rule.paymentEnabled,
      rule.pixBeforeMinutes,
      rule.boletoDayBefore,
      rule.newCodeAfterExpiry,
      rule.paymentTemplate,
      rule.cartDelivery,
      rule.paymentDelivery,
      JSON.stringify([...new Set(rule.closedDays)].sort()),
      rule.secondCoupon ? JSON.stringify(rule.secondCoupon) : null,
      rule.cartWhatsAppTemplate ? JSON.stringify(rule.cartWhatsAppTemplate) : null,
      rule.paymentWhatsAppTemplate ? JSON.stringify(rule.paymentWhatsAppTemplate) : null,
    ],
  );
}
