import { describe, expect, it } from 'vitest';
import { buildPixBrCode, crc16CcittFalse, parsePixTlv, pixAmount, verifyPixBrCode } from './pix.ts';

/** The central bank's example (Manual de Padrões para Iniciação do Pix), as in docs/guide conventions. */
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('Pix BR Code', () => {
  it("reproduces the manual's example byte for byte", () => {
    const code = buildPixBrCode({
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      city: 'BRASILIA',
    });
    expect(code).toBe(BCB_EXAMPLE);
    expect(Buffer.from(code)).toEqual(Buffer.from(BCB_EXAMPLE));
  });

  it('computes CRC-16/CCITT-FALSE (check value of "123456789" is 29B1)', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
    expect(crc16CcittFalse(BCB_EXAMPLE.slice(0, -4))).toBe('1D3D');
  });

  it('detects a changed CRC or a changed payload', () => {
    expect(verifyPixBrCode(BCB_EXAMPLE)).toBe(true);
    expect(verifyPixBrCode(BCB_EXAMPLE.replace(/1D3D$/, '1D3E'))).toBe(false);
    expect(verifyPixBrCode(BCB_EXAMPLE.replace('Fulano', 'Fulana'))).toBe(false);
    expect(verifyPixBrCode(BCB_EXAMPLE.slice(0, -8))).toBe(false);
  });

  it('truncates the name to 25 and the city to 15 characters, accents stripped', () => {
    const code = buildPixBrCode({
      key: 'pix@loja.com.br',
      merchantName: 'Açougue e Mercearia São João da Boa Vista Ltda',
      city: 'São José dos Campos do Norte',
      amountCents: 123456,
      txid: 'ord_01JD-ABC',
    });
    const fields = parsePixTlv(code);
    expect(fields['59']).toBe('Acougue e Mercearia Sao J');
    expect(fields['59']).toHaveLength(25);
    expect(fields['60']).toBe('Sao Jose dos Ca');
    expect(fields['54']).toBe('1234.56');
    expect(fields['62']).toBe('0510ord01JDABC');
    expect(verifyPixBrCode(code)).toBe(true);
  });

  it('writes amounts with two decimals from centavos and refuses bad keys', () => {
    expect(pixAmount(5)).toBe('0.05');
    expect(pixAmount(1000)).toBe('10.00');
    expect(() => buildPixBrCode({ key: ' ', merchantName: 'A', city: 'B' })).toThrow(RangeError);
    expect(() => buildPixBrCode({ key: 'x'.repeat(78), merchantName: 'A', city: 'B' })).toThrow(RangeError);
  });
});
