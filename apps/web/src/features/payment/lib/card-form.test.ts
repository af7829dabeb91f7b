import { describe, expect, it } from 'vitest';
import type { Customer } from '@vitrine/contracts/contact';
import {
  cardFormProblems,
  cardPaymentBody,
  changeField,
  initialCardForm,
  isCardFormComplete,
  isValidExpiry,
  splitExpiry,
  usesCnpj,
  type CardForm,
} from './card-form';

const customer: Customer = {
  name: 'Maria',
  email: null,
  birthDate: null,
  document: '52998224725',
  isCorporate: true,
  corporateDocument: '11222333000181',
  corporateName: 'Maria LTDA',
  tradeName: null,
  stateInscription: null,
  phone: null,
};

const complete: CardForm = {
  providerId: 'credito',
  installments: 1,
  number: '4111111111111111',
  name: 'MARIA SILVA',
  expiry: '08/29',
  securityCode: '123',
  document: '529.982.247-25',
  zipCode: '01310-100',
  address: 'Avenida Paulista',
  addressNumber: '1000',
  complement: '',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};

describe('card form input (spec §5 masks)', () => {
  it('keeps only the digits of the card number, at most 19', () => {
    const form = changeField(complete, 'number', '4111 1111-1111 1111 9999 1', false);
    expect(form.number).toBe('4111111111111111999');
  });

  it('masks expiry __/__, CPF, CNPJ and CEP', () => {
    expect(changeField(complete, 'expiry', '0829', false).expiry).toBe('08/29');
    expect(changeField(complete, 'expiry', '08/2', false).expiry).toBe('08/2');
    expect(changeField(complete, 'document', '52998224725', false).document).toBe('529.982.247-25');
    expect(changeField(complete, 'document', '11222333000181', true).document).toBe('11.222.333/0001-81');
    expect(changeField(complete, 'zipCode', '01310100', false).zipCode).toBe('01310-100');
  });

  it('limits the security code by the number: 4 digits for 34/37, else 3; a shorter limit trims it', () => {
    const amex = changeField({ ...complete, number: '378282246310005' }, 'securityCode', '12345', false);
    expect(amex.securityCode).toBe('1234');
    expect(changeField(amex, 'number', '4111111111111111', false).securityCode).toBe('123');
    expect(changeField(complete, 'securityCode', '12a', false).securityCode).toBe('12');
  });

  it('keeps free text as typed (nothing lost on bad input)', () => {
    expect(changeField(complete, 'name', 'maria 2', false).name).toBe('maria 2');
  });
});

describe('complete-form rule (spec §5)', () => {
  it('accepts a complete form, complement optional', () => {
    expect(isCardFormComplete(complete, false)).toBe(true);
    expect(cardFormProblems(complete, false)).toEqual([]);
  });

  it('names every broken rule', () => {
    const problems = cardFormProblems(
      {
        ...complete,
        providerId: '',
        name: '  ',
        expiry: '13/29',
        securityCode: '12',
        document: '111.111.111-11',
        zipCode: '01310-10',
        city: '',
      },
      false,
    );
    expect(problems).toEqual(['providerId', 'name', 'expiry', 'securityCode', 'document', 'zipCode', 'city']);
  });

  it('needs a 4-digit code for Amex and a valid CNPJ instead of CPF when CNPJ applies', () => {
    const amex = { ...complete, number: '378282246310005' };
    expect(cardFormProblems(amex, false)).toEqual(['securityCode']);
    expect(isCardFormComplete({ ...amex, securityCode: '1234' }, false)).toBe(true);
    expect(cardFormProblems(complete, true)).toEqual(['document']);
    expect(isCardFormComplete({ ...complete, document: '11.222.333/0001-81' }, true)).toBe(true);
  });
});

describe('expiry', () => {
  it('is valid as two digits, slash, two digits with a month 01–12', () => {
    expect(isValidExpiry('01/30')).toBe(true);
    expect(isValidExpiry('12/25')).toBe(true);
    expect(isValidExpiry('00/30')).toBe(false);
    expect(isValidExpiry('13/30')).toBe(false);
    expect(isValidExpiry('1/30')).toBe(false);
    expect(isValidExpiry('')).toBe(false);
  });

  it('splits into month and year numbers', () => {
    expect(splitExpiry('08/29')).toEqual({ month: 8, year: 29 });
    expect(splitExpiry('12/30')).toEqual({ month: 12, year: 30 });
  });
});

describe('initial form and request body', () => {
  it('uses the CNPJ only for a corporate customer when the shop enables it', () => {
    expect(usesCnpj(customer, true)).toBe(true);
    expect(usesCnpj(customer, false)).toBe(false);
    expect(usesCnpj({ isCorporate: false }, true)).toBe(false);
    expect(initialCardForm(customer, true).document).toBe('11.222.333/0001-81');
    expect(initialCardForm(customer, false).document).toBe('529.982.247-25');
  });

  it('prefills the billing address from a saved address, card fields empty', () => {
    const form = initialCardForm(null, false, {
      id: 'a1',
      name: 'Casa',
      isDefault: true,
      state: 'SP',
      city: 'São Paulo',
      street: 'Avenida Paulista',
      number: '1000',
      zipCode: '01310100',
      complement: null,
      neighborhood: 'Bela Vista',
      neighborhoodId: null,
      fullAddress: '',
    });
    expect(form).toMatchObject({
      zipCode: '01310-100',
      address: 'Avenida Paulista',
      number: '',
      installments: 1,
    });
  });

  it('starts from the plan already chosen for the order', () => {
    expect(initialCardForm(null, false)).toMatchObject({ providerId: '', installments: 1 });
    const plan = { providerId: 'credit', installments: 6 };
    expect(initialCardForm(null, false, undefined, plan)).toMatchObject(plan);
  });

  it('builds the §3 card payment data with the expiry split and the captcha when given', () => {
    const body = cardPaymentBody(
      { ...complete, complement: ' ' },
      { number: complete.number, securityCode: '123' },
      { recaptchaKey: 'fake-key', recaptchaToken: 'fake-recaptcha-ok' },
    );
    expect(body).toEqual({
      providerId: 'credito',
      installments: 1,
      number: '4111111111111111',
      securityCode: '123',
      name: 'MARIA SILVA',
      expiryMonth: 8,
      expiryYear: 29,
      document: '529.982.247-25',
      zipCode: '01310-100',
      address: 'Avenida Paulista',
      addressNumber: '1000',
      complement: null,
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      recaptchaKey: 'fake-key',
      recaptchaToken: 'fake-recaptcha-ok',
    });
  });

  it('sends only token, brand and last four digits for a tokenised card', () => {
    const body = cardPaymentBody(complete, { cardToken: 'token_abc', brand: 'visa', lastFour: '1111' });
    expect(body).not.toHaveProperty('number');
    expect(body).not.toHaveProperty('securityCode');
    expect(body).toMatchObject({ cardToken: 'token_abc', brand: 'visa', lastFour: '1111' });
  });
});
