import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { localCepProvider } from './local.ts';
import { lookupCep } from './index.ts';
import { viaCepProvider } from './viacep.ts';

const fakeFetch = (status: number, body: unknown) =>
  (async (url: string | URL | Request) => {
    expect(String(url)).toBe('https://cep.test/ws/01310100/json/');
    return new Response(JSON.stringify(body), { status });
  }) as typeof fetch;

describe('CEP adapters', () => {
  it('finds 01310-100 in the local dataset with its neighbourhoods', async () => {
    const found = await lookupCep(localCepProvider(), '01310-100');
    expect(found).toMatchObject({
      zipCode: '01310100',
      street: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
    });
    expect(found.neighborhoods.length).toBeGreaterThan(3);
  });

  it('refuses malformed (400) and unknown (404) CEPs', async () => {
    await expect(lookupCep(localCepProvider(), '1234')).rejects.toMatchObject({
      status: 400,
      message: 'CEP inválido',
    });
    await expect(lookupCep(localCepProvider(), '99999-999')).rejects.toMatchObject({ status: 404 });
  });

  it('maps a ViaCEP answer, its { erro: true } and an outage', async () => {
    const ok = viaCepProvider(
      'https://cep.test',
      fakeFetch(200, {
        cep: '01310-100',
        logradouro: 'Avenida Paulista',
        bairro: 'Bela Vista',
        localidade: 'São Paulo',
        uf: 'SP',
      }),
    );
    expect(await ok.lookup('01310100')).toMatchObject({
      street: 'Avenida Paulista',
      city: 'São Paulo',
      state: 'SP',
    });
    expect(
      await viaCepProvider('https://cep.test', fakeFetch(200, { erro: 'true' })).lookup('01310100'),
    ).toBeNull();
    const down = viaCepProvider('https://cep.test', fakeFetch(502, {}));
    await expect(down.lookup('01310100')).rejects.toBeInstanceOf(AppError);
  });
});
