import { describe, expect, it } from 'vitest';
import { centsOfText, textOfCents } from './money-field';

describe('money typed the Brazilian way', () => {
  it('reads reais with a comma and thousands dots as centavos', () => {
    expect(centsOfText('1.234,56')).toBe(123456);
    expect(centsOfText('19,9')).toBe(1990);
    expect(centsOfText('20')).toBe(2000);
    expect(centsOfText('R$ 0,05')).toBe(5);
    expect(centsOfText('1234,5')).toBe(123450);
    expect(centsOfText('')).toBeNull();
  });

  it('answers NaN for what is not an amount (the contract refuses it at the field)', () => {
    for (const text of ['abc', '1,234', '12.34', '1.23,45', '-5', '1,2,3', '10,'])
      expect(centsOfText(text)).toBeNaN();
  });

  it('shows centavos as typed money and reads it back', () => {
    expect(textOfCents(123456)).toBe('1.234,56');
    expect(textOfCents(5)).toBe('0,05');
    expect(textOfCents(null)).toBe('');
    expect(textOfCents(Number.NaN)).toBe('');
    for (const cents of [0, 1, 99, 100, 19990, 100_000_000])
      expect(centsOfText(textOfCents(cents))).toBe(cents);
  });
});
