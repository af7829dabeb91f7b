import { describe, expect, it } from 'vitest';
import { documentKind, header, scrubCardData, splitName } from './gateway-http.ts';

describe('payment gateway helpers', () => {
  it('scrubs card fields and Luhn-valid card numbers from provider payloads', () => {
    const scrubbed = scrubCardData({
      card: { number: '4111111111111111', cvv: '123', first_six_digits: '411111', last_four_digits: '1111' },
      note: 'cartão 5031433215406351 recusado',
      order: '1234567890123',
      line: '23793380296100000000000000000000112340000012345',
    });
    expect(scrubbed).toEqual({
      card: { last_four_digits: '1111' },
      note: 'cartão ************6351 recusado',
      order: '1234567890123',
      line: '23793380296100000000000000000000112340000012345',
    });
  });

  it('reads headers case-insensitively and classifies documents and names', () => {
    expect(header({ 'X-Signature': ['a', 'b'] }, 'x-signature')).toBe('a');
    expect(header({}, 'x-signature')).toBeNull();
    expect(documentKind('529.982.247-25')).toBe('CPF');
    expect(documentKind('12.ABC.345/01DE-35')).toBe('CNPJ');
    expect(splitName('  Maria  ')).toEqual({ first: 'Maria', last: 'Maria' });
  });
});
