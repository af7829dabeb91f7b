import { expect, it } from 'vitest';
import type { TrayImportStatus } from '@vitrine/contracts/tray';
import { importStatusText } from './import-status-text';
import { authorizeUrl, readCallbackParams, storeAddress } from './tray-urls';

it('reads the store address from the url parameter', () => {
  expect(storeAddress('https://www.minhaloja.com.br/')).toBe('www.minhaloja.com.br');
  expect(storeAddress(' minhaloja.commercesuite.com.br ')).toBe('minhaloja.commercesuite.com.br');
  expect(storeAddress('127.0.0.1:4010')).toBe('127.0.0.1:4010');
  for (const bad of [null, '', 'javascript:alert(1)', 'loja', 'loja.com.br/?x=1', 'a b.com'])
    expect(storeAddress(bad)).toBeNull();
});

it('builds the authorization address with response type, consumer key and an encoded callback', () => {
  const url = new URL(
    authorizeUrl('www.loja.com.br', 'chave-123', 'https://vitrine.app/tray/register/callback'),
  );
  expect(url.origin + url.pathname).toBe('https://www.loja.com.br/auth.php');
  expect(Object.fromEntries(url.searchParams)).toEqual({
    response_type: 'code',
    consumer_key: 'chave-123',
    callback: 'https://vitrine.app/tray/register/callback',
  });
});

it('reads the callback parameters', () => {
  expect(
    readCallbackParams(
      '?store=391250&adm_user=admin&code=abc&api_address=loja.com.br%2Fweb_api&store_host=https%3A%2F%2Floja.com.br',
    ),
  ).toEqual({
    store: '391250',
    admUser: 'admin',
    code: 'abc',
    apiAddress: 'loja.com.br/web_api',
    storeHost: 'https://loja.com.br',
  });
  expect(readCallbackParams('').code).toBe('');
});

it('describes the import in pt-BR', () => {
  const base: TrayImportStatus = {
    jobId: 'tij_1',
    status: 'running',
    phase: 'products',
    productsDone: 50,
    productsTotal: 240,
    productsSkipped: 0,
    skippedProductIds: [],
    startedAt: null,
    finishedAt: null,
    errorMessage: null,
  };
  expect(importStatusText(base)).toBe('Importando o catálogo: 50 de 240 produtos');
  expect(importStatusText({ ...base, status: 'done', productsDone: 1 })).toBe(
    'Catálogo importado: 1 produto',
  );
  const summary = '1 produto(s) com dados inválidos na Tray não foram importados (ids: 7).';
  expect(
    importStatusText({
      ...base,
      status: 'done',
      productsSkipped: 1,
      skippedProductIds: ['7'],
      errorMessage: summary,
    }),
  ).toBe(`Catálogo importado: 50 produtos. ${summary}`);
  expect(importStatusText({ ...base, status: 'queued' })).toBe('Importação do catálogo na fila…');
  expect(importStatusText({ ...base, status: 'failed', errorMessage: 'A Tray recusou.' })).toBe(
    'A Tray recusou.',
  );
});
