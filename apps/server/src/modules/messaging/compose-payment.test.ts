import { describe, expect, it } from 'vitest';
import { expiryText, paymentMessage } from './compose-payment.ts';

const SP = 'America/Sao_Paulo';

describe('payment message sizing', () => {
  it('splits instructions longer than the channel limit on lines, totals and header kept', () => {
    const steps = Array.from({ length: 60 }, (_, i) => `Passo ${i + 1}: ${'x'.repeat(20)}`).join('\n');
    const { parts } = paymentMessage('Loja', 12345, { kind: 'manual', text: steps }, 1000, SP);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.text.length).toBeLessThanOrEqual(1000);
    const text = parts.map((p) => p.text).join('\n');
    expect(text).toContain('*Pedido confirmado — Loja*\nTotal: *R$\u00a0123,45*');
    expect(text).toContain('Passo 1: ');
    expect(text).toContain('Passo 60: ');
  });

  it('keeps the session link on the piece that carries the card button', () => {
    const shop = 'L'.repeat(30);
    const message = paymentMessage(shop, 100, { kind: 'card', path: '/order/payment' }, 40, SP);
    const index = message.parts.findIndex((p) => p.button);
    expect(message.parts.length).toBeGreaterThan(1);
    expect(message.sessionLinkPart).toBe(index);
    expect(message.parts[index]?.button).toEqual({ label: 'Pagar com cartão', url: '/order/payment' });
  });

  it('writes expiries in the shop’s time zone', () => {
    expect(expiryText('2026-03-01T02:59:00Z', SP)).toBe('28/02/2026 às 23:59');
    expect(expiryText('2026-03-01T02:59:00Z', 'America/Manaus')).toBe('28/02/2026 às 22:59');
    expect(expiryText('2026-03-01T02:59:00Z', 'America/Noronha')).toBe('01/03/2026 às 00:59');
  });

  it('says a Pix code’s and a boleto’s due time as the shop reads it', () => {
    const text = (how: Parameters<typeof paymentMessage>[2], timeZone: string) =>
      paymentMessage('Loja', 100, how, 1000, timeZone).parts[0]!.text;
    const pix = { kind: 'pix', code: '000201', expiresAt: '2026-12-01T03:30:00Z' } as const;
    expect(text(pix, 'America/Manaus')).toContain('Válido até 30/11/2026 às 23:30.');
    expect(text(pix, 'America/Noronha')).toContain('Válido até 01/12/2026 às 01:30.');
    const boleto = { kind: 'boleto', line: '1234', url: null, expiresAt: '2026-12-01T02:59:59Z' } as const;
    expect(text(boleto, 'America/Manaus')).toContain('Vencimento: 30/11/2026 às 22:59.');
  });
});
