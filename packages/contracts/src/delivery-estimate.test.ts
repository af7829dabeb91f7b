import { describe, expect, it } from 'vitest';
import { estimateText, readEstimate, shownEstimate } from './delivery-estimate';

describe('delivery estimates (issue 38 item 9)', () => {
  it('reads each kind in correct Portuguese, singular and plural', () => {
    expect(estimateText({ kind: 'sameDay' })).toBe('No mesmo dia');
    expect(estimateText({ kind: 'hours', amount: 1 })).toBe('Em até 1 hora');
    expect(estimateText({ kind: 'hours', amount: 4 })).toBe('Em até 4 horas');
    expect(estimateText({ kind: 'days', amount: 1 })).toBe('Em até 1 dia');
    expect(estimateText({ kind: 'businessDays', amount: 1 })).toBe('Em até 1 dia útil');
    expect(estimateText({ kind: 'businessDays', amount: 3 })).toBe('Em até 3 dias úteis');
  });

  it('reads its own texts and the usual typed forms back', () => {
    for (const estimate of [
      { kind: 'sameDay' },
      { kind: 'hours', amount: 2 },
      { kind: 'days', amount: 5 },
      { kind: 'businessDays', amount: 1 },
    ] as const)
      expect(readEstimate(estimateText(estimate))).toEqual(estimate);
    expect(readEstimate('Em 2 horas')).toEqual({ kind: 'hours', amount: 2 });
    expect(readEstimate('3 dias úteis.')).toEqual({ kind: 'businessDays', amount: 3 });
    expect(readEstimate('mesmo dia')).toEqual({ kind: 'sameDay' });
    expect(readEstimate('Entrega expressa')).toBeNull();
    expect(readEstimate('0 dias')).toBeNull();
  });

  it('never shows "Em até No mesmo dia"; free text stays as typed', () => {
    expect(shownEstimate('No mesmo dia')).toBe('No mesmo dia');
    expect(shownEstimate('2 dias')).toBe('Em até 2 dias');
    expect(shownEstimate('Combinar com o entregador')).toBe('Combinar com o entregador');
    expect(shownEstimate(null)).toBe('');
  });
});
