import { describe, expect, it } from 'vitest';
import type { PixBankView } from '@vitrine/contracts/console-pix-bank';
import { pixBankBodyOf, pixBankFormOf, pixBankFormSchema } from './pix-bank-model';

const empty: PixBankView = {
  configured: false,
  baseUrl: null,
  tokenUrl: null,
  clientId: null,
  clientSecret: null,
  certificate: false,
  pixKey: null,
};
const stored: PixBankView = {
  configured: true,
  baseUrl: 'https://pix.banco.example/api/v2',
  tokenUrl: null,
  clientId: 'cliente-1',
  clientSecret: '****a1b2',
  certificate: true,
  pixKey: 'loja@example.com',
};
const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';

const errorsOf = (saved: PixBankView, form: ReturnType<typeof pixBankFormOf>) => {
  const result = pixBankFormSchema(saved).safeParse(form);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
};

describe('Pix no banco form', () => {
  it('starts from the stored bank with every secret blank', () => {
    expect(pixBankFormOf(stored)).toEqual({
      baseUrl: 'https://pix.banco.example/api/v2',
      tokenUrl: '',
      clientId: 'cliente-1',
      clientSecret: '',
      certificate: '',
      privateKey: '',
      pixKey: 'loja@example.com',
    });
  });

  it('asks for the secret only when none is stored, and names bad addresses in pt-BR', () => {
    expect(errorsOf(stored, pixBankFormOf(stored))).toEqual({});
    expect(
      errorsOf(empty, { ...pixBankFormOf(empty), baseUrl: 'http://banco', tokenUrl: 'ftp://x' }),
    ).toEqual({
      baseUrl: 'Informe o endereço da API Pix do banco (https://…).',
      tokenUrl: 'Endereço do token inválido (https://…).',
      clientId: 'Informe o Client ID.',
      clientSecret: 'Informe o Client Secret.',
      pixKey: 'Informe a chave Pix da conta.',
    });
  });

  it('sends blank write-only fields as absent (the stored ones stay) and typed ones trimmed', () => {
    expect(pixBankBodyOf(pixBankFormOf(stored))).toEqual({
      baseUrl: 'https://pix.banco.example/api/v2',
      tokenUrl: null,
      clientId: 'cliente-1',
      pixKey: 'loja@example.com',
    });
    expect(
      pixBankBodyOf({
        ...pixBankFormOf(stored),
        clientSecret: ' novo ',
        certificate: `${PEM}\n`,
        privateKey: PEM,
      }),
    ).toMatchObject({ clientSecret: 'novo', certificate: PEM, privateKey: PEM });
  });
});
