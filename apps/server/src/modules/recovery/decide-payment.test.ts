/** The order of a due payment reminder's checks (pure): opt-out, the rule, the order's and the charge's fate. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RECOVERY_RULE } from '@vitrine/contracts/console-recovery';
import { OrderStatus, PaymentStatus } from '@vitrine/contracts/enums';
import { decidePaymentReminder, paymentReminderText, type DuePayment } from './decide-payment.ts';

describe('a due payment reminder', () => {
  const noon = new Date(Date.UTC(2026, 10, 20, 15, 0)); // 12:00 in São Paulo
  const later = new Date(noon.getTime() + 10 * 60_000);
  const rule = { ...DEFAULT_RECOVERY_RULE, paymentEnabled: true, newCodeAfterExpiry: true };
  const due = (change: Partial<DuePayment> = {}): DuePayment => ({
    kind: 'pix',
    orderStatus: OrderStatus.Received,
    payment: { status: PaymentStatus.Waiting, expiresAt: later },
    otherCharge: null,
    contact: { optedOut: false, lastInboundAt: null },
    sentRecently: 0,
    recipient: '5511999990000',
    whatsapp: true,
    template: false,
    ...change,
  });
  const decide = (d: DuePayment, r = rule, at = noon) => decidePaymentReminder(r, d, at, 'America/Sao_Paulo');

  it('is sent when nothing stands in the way; the opt-out wins over a paid order', () => {
    expect(decide(due())).toEqual({ action: 'send' });
    const optedOut = { optedOut: true, lastInboundAt: null };
    expect(decide(due({ contact: optedOut, otherCharge: 'paid' }))).toMatchObject({ reason: 'opted_out' });
  });
  it('the rule: payment reminders off, the boleto’s or the new code’s switch off', () => {
    expect(decide(due(), { ...rule, paymentEnabled: false })).toMatchObject({ reason: 'rule_off' });
    expect(decide(due({ kind: 'boleto' }), { ...rule, boletoDayBefore: false })).toMatchObject({
      reason: 'rule_off',
    });
    const expired = { status: PaymentStatus.Expired, expiresAt: noon };
    expect(
      decide(due({ kind: 'new_code', payment: expired }), { ...rule, newCodeAfterExpiry: false }),
    ).toMatchObject({ reason: 'rule_off' });
  });
  it('paid, cancelled, superseded by a newer code, expired', () => {
    const paid = { status: PaymentStatus.Paid, expiresAt: later };
    expect(decide(due({ payment: paid }))).toMatchObject({ reason: 'paid' });
    expect(decide(due({ otherCharge: 'paid' }))).toMatchObject({ reason: 'paid' });
    expect(decide(due({ orderStatus: OrderStatus.Finalized }))).toMatchObject({ reason: 'paid' });
    expect(decide(due({ orderStatus: OrderStatus.Canceled }))).toMatchObject({ reason: 'cancelled' });
    expect(decide(due({ otherCharge: 'waiting' }))).toMatchObject({ reason: 'superseded' });
    expect(decide(due(), rule, later)).toMatchObject({ reason: 'expired' });
  });
  it('a new code waits for the expiry, then goes (quiet hours still wait)', () => {
    expect(decide(due({ kind: 'new_code' }))).toEqual({ action: 'wait', until: later, reason: null });
    expect(decide(due({ kind: 'new_code' }), rule, later)).toEqual({ action: 'send' });
    const night = new Date(Date.UTC(2026, 10, 21, 1, 0)); // 22:00 in São Paulo
    expect(decide(due({ kind: 'new_code' }), rule, night)).toMatchObject({ reason: 'quiet_hours' });
  });
  it('WhatsApp’s window known closed: skipped (no utility template), never sent as text', () => {
    const heard = { optedOut: false, lastInboundAt: new Date(noon.getTime() - 25 * 3_600_000) };
    expect(decide(due({ contact: heard }))).toMatchObject({ reason: 'window_closed' });
  });
  it('fills {nome}, {valor} and {vencimento}', () => {
    expect(
      paymentReminderText('{nome}: {valor} até {vencimento}', 'Ana Souza', 'R$ 10,00', '20/11 às 12:10'),
    ).toBe('Ana: R$ 10,00 até 20/11 às 12:10');
  });
});
