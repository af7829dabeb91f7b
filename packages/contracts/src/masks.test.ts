import { describe, it, expect } from 'vitest';
import { maskCardExpiry, maskCardNumber, maskCep, maskCnpj, maskCpf, maskDate, maskPhone } from './masks.ts';

describe('maskCpf', () => {
  it('formats partial input as typed', () => {
    expect(maskCpf('')).toBe('');
    expect(maskCpf('5')).toBe('5');
    expect(maskCpf('529')).toBe('529');
    expect(maskCpf('5299')).toBe('529.9');
    expect(maskCpf('5299822')).toBe('529.982.2');
    expect(maskCpf('529982247')).toBe('529.982.247');
    expect(maskCpf('5299822472')).toBe('529.982.247-2');
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
  });
  it('drops non-digits and extra digits, and is idempotent', () => {
    expect(maskCpf('529a982b247c25')).toBe('529.982.247-25');
    expect(maskCpf('529982247251234')).toBe('529.982.247-25');
    expect(maskCpf('529.982.247-25')).toBe('529.982.247-25');
  });
});

describe('maskCnpj', () => {
  it('formats partial numeric input', () => {
    expect(maskCnpj('11')).toBe('11');
    expect(maskCnpj('112')).toBe('11.2');
    expect(maskCnpj('11222333')).toBe('11.222.333');
    expect(maskCnpj('112223330')).toBe('11.222.333/0');
    expect(maskCnpj('1122233300018')).toBe('11.222.333/0001-8');
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });
  it('accepts letters in the first 12 positions, upper-cased', () => {
    expect(maskCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(maskCnpj('12.ABC.345/01DE-35')).toBe('12.ABC.345/01DE-35');
  });
  it('drops letters in the check-digit positions, symbols and extra characters', () => {
    expect(maskCnpj('12ABC34501DEX35')).toBe('12.ABC.345/01DE-35');
    expect(maskCnpj('11_222*333 0001 81')).toBe('11.222.333/0001-81');
    expect(maskCnpj('1122233300018199')).toBe('11.222.333/0001-81');
  });
});

describe('maskCep', () => {
  it('formats 5+3 digits', () => {
    expect(maskCep('0131')).toBe('0131');
    expect(maskCep('01310')).toBe('01310');
    expect(maskCep('013101')).toBe('01310-1');
    expect(maskCep('01310100')).toBe('01310-100');
    expect(maskCep('01310-1009')).toBe('01310-100');
    expect(maskCep('cep 01310 100')).toBe('01310-100');
  });
});

describe('maskPhone', () => {
  it('formats partial input', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone('1')).toBe('(1');
    expect(maskPhone('11')).toBe('(11');
    expect(maskPhone('119')).toBe('(11) 9');
    expect(maskPhone('119876')).toBe('(11) 9876');
    expect(maskPhone('1198765')).toBe('(11) 9876-5');
  });
  it('uses 4+4 for 10 digits and 5+4 for 11 digits', () => {
    expect(maskPhone('1132345678')).toBe('(11) 3234-5678');
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('(11) 98765-4321')).toBe('(11) 98765-4321');
    expect(maskPhone('119876543210')).toBe('(11) 98765-4321');
  });
});

describe('maskDate', () => {
  it('formats dd/mm/yyyy up to length 10', () => {
    expect(maskDate('2')).toBe('2');
    expect(maskDate('29')).toBe('29');
    expect(maskDate('290')).toBe('29/0');
    expect(maskDate('2902')).toBe('29/02');
    expect(maskDate('29022')).toBe('29/02/2');
    expect(maskDate('29022024')).toBe('29/02/2024');
    expect(maskDate('290220241')).toBe('29/02/2024');
    expect(maskDate('29/02/2024').length).toBe(10);
  });
});

describe('maskCardExpiry', () => {
  it('formats MM/YY', () => {
    expect(maskCardExpiry('1')).toBe('1');
    expect(maskCardExpiry('12')).toBe('12');
    expect(maskCardExpiry('123')).toBe('12/3');
    expect(maskCardExpiry('1230')).toBe('12/30');
    expect(maskCardExpiry('12/309')).toBe('12/30');
  });
});

describe('maskCardNumber', () => {
  it('groups 4-4-4-4 and drops what does not fit', () => {
    expect(maskCardNumber('4111')).toBe('4111');
    expect(maskCardNumber('41111')).toBe('4111 1');
    expect(maskCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(maskCardNumber('4111-1111-1111-1111-999')).toBe('4111 1111 1111 1111');
    expect(maskCardNumber('4111 1111 1111 1111')).toBe('4111 1111 1111 1111');
  });
  it('groups American Express 4-6-5', () => {
    expect(maskCardNumber('3782')).toBe('3782');
    expect(maskCardNumber('37828')).toBe('3782 8');
    expect(maskCardNumber('3782822463')).toBe('3782 822463');
    expect(maskCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(maskCardNumber('3411112222333334444')).toBe('3411 112222 33333');
  });
  it('accepts 19-digit cards when asked', () => {
    expect(maskCardNumber('6062825624254001234', 19)).toBe('6062 8256 2425 4001 234');
    expect(maskCardNumber('378282246310005999', 19)).toBe('3782 822463 10005');
  });
});
