/**
 * Attacker's suite — image addresses (issue 39, item 5): one rule (packages/contracts/src/image-url.ts) on every
 * path that stores an image address: the product editor's variant photo, the spreadsheet's 'Imagens' and
 * 'Imagem da variação', and Tray's import. `javascript:` and company are refused (or left out, from Tray); https
 * and this server's own `/media/` files are kept.
 */
import { expect, it } from 'vitest';
import { imageUrlProblem } from '@vitrine/contracts/image-url';
import { parseProductPage, parseVariantPage } from '../adapters/tray/tray-parse.ts';
import { parseSheet } from '../modules/catalog-import/sheet-read.ts';
import { productRows, sheetHeader, sheetLines } from '../modules/catalog-import/sheet-write.ts';
import { catalogCall, shirtBody } from '../test/catalog-kit.ts';
import { shopWithOwner } from '../test/console-kit.ts';
import { describeEachDb } from '../test/test-app.ts';
import { productInput } from '@vitrine/contracts/console-catalog';

const HOSTILE = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'http://cdn.loja.com.br/a.jpg',
  '//evil.example/a.jpg',
  'https://user:senha@cdn.loja.com.br/a.jpg',
  'https://cdn.loja.com.br/a b.jpg',
  '/media/photos/../segredo.jpg',
  '/api/console/me',
  'vbscript:msgbox(1)',
  '/media/p/a.svg?x=<script>',
];
const GOOD = [
  'https://cdn.loja.com.br/a.jpg',
  '/media/photos/0123456789abcdef0123456789abcdef-800.jpg',
  '/media/shop-logos/logo-1.png',
  '/media/p/camiseta-azul-1.svg?bg=1e3a8a&fg=ffffff',
];

it('the rule: https or our own /media/ file, nothing else', () => {
  for (const url of HOSTILE) expect(imageUrlProblem(url), url).toMatch(/não é um endereço de imagem válido/);
  for (const url of GOOD) expect(imageUrlProblem(url), url).toBeNull();
});

it("the spreadsheet import refuses a hostile 'Imagem da variação' and 'Imagens' by row and column", () => {
  const shirt = productInput.parse(shirtBody('CAMISA', null));
  const rows = productRows(shirt, []);
  const variantColumn = sheetHeader().replace('\ufeff', '').trim().split(';').indexOf('Imagem da variação');
  rows[1]![variantColumn] = 'javascript:alert(1)';
  const parsed = parseSheet(sheetHeader() + sheetLines(rows));
  expect(parsed.products).toEqual([]);
  expect(parsed.refused).toEqual([
    expect.objectContaining({
      row: 3,
      column: 'Imagem da variação',
      message: expect.stringMatching(/javascript/),
    }),
  ]);
  const images = parseSheet(sheetHeader() + sheetLines(productRows(shirt, [], ['data:image/png,x'])));
  expect(images.refused).toEqual([
    expect.objectContaining({
      row: 2,
      column: 'Imagens',
      message: expect.stringMatching(/não é um endereço/),
    }),
  ]);
});

it("Tray's import keeps https (an http address made https) and leaves anything else out", () => {
  const page = parseProductPage(
    {
      paging: { total: '1', page: '1', offset: '0', limit: '50', maxLimit: '50' },
      Products: [
        {
          Product: {
            id: '84',
            name: 'Café',
            price: '10.50',
            available: '1',
            stock: '3',
            has_variation: '1',
            ProductImage: [
              { https: 'javascript:alert(1)', http: 'javascript:alert(2)' },
              { http: 'http://x.example/2.jpg' },
              { https: 'https://x.example/3.jpg' },
            ],
          },
        },
      ],
    },
    new Date(),
  );
  expect(page.items[0]!.images).toEqual(['https://x.example/2.jpg', 'https://x.example/3.jpg']);
  const variants = parseVariantPage(
    {
      paging: { total: '1', page: '1', offset: '0', limit: '50', maxLimit: '50' },
      Variants: [
        {
          Variant: {
            id: '9',
            product_id: '84',
            price: '10.50',
            stock: '1',
            VariantImage: [{ https: 'data:image/png,x' }],
          },
        },
      ],
    },
    new Date(),
  );
  expect(variants.items[0]!.imageUrl).toBeNull();
});

describeEachDb('attacker: image addresses through the editor', (ctx) => {
  it('a variant photo of javascript: is refused in pt-BR on create and on save; https is kept', async () => {
    const { app } = ctx();
    const { owner } = await shopWithOwner(app, 'imagens');
    const body = shirtBody('CAMISA', null);
    const withImage = (url: string) => ({
      ...body,
      variants: body.variants!.map((v, i) => (i === 0 ? { ...v, imageUrl: url } : v)),
    });
    for (const url of HOSTILE) {
      const refused = await catalogCall(app, owner, 'imagens', 'POST', '/products', withImage(url));
      expect(refused.status, url).toBe(400);
      expect(refused.message).toMatch(/não é um endereço de imagem válido/);
    }
    expect((await catalogCall(app, owner, 'imagens', 'GET', '/products/CAMISA')).status).toBe(404);
    const created = await catalogCall(app, owner, 'imagens', 'POST', '/products', withImage(GOOD[0]!));
    expect(created.status, created.message).toBe(201);
    const saved = await catalogCall(app, owner, 'imagens', 'PUT', '/products/CAMISA', withImage(HOSTILE[0]!));
    expect(saved.status).toBe(400);
    const stored = await catalogCall<{ variants: { imageUrl: string | null }[] }>(
      app,
      owner,
      'imagens',
      'GET',
      '/products/CAMISA',
    );
    expect(stored.data.variants.map((v) => v.imageUrl)).toContain(GOOD[0]);
  });
});
