import { describe, expect, it } from 'vitest';
import { expiryText, paymentMessage } from './compose-payment.ts';

describe('payment message sizing', () => {
  it('splits instructions longer than the channel limit on lines, totals and header kept', () => {
    const steps = Array.from({ length: 60 }, (_, i) => `Passo ${i + 1}: ${'x'.repeat(20)}`).join('\n');
    const { parts } = paymentMessage('Loja', 12345, { kind: 'manual', text: steps }, 1000);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.text.length).toBeLessThanOrEqual(1000);
    const text = parts.map((p) => p.text).join('\n');
    expect(text).toContain('*Pedido confirmado — Loja*\nTotal: *R$\u00a0123,45*');
    expect(text).toContain('Passo 1: ');
    expect(text).toContain('Passo 60: ');
  });

  it('keeps the session link on the piece that carries the card button', () => {
    const shop = 'L'.repeat(30);
    const message = paymentMessage(shop, 100, { kind: 'card', path: '/order/payment' }, 40);
    const index = message.parts.findIndex((p) => p.button);
    expect(message.parts.length).toBeGreaterThan(1);
    expect(message.sessionLinkPart).toBe(index);
    expect(message.parts[index]?.button).toEqual({ label: 'Pagar com cartão', url: '/order/payment' });
  });

  it('writes expiries in Brasília time', () => {
    expect(expiryText('2026-03-01T02:59:00Z')).toBe('28/02/2026 às 23:59');
  });
});
