/**
 * Console 'Recuperação' (issue 36): the shop's abandoned-cart rule, read and saved whole (audit-logged with its
 * changes in pt-BR words), and the pipeline list — reminders scheduled, sent and skipped with the reason, and what
 * they brought back in the last 30 days.
 */
import { diffForAudit } from '@vitrine/contracts/audit-changes';
import { formatBRL } from '@vitrine/contracts/money';
import type { RecoveryReminders, RecoveryRule } from '@vitrine/contracts/console-recovery';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../modules/audit/service.ts';
import {
  listReminders,
  readRecoveryRule,
  recoveredByWeek,
  recoveredSince,
  saveRecoveryRule,
} from '../../modules/recovery/service.ts';
import { getShop } from '../../modules/shop/service.ts';
import { auditedEdit } from '../shared/audited-edit.ts';

const LABELS = {
  enabled: 'Recuperação de carrinho',
  firstAfterMinutes: 'Primeiro lembrete (minutos)',
  secondAfterHours: 'Segundo lembrete (horas)',
  secondCoupon: 'Cupom do segundo lembrete',
  cartWhatsAppTemplate: 'Modelo do WhatsApp (carrinho)',
  paymentWhatsAppTemplate: 'Modelo do WhatsApp (pagamento)',
  quiet: 'Horário de silêncio',
  cap: 'Limite por cliente',
  template: 'Mensagem',
};

const couponWords = (coupon: RecoveryRule['secondCoupon']) =>
  coupon
    ? `${coupon.kind === 'percentage' ? `${coupon.value}%` : formatBRL(coupon.value)} por ${coupon.validHours} h`
    : 'sem cupom';

const templateWords = (template: RecoveryRule['cartWhatsAppTemplate']) =>
  template ? `${template.name} (${template.language}): ${template.parameters.join(', ')}` : 'sem modelo';

const shown = (rule: RecoveryRule) => ({
  enabled: rule.enabled ? 'ligada' : 'desligada',
  firstAfterMinutes: String(rule.firstAfterMinutes),
  secondAfterHours: rule.secondAfterHours === null ? 'sem segundo' : String(rule.secondAfterHours),
  secondCoupon: couponWords(rule.secondCoupon),
  cartWhatsAppTemplate: templateWords(rule.cartWhatsAppTemplate),
  paymentWhatsAppTemplate: templateWords(rule.paymentWhatsAppTemplate),
  quiet: `${rule.quietStart}–${rule.quietEnd}`,
  cap: `${rule.contactCap} a cada ${rule.capDays} dias`,
  template: rule.template,
});

export const recoveryRule = (db: Db, shopId: string) => readRecoveryRule(db, shopId);

/** Saves the rule (validated by the contract at the route) and records the change. */
export function editRecoveryRule(db: Db, actor: Actor & { shopId: string }, rule: RecoveryRule) {
  return auditedEdit(db, actor.shopId, actor, 'recovery.changed', {
    read: (tx) => readRecoveryRule(tx, actor.shopId),
    write: (tx) => saveRecoveryRule(tx, actor.shopId, rule),
    changes: (before, after) => diffForAudit(LABELS, shown(before), shown(after)),
  });
}

/** The pipeline list, the last 30 days' recovered orders, and the last 8 weeks' per week and rule. */
export async function recoveryPipeline(db: Db, shopId: string, now = new Date()): Promise<RecoveryReminders> {
  const shop = await getShop(db, shopId);
  return {
    reminders: await listReminders(db, shopId),
    timeZone: shop.time_zone,
    recovered: await recoveredSince(db, shopId, new Date(now.getTime() - 30 * 86_400_000)),
    byWeek: await recoveredByWeek(db, shopId, new Date(now.getTime() - 56 * 86_400_000), shop.time_zone),
  };
}
