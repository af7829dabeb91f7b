import { describe, expect, it } from 'vitest';
import { loadBrandDetector, previewLength, previewNumber } from './card-brand';

describe('brand detection (spec §9 brands)', () => {
  const cases: [string, string, string][] = [
    ['4111111111111111', 'visa', 'Visa'],
    ['5555555555554444', 'mastercard', 'Mastercard'],
    ['2221000000000009', 'mastercard', 'Mastercard'],
    ['378282246310005', 'american-express', 'American Express'],
    ['30569309025904', 'diners-club', 'Diners Club'],
    ['6011111111111117', 'discover', 'Discover'],
    ['3530111333300000', 'jcb', 'JCB'],
    ['6200000000000005', 'unionpay', 'UnionPay'],
    ['6759649826438453', 'maestro', 'Maestro'],
    ['6362970000457013', 'elo', 'Elo'],
    ['2200000000000004', 'mir', 'Mir'],
    ['6370950000000005', 'hiper', 'Hiper'],
    ['6062825624254001', 'hipercard', 'Hipercard'],
    ['3841001111222233', 'hipercard', 'Hipercard'],
    ['5019717010103742', 'dankort', 'Dankort'],
    ['4571000000000001', 'dankort', 'Dankort'],
    ['6304000000000000', 'laser', 'Laser'],
    ['6771000000000000', 'laser', 'Laser'],
    ['4917300800000000', 'visa-electron', 'Visa Electron'],
    ['4026000000000002', 'visa-electron', 'Visa Electron'],
  ];

  it.each(cases)('%s is %s', async (number, id, name) => {
    const detect = await loadBrandDetector();
    expect(detect(number)).toEqual({ id, name });
  });

  it('follows the number as it is typed and knows nothing of empty or unknown prefixes', async () => {
    const detect = await loadBrandDetector();
    expect(detect('')).toBeNull();
    expect(detect('9')).toBeNull();
    expect(detect('37')?.id).toBe('american-express');
    expect(detect('4111')?.id).toBe('visa');
  });

  it('leaves out the brands §9 does not list (Troy, Verve)', async () => {
    const detect = await loadBrandDetector();
    expect(detect('9792000000000000')).toBeNull(); // Troy's own prefix
    expect(detect('5060990000000000')?.id).toBe('maestro'); // Verve's prefix, inside Maestro's range
  });
});

describe('card constants (spec §9)', () => {
  it('preview length is 15 Amex, 14 Diners, 19 Hipercard/Mastercard/Visa, otherwise 16', () => {
    expect(previewLength('american-express')).toBe(15);
    expect(previewLength('diners-club')).toBe(14);
    expect(previewLength('hipercard')).toBe(19);
    expect(previewLength('mastercard')).toBe(19);
    expect(previewLength('visa')).toBe(19);
    expect(previewLength('elo')).toBe(16);
    expect(previewLength('visa-electron')).toBe(16);
    expect(previewLength(null)).toBe(16);
  });

  it('preview pads the typed digits to the brand length in groups of four', () => {
    expect(previewNumber('', null)).toBe('•••• •••• •••• ••••');
    expect(previewNumber('41111', 'visa')).toBe('4111 1••• •••• •••• •••');
    expect(previewNumber('378282246310005', 'american-express')).toBe('3782 8224 6310 005');
    expect(previewNumber('3056930902590', 'diners-club')).toBe('3056 9309 0259 0•');
  });
});
