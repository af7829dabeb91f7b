import { describe, it, expect } from 'vitest';
import { BRL_SPACE, centsToReais, formatBRL, formatReais, isCents, reaisToCents } from './money.ts';
import { centsSchema } from './validation-schemas.ts';

const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
/** Intl writes a non-breaking space after R$; compare with plain spaces for readability. */
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('centsToReais', () => {
  it('converts exactly', () => {
    expect(centsToReais(1999)).toBe(19.99);
    expect(centsToReais(0)).toBe(0);
    expect(centsToReais(1)).toBe(0.01);
    expect(centsToReais(123456789)).toBe(1234567.89);
    expect(centsToReais(-250)).toBe(-2.5);
  });

  it('throws for values that are not integer centavos', () => {
    expect(() => centsToReais(19.99)).toThrow(RangeError);
    expect(() => centsToReais(Number.NaN)).toThrow(RangeError);
    expect(() => centsToReais(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('reaisToCents', () => {
  it('is safe against binary float error', () => {
    expect(19.99 * 100).not.toBe(1999); // the trap this function avoids
    expect(reaisToCents(19.99)).toBe(1999);
    expect(reaisToCents(0.1 + 0.2)).toBe(30);
    expect(reaisToCents(0.7 + 0.1)).toBe(80);
    expect(reaisToCents(1.15)).toBe(115);
    expect(reaisToCents(4.35)).toBe(435);
    expect(reaisToCents(1234567.89)).toBe(123456789);
  });

  it('rounds to the nearest centavo, halves away from zero', () => {
    expect(reaisToCents(1.005)).toBe(101);
    expect(reaisToCents(0.004)).toBe(0);
    expect(reaisToCents(-0.125)).toBe(-13);
    expect(reaisToCents(-1.5)).toBe(-150);
    expect(Object.is(reaisToCents(-0.001), 0)).toBe(true);
  });

  it('handles numbers written in exponent form', () => {
    expect(reaisToCents(1e-7)).toBe(0);
    expect(reaisToCents(1e10)).toBe(1e12);
  });

  it('throws for NaN, infinity and unsafe results', () => {
    expect(() => reaisToCents(Number.NaN)).toThrow(RangeError);
    expect(() => reaisToCents(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
    expect(() => reaisToCents(1e20)).toThrow(RangeError);
  });

  it('round-trips with centsToReais', () => {
    for (const cents of [0, 1, 10, 99, 1999, 30, 123456789, -1999, 100_000_000_00]) {
      expect(reaisToCents(centsToReais(cents))).toBe(cents);
    }
    for (const reais of [19.99, 0.01, 1234567.89, 0.3]) {
      expect(centsToReais(reaisToCents(reais))).toBe(reais);
    }
  });
});

describe('formatBRL', () => {
  it('matches Intl pt-BR output, non-breaking space included', () => {
    expect(formatBRL(1999)).toBe(intl.format(19.99));
    expect(formatBRL(1999)).toBe(`R$${BRL_SPACE}19,99`);
    expect(formatBRL(0)).toBe(intl.format(0));
  });

  it('formats thousands, centavos and negatives', () => {
    expect(plain(formatBRL(123456789))).toBe('R$ 1.234.567,89');
    expect(plain(formatBRL(5))).toBe('R$ 0,05');
    expect(plain(formatBRL(100))).toBe('R$ 1,00');
    expect(plain(formatBRL(-1999))).toBe(plain(intl.format(-19.99)));
  });

  it('throws for fractional centavos', () => {
    expect(() => formatBRL(19.99)).toThrow(RangeError);
  });
});

describe('centsSchema and isCents', () => {
  it('accepts integer centavos only', () => {
    expect(centsSchema.safeParse(1999).success).toBe(true);
    expect(centsSchema.safeParse(0).success).toBe(true);
    expect(centsSchema.safeParse(-1).success).toBe(false);
    expect(centsSchema.safeParse(19.99).success).toBe(false);
    expect(isCents(-500)).toBe(true);
    expect(isCents(0.5)).toBe(false);
    expect(isCents('100')).toBe(false);
  });
});

describe('formatReais', () => {
  it('formats wire reais like formatBRL formats centavos', () => {
    for (const reais of [0, 0.1, 1, 19.99, 1234.5, 1_000_000.01, -5.5]) {
      expect(formatReais(reais)).toBe(formatBRL(reaisToCents(reais)));
    }
  });
  it('gives empty text for non-numbers', () => {
    expect(formatReais(null)).toBe('');
    expect(formatReais(Number.NaN)).toBe('');
  });
});
