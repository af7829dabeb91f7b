import { describe, expect, it } from 'vitest';
import { isoOfTyped, typedOfIso } from './date-field';

describe('the console date field reads dd/mm/aaaa (issue 38)', () => {
  it('turns a real day into its ISO form and back; keeps anything else as typed', () => {
    expect(isoOfTyped('01/12/2026')).toBe('2026-12-01');
    expect(typedOfIso('2026-12-01')).toBe('01/12/2026');
    expect(isoOfTyped('31/02/2027')).toBe('31/02/2027');
    expect(isoOfTyped('01/12/20')).toBe('01/12/20');
    expect(typedOfIso('')).toBe('');
  });
});
