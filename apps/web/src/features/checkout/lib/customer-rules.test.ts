import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, type CheckoutForm } from './checkout-form';
import { customerBody, customerErrors } from './customer-rules';

const valid: CheckoutForm = {
  ...EMPTY_FORM,
  name: 'Maria',
  email: 'maria@example.com',
  document: '529.982.247-25',
};
const all = { enableCnpj: true, enableBirthDate: true };

describe('customerErrors (spec §5 customer form)', () => {
  it('accepts a complete person', () => {
    expect(customerErrors(valid, all)).toEqual({});
  });
  it('gives the spec messages', () => {
    expect(
      customerErrors(
        { ...EMPTY_FORM, email: 'a b@c.com', document: '529.982.247-24', birthDate: '31/02/1990' },
        all,
      ),
    ).toEqual({
      name: 'Nome é obrigatório.',
      email: 'O e-mail digitado é inválido. Verifique se há espaços ou caracteres incorretos.',
      document: 'CPF inválido.',
      birthDate: 'Data de nascimento inválida',
    });
  });
  it('checks company fields only with the CNPJ option and the checkbox', () => {
    const corporate = { ...valid, isCorporate: true };
    expect(customerErrors(corporate, all)).toEqual({
      corporateDocument: 'CNPJ é obrigatório.',
      corporateName: 'Insira uma razão social.',
      tradeName: 'Insira um nome fantasia.',
    });
    expect(
      customerErrors({ ...corporate, corporateDocument: '11.222.333/0001-80' }, all).corporateDocument,
    ).toBe('CNPJ inválido.');
    expect(customerErrors(corporate, { enableCnpj: false, enableBirthDate: true })).toEqual({});
  });
  it('ignores the birth date when the shop does not ask for it', () => {
    expect(customerErrors({ ...valid, birthDate: '99/99/9999' }, { ...all, enableBirthDate: false })).toEqual(
      {},
    );
  });
});

describe('customerBody', () => {
  it('sends company fields only for a corporate customer of a CNPJ shop', () => {
    const form = { ...valid, corporateName: 'X', isCorporate: false };
    expect(customerBody(form, all)).toMatchObject({ isCorporate: false, corporateName: null });
    expect(customerBody({ ...form, isCorporate: true }, all)).toMatchObject({
      isCorporate: true,
      corporateName: 'X',
    });
    expect(
      customerBody({ ...form, birthDate: '01/01/1990' }, { ...all, enableBirthDate: false }).birthDate,
    ).toBe('');
  });
});
