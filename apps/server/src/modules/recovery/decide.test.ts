/** Quiet hours on their boundaries in two time zones, and the order of a due reminder's checks (pure). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RECOVERY_RULE, unknownPlaceholders } from '@vitrine/contracts/console-recovery';
import { OrderStatus } from '@vitrine/contracts/enums';
import { decideReminder, reminderText, type DueReminder } from './decide.ts';
import { quietUntil } from './quiet-hours.ts';

describe('quiet hours 21:00–08:00 in the shop’s time zone', () => {
  // São Paulo is UTC−3 and Manaus UTC−4 all year (no daylight saving since 2019).
  const cases = [
    { zone: 'America/Sao_Paulo', offset: 3 },
    { zone: 'America/Manaus', offset: 4 },
  ];
  for (const { zone, offset } of cases) {
    const at = (day: number, hour: number, minute: number) =>
      new Date(Date.UTC(2026, 10, day, hour + offset, minute));
    it(`${zone}: 20:59 sends, 21:00 and 07:59 wait until 08:00, 08:00 sends`, () => {
      expect(quietUntil(at(20, 20, 59), zone, '21:00', '08:00')).toBeNull();
      expect(quietUntil(at(20, 21, 0), zone, '21:00', '08:00')).toEqual(at(21, 8, 0));
      expect(quietUntil(at(20, 23, 30), zone, '21:00', '08:00')).toEqual(at(21, 8, 0));
      expect(quietUntil(at(21, 7, 59), zone, '21:00', '08:00')).toEqual(at(21, 8, 0));
      expect(quietUntil(at(21, 8, 0), zone, '21:00', '08:00')).toBeNull();
    });
  }
  it('the same instant is quiet in Manaus and not in São Paulo (the shop’s own zone decides)', () => {
    const instant = new Date(Date.UTC(2026, 10, 20, 11, 30)); // 08:30 in São Paulo, 07:30 in Manaus
    expect(quietUntil(instant, 'America/Sao_Paulo', '21:00', '08:00')).toBeNull();
    expect(quietUntil(instant, 'America/Manaus', '21:00', '08:00')).toEqual(
      new Date(Date.UTC(2026, 10, 20, 12, 0)),
    );
  });
  it('a span within one day (13:00–14:00)', () => {
    const zone = 'America/Sao_Paulo';
    expect(quietUntil(new Date(Date.UTC(2026, 10, 20, 16, 0)), zone, '13:00', '14:00')).toEqual(
      new Date(Date.UTC(2026, 10, 20, 17, 0)),
    );
    expect(quietUntil(new Date(Date.UTC(2026, 10, 20, 17, 0)), zone, '13:00', '14:00')).toBeNull();
  });
});

describe('a due reminder', () => {
  const noon = new Date(Date.UTC(2026, 10, 20, 15, 0)); // 12:00 in São Paulo
  const rule = { ...DEFAULT_RECOVERY_RULE, enabled: true };
  const due = (change: Partial<DueReminder> = {}): DueReminder => ({
    step: 1,
    cartVersion: 3,
    order: { status: OrderStatus.Creating, version: 3, itemCount: 2 },
    contact: { optedOut: false, lastInboundAt: null },
    sentRecently: 0,
    recipient: '5511999990000',
    whatsapp: true,
    template: false,
    ...change,
  });
  const decide = (d: DueReminder, r = rule, at = noon) => decideReminder(r, d, at, 'America/Sao_Paulo');

  it('is sent when nothing stands in the way', () => {
    expect(decide(due())).toEqual({ action: 'send' });
  });
  it('the opt-out wins over everything, even a confirmed order or quiet hours', () => {
    const optedOut = { optedOut: true, lastInboundAt: null };
    expect(decide(due({ contact: optedOut }))).toEqual({ action: 'skip', reason: 'opted_out' });
    const confirmed = { status: OrderStatus.Received, version: 4, itemCount: 2 };
    expect(decide(due({ contact: optedOut, order: confirmed }))).toMatchObject({ reason: 'opted_out' });
    const night = new Date(Date.UTC(2026, 10, 21, 1, 0));
    expect(decide(due({ contact: optedOut }), rule, night)).toMatchObject({ reason: 'opted_out' });
  });
  it('never after the order is confirmed, cancelled or emptied', () => {
    const order = (status: number, itemCount = 2) => ({ status, version: 3, itemCount });
    expect(decide(due({ order: order(OrderStatus.Received) }))).toMatchObject({ reason: 'confirmed' });
    expect(decide(due({ order: order(OrderStatus.Finalized) }))).toMatchObject({ reason: 'confirmed' });
    expect(decide(due({ order: order(OrderStatus.Canceled) }))).toMatchObject({ reason: 'cancelled' });
    expect(decide(due({ order: order(OrderStatus.Creating, 0) }))).toMatchObject({ reason: 'emptied' });
  });
  it('a cart changed since it was scheduled starts its timer again', () => {
    const changed = due({ order: { status: OrderStatus.Creating, version: 5, itemCount: 2 } });
    expect(decide(changed)).toEqual({
      action: 'wait',
      until: new Date(noon.getTime() + 60 * 60_000),
      reason: null,
    });
  });
  it('the per-contact cap, a contact with no address, a closed WhatsApp window', () => {
    expect(decide(due({ sentRecently: 2 }))).toMatchObject({ reason: 'contact_cap' });
    expect(decide(due({ recipient: null }))).toMatchObject({ reason: 'no_recipient' });
    const day = 24 * 3_600_000;
    const heard = (ms: number) => ({ optedOut: false, lastInboundAt: new Date(noon.getTime() - ms) });
    expect(decide(due({ contact: heard(day) }))).toMatchObject({ reason: 'window_closed' });
    expect(decide(due({ contact: heard(day - 60_000) }))).toEqual({ action: 'send' });
    expect(decide(due({ contact: heard(2 * day), whatsapp: false }))).toEqual({ action: 'send' });
    // With an approved template the closed window sends the template; an open one, the text.
    expect(decide(due({ contact: heard(day), template: true }))).toEqual({
      action: 'send',
      viaTemplate: true,
    });
    expect(decide(due({ contact: heard(day - 60_000), template: true }))).toEqual({ action: 'send' });
  });
  it('a day the shop marked closed waits for the next open day, at the end of quiet hours', () => {
    const closed = { ...rule, closedDays: ['2026-11-20', '2026-11-21'] };
    expect(decide(due(), closed)).toEqual({
      action: 'wait',
      until: new Date(Date.UTC(2026, 10, 22, 11, 0)), // 08:00 in São Paulo on the 22nd
      reason: 'closed_day',
    });
    expect(decide(due(), { ...rule, closedDays: ['2026-11-19'] })).toEqual({ action: 'send' });
  });
  it('the rule switched off skips it', () => {
    expect(decide(due(), { ...rule, enabled: false })).toMatchObject({ reason: 'rule_off' });
  });
});

describe('the template', () => {
  it('fills {nome} with the first name and {itens} as a list; {link} goes as the button', () => {
    expect(
      reminderText('Oi, {nome}! Você deixou {itens}. {link}', 'Maria Silva', [
        '2x Pão',
        '1x Leite',
        '3x Ovo',
      ]),
    ).toBe('Oi, Maria! Você deixou 2x Pão, 1x Leite e 3x Ovo.');
  });
  it('names the placeholders it does not know', () => {
    expect(unknownPlaceholders('Oi {nome}, {cupom} {total} {nome}')).toEqual(['cupom', 'total']);
    expect(unknownPlaceholders('Oi {nome}, {itens} {link}')).toEqual([]);
  });
});
