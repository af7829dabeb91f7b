import { describe, it, expect } from 'vitest';
import {
  cardSecurityCodeLength,
  isValidBirthDate,
  isValidCardExpiry,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  isValidEmail,
} from './validators.ts';
import { onlyDigits } from './digits.ts';
import { normalizeQuantity } from './quantity.ts';
import {
  birthDateSchema,
  cepSchema,
  cnpjSchema,
  cpfSchema,
  emailSchema,
  nameSchema,
} from './validation-schemas.ts';

/** First issue message of a failed parse, or undefined when it passes. */
const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('onlyDigits', () => {
  it('keeps digits only', () => {
    expect(onlyDigits('529.982.247-25')).toBe('52998224725');
    expect(onlyDigits('(11) 98765-4321')).toBe('11987654321');
    expect(onlyDigits('abc')).toBe('');
  });
});

describe('isValidCpf', () => {
  it.each(['529.982.247-25', '111.444.777-35', '52998224725', '11144477735'])('accepts %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });

  it.each(['529.982.247-24', '111.111.111-11', '00000000000', '529.982.247-2', '529.982.247-255', '', 'abc'])(
    'rejects %s',
    (cpf) => expect(isValidCpf(cpf)).toBe(false),
  );

  it('rejects letters mixed into the digits and non-strings', () => {
    expect(isValidCpf('5299822472a5')).toBe(false);
    expect(isValidCpf(null)).toBe(false);
    expect(isValidCpf(undefined)).toBe(false);
  });
});

describe('isValidCnpj', () => {
  it.each([
    '11.222.333/0001-81',
    '11.444.777/0001-61',
    '12.ABC.345/01DE-35',
    '11222333000181',
    '12ABC34501DE35',
  ])('accepts %s', (cnpj) => expect(isValidCnpj(cnpj)).toBe(true));

  it.each([
    '11.222.333/0001-80',
    '00.000.000/0000-00',
    '11.111.111/1111-11',
    '12.ABC.345/01DE-36',
    '12.abc.345/01de-35', // letters must be upper case
    '12.ABC.345/01DE-3A', // check digits are numeric
    '11.222.333/0001-8',
    '',
  ])('rejects %s', (cnpj) => expect(isValidCnpj(cnpj)).toBe(false));
});

describe('isValidCep', () => {
  it('accepts 00000-000 or 8 digits', () => {
    expect(isValidCep('01310-100')).toBe(true);
    expect(isValidCep('01310100')).toBe(true);
  });
  it.each(['01310-10', '0131-0100', '013101000', '01310_100', 'abcde-fgh', ''])('rejects %s', (cep) =>
    expect(isValidCep(cep)).toBe(false),
  );
});

describe('isValidEmail', () => {
  it.each(['maria@example.com', 'joao.silva+loja@mail.example.com.br', 'a_b-c@sub-domain.co', 'x@y.io'])(
    'accepts %s',
    (email) => expect(isValidEmail(email)).toBe(true),
  );

  it.each([
    'maria @example.com',
    ' maria@example.com',
    'maria@example.com ',
    'maria(x)@example.com',
    'ma<ria>@example.com',
    'maria[1]@example.com',
    'maria:x@example.com',
    'maria;x@example.com',
    'maria\\x@example.com',
    'maria,x@example.com',
    '"maria"@example.com',
    'maria!@example.com',
    'maria#@example.com',
    'maria%@example.com',
    'maria&joao@example.com',
    'mariaexample.com',
    'maria@examplecom',
    'maria@example.c',
    'maria@example.c0m',
    'maria@@example.com',
    'maria@exa@mple.com',
    '@example.com',
    'maria@.com',
    'maria@example..com',
    '.maria@example.com',
    'maria.@example.com',
    'ma..ria@example.com',
    '',
  ])('rejects %s', (email) => expect(isValidEmail(email)).toBe(false));
});

describe('isValidBirthDate', () => {
  const today = new Date(2025, 5, 15); // 15/06/2025, local time

  it('accepts real dates of 19xx and 20xx', () => {
    expect(isValidBirthDate('29/02/2024', today)).toBe(true);
    expect(isValidBirthDate('01/01/1900', today)).toBe(true);
    expect(isValidBirthDate('31/12/1999', today)).toBe(true);
    expect(isValidBirthDate('29/02/2000', today)).toBe(true);
    expect(isValidBirthDate('15/06/2025', today)).toBe(true); // today itself
  });

  it.each(['29/02/2023', '29/02/1900', '31/04/2020', '31/06/2020', '00/01/2000', '01/13/2000', '01/00/2000'])(
    'rejects the impossible date %s',
    (date) => expect(isValidBirthDate(date, today)).toBe(false),
  );

  it.each(['01/01/1899', '01/01/2100', '1/1/2000', '01-01-2000', '2000/01/01', '01/01/00', ''])(
    'rejects the badly shaped %s',
    (date) => expect(isValidBirthDate(date, today)).toBe(false),
  );

  it('rejects dates in the future', () => {
    expect(isValidBirthDate('16/06/2025', today)).toBe(false);
    expect(isValidBirthDate('01/01/2099', today)).toBe(false);
  });
});

describe('isValidCardExpiry', () => {
  it('accepts MM/YY with month 01–12', () => {
    expect(isValidCardExpiry('01/30')).toBe(true);
    expect(isValidCardExpiry('12/25')).toBe(true);
  });
  it.each(['00/30', '13/30', '1/30', '01/2030', '0130', '01-30', ''])('rejects %s', (expiry) =>
    expect(isValidCardExpiry(expiry)).toBe(false),
  );
});

describe('normalizeQuantity', () => {
  it('turns empty or unreadable input into 1', () => {
    expect(normalizeQuantity('')).toBe(1);
    expect(normalizeQuantity('  ')).toBe(1);
    expect(normalizeQuantity(null)).toBe(1);
    expect(normalizeQuantity(undefined)).toBe(1);
    expect(normalizeQuantity('abc')).toBe(1);
    expect(normalizeQuantity(Number.NaN)).toBe(1);
    expect(normalizeQuantity(Number.POSITIVE_INFINITY)).toBe(1);
  });
  it('keeps whole numbers of at least 1', () => {
    expect(normalizeQuantity('3')).toBe(3);
    expect(normalizeQuantity(' 12 ')).toBe(12);
    expect(normalizeQuantity(2.7)).toBe(2);
    expect(normalizeQuantity('0')).toBe(1);
    expect(normalizeQuantity(-4)).toBe(1);
    expect(normalizeQuantity(0.5)).toBe(1);
  });
});

describe('cardSecurityCodeLength', () => {
  it('is 4 for numbers starting 34 or 37, otherwise 3', () => {
    expect(cardSecurityCodeLength('3412 345678 90123')).toBe(4);
    expect(cardSecurityCodeLength('378282246310005')).toBe(4);
    expect(cardSecurityCodeLength('4111 1111 1111 1111')).toBe(3);
    expect(cardSecurityCodeLength('36')).toBe(3);
    expect(cardSecurityCodeLength('')).toBe(3);
  });
});

describe('schemas carry the pt-BR messages of spec §5', () => {
  it('passes valid values through unchanged', () => {
    expect(cpfSchema.parse('529.982.247-25')).toBe('529.982.247-25');
    expect(cnpjSchema.parse('12.ABC.345/01DE-35')).toBe('12.ABC.345/01DE-35');
    expect(emailSchema.parse('maria@example.com')).toBe('maria@example.com');
    expect(birthDateSchema.parse('29/02/2024')).toBe('29/02/2024');
    expect(cepSchema.parse('01310-100')).toBe('01310-100');
    expect(nameSchema.parse('  Maria  ')).toBe('Maria');
  });

  it('fails with the exact messages', () => {
    expect(messageOf(cpfSchema.safeParse('111.111.111-11'))).toBe('CPF inválido.');
    expect(messageOf(cnpjSchema.safeParse('11.222.333/0001-80'))).toBe('CNPJ inválido.');
    expect(messageOf(emailSchema.safeParse('maria @example.com'))).toBe(
      'O e-mail digitado é inválido. Verifique se há espaços ou caracteres incorretos.',
    );
    expect(messageOf(birthDateSchema.safeParse('31/04/2020'))).toBe('Data de nascimento inválida');
    expect(messageOf(cepSchema.safeParse('0131-0100'))).toBe('CEP inválido');
    expect(messageOf(nameSchema.safeParse('   '))).toBe('Nome é obrigatório.');
  });

  it('uses the same messages when the value is missing', () => {
    expect(messageOf(cpfSchema.safeParse(undefined))).toBe('CPF inválido.');
    expect(messageOf(nameSchema.safeParse(undefined))).toBe('Nome é obrigatório.');
  });
});
