/**
 * What happens to a due reminder (pure, decision 0057): the opt-out wins over everything, then the rule being off,
 * then the cart's fate (confirmed, cancelled, emptied), then a change since it was scheduled (the timer starts
 * again), quiet hours (wait until they end), the per-contact cap, a contact with no address on the channel, and
 * WhatsApp's 24-hour window when it is known closed (the rule's approved template goes instead; without one the
 * reminder is skipped, never sent as text). Otherwise the reminder is sent.
 */
import { OrderStatus } from '@vitrine/contracts/enums';
import type { RecoveryRule, ReminderReason } from '@vitrine/contracts/console-recovery';
import { addDays, localDay, zonedInstant } from '@vitrine/contracts/shop-time';
import { quietUntil } from './quiet-hours.ts';

const WINDOW_MS = 24 * 60 * 60_000;

export type DueReminder = {
  step: 1 | 2;
  cartVersion: number;
  order: { status: number; version: number; itemCount: number };
  contact: { optedOut: boolean; lastInboundAt: Date | null };
  /** Reminders the contact was sent within the rule's cap period. */
  sentRecently: number;
  recipient: string | null;
  whatsapp: boolean;
  /** The rule names an approved WhatsApp template for this reminder (sent instead when the window is closed). */
  template: boolean;
};

export type Decision =
  /** `viaTemplate`: WhatsApp's window is closed; the rule's approved template goes instead of the text. */
  | { action: 'send'; viaTemplate?: boolean }
  | { action: 'skip'; reason: ReminderReason }
  | { action: 'wait'; until: Date; reason: ReminderReason | null };

/** The delay of a reminder of `step` under `rule`, in ms. */
export const delayOf = (rule: RecoveryRule, step: 1 | 2) =>
  step === 1 ? rule.firstAfterMinutes * 60_000 : (rule.secondAfterHours ?? 1) * 3_600_000;

export function decideReminder(rule: RecoveryRule, due: DueReminder, now: Date, timeZone: string): Decision {
  if (due.contact.optedOut) return { action: 'skip', reason: 'opted_out' };
  if (!rule.enabled) return { action: 'skip', reason: 'rule_off' };
  const { order } = due;
  if (order.status === OrderStatus.Received || order.status === OrderStatus.Finalized)
    return { action: 'skip', reason: 'confirmed' };
  if (order.status !== OrderStatus.Creating) return { action: 'skip', reason: 'cancelled' };
  if (order.itemCount === 0) return { action: 'skip', reason: 'emptied' };
  if (order.version !== due.cartVersion)
    return { action: 'wait', until: new Date(now.getTime() + delayOf(rule, due.step)), reason: null };
  return deliveryDecision(rule, due, now, timeZone);
}

/** What the contact and the channel allow once the reminder itself stands (shared by every kind of reminder). */
export type Delivery = Pick<DueReminder, 'contact' | 'sentRecently' | 'recipient' | 'whatsapp' | 'template'>;

/**
 * Quiet hours (wait), a day the shop marked closed (wait until the end of quiet hours on the next open day), the
 * per-contact cap, no address, WhatsApp's window known closed (the template, or skipped); else send.
 */
export function deliveryDecision(rule: RecoveryRule, due: Delivery, now: Date, timeZone: string): Decision {
  const quietEnd = quietUntil(now, timeZone, rule.quietStart, rule.quietEnd);
  if (quietEnd) return { action: 'wait', until: quietEnd, reason: 'quiet_hours' };
  const today = localDay(now, timeZone);
  if (rule.closedDays.includes(today)) {
    let open = addDays(today, 1);
    while (rule.closedDays.includes(open)) open = addDays(open, 1);
    return { action: 'wait', until: zonedInstant(open, rule.quietEnd, timeZone), reason: 'closed_day' };
  }
  if (due.sentRecently >= rule.contactCap) return { action: 'skip', reason: 'contact_cap' };
  if (!due.recipient) return { action: 'skip', reason: 'no_recipient' };
  const last = due.contact.lastInboundAt;
  if (due.whatsapp && last && now.getTime() - last.getTime() >= WINDOW_MS)
    return due.template ? { action: 'send', viaTemplate: true } : { action: 'skip', reason: 'window_closed' };
  return { action: 'send' };
}

/** The contact's first name for {nome} ('tudo bem' when unknown: "Oi, tudo bem!"). */
export const firstName = (name: string | null) => (name ?? '').trim().split(/\s+/)[0] || 'tudo bem';

/** The reminder's text: the template with {nome}, {itens} and {link} (the link goes as the message's button). */
export function reminderText(template: string, name: string | null, items: string[]): string {
  const list =
    items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
  return template
    .replaceAll('{nome}', firstName(name))
    .replaceAll('{itens}', list)
    .replaceAll('{link}', '')
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}
