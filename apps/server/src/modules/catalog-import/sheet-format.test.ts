import { describe, expect, it } from 'vitest';
import { productInput } from '@vitrine/contracts/console-catalog';
import { shirtBody } from '../../test/catalog-kit.ts';
import { parseCents, parseFlag, parseStock, SHEET_COLUMNS } from './sheet-cells.ts';
import { parseSheet, SheetUnreadable } from './sheet-read.ts';
import { productRows, sheetHeader, sheetLines } from './sheet-write.ts';

const header = SHEET_COLUMNS.join(';');
/** A sheet of the given columns (name → cell) per row, in the full header. */
const sheet = (...rows: Partial<Record<(typeof SHEET_COLUMNS)[number], string>>[]) =>
  [header, ...rows.map((r) => SHEET_COLUMNS.map((c) => r[c] ?? '').join(';'))].join('\n');

describe('catalogue sheet format', () => {
  it('reads pt-BR prices and refuses what is ambiguous', () => {
    expect(parseCents('1.234,56')).toBe(123456);
    expect(parseCents('R$ 9,9')).toBe(990);
    expect(parseCents('12')).toBe(1200);
    expect(parseCents('1.000.000')).toBe(100000000);
    expect(parseCents('')).toBeNull();
    for (const bad of ['12.34', '1,234.56', '-5', 'abc', '1,234'])
      expect(() => parseCents(bad), bad).toThrow(`'${bad}' não é um preço: use o formato 1.234,56.`);
  });

  it("reads 'Estoque' as whole units from 0 (a dot groups thousands), blank as no count, and refuses the rest", () => {
    expect(parseStock('12')).toBe(12);
    expect(parseStock(' 0 ')).toBe(0);
    expect(parseStock('1.200')).toBe(1200);
    expect(parseStock('')).toBeNull();
    for (const bad of ['-3', '1,5', '1.5', 'doze', '12 un', '1e3', '2000000000'])
      expect(() => parseStock(bad), bad).toThrow(`Estoque inválido: '${bad}'.`);
    expect(() => parseStock('a\u0000b')).toThrow("Estoque inválido: 'a?b'.");
  });

  it("reads 'sim'/'não' with or without accents, and refuses anything else", () => {
    expect(parseFlag('Sim', false)).toBe(true);
    expect(parseFlag('nao', true)).toBe(false);
    expect(parseFlag('NÃO', true)).toBe(false);
    expect(parseFlag('', true)).toBe(true);
    expect(() => parseFlag('talvez', true)).toThrow("'talvez' não é 'sim' nem 'não'.");
  });

  it('groups the rows of one code into a product with its variants and the category path', () => {
    const parsed = parseSheet(
      sheet(
        {
          Código: 'CAM-1',
          Nome: 'Camiseta',
          SKU: 'CAM',
          Categoria: 'Moda > Camisetas',
          Preço: '59,90',
          Variação: 'Tamanho: P | Cor: Azul',
          'SKU da variação': 'CAM-P-AZ',
          'Preço da variação': '59,90',
        },
        {
          Código: 'CAM-1',
          Variação: 'Tamanho: M | Cor: Azul',
          'SKU da variação': 'CAM-M-AZ',
          Disponível: 'não',
        },
        { Código: 'ARROZ', Nome: 'Arroz 5 kg', SKU: 'ARR5', Categoria: 'Mercearia>Grãos', Preço: '1.234,56' },
      ),
    );
    expect(parsed.refused).toEqual([]);
    expect(parsed.rowCount).toBe(3);
    const [shirt, rice] = parsed.products;
    expect(shirt!.rows).toEqual([2, 3]);
    expect(shirt!.categoryPath).toEqual(['Moda', 'Camisetas']);
    expect(shirt!.input.attributes).toEqual([
      {
        name: 'Tamanho',
        options: [
          { name: 'P', redirectable: false },
          { name: 'M', redirectable: false },
        ],
      },
      { name: 'Cor', options: [{ name: 'Azul', redirectable: false }] },
    ]);
    expect(shirt!.input.variants.map((v) => [v.sku, v.priceCents, v.isAvailable])).toEqual([
      ['CAM-P-AZ', 5990, true],
      ['CAM-M-AZ', 5990, false],
    ]);
    expect(rice!.input).toMatchObject({ code: 'ARROZ', priceCents: 123456, isActive: true, variants: [] });
    expect(rice!.categoryPath).toEqual(['Mercearia', 'Grãos']);
  });

  it('refuses bad rows with the row number, the column and the reason in pt-BR, keeping the good ones', () => {
    const parsed = parseSheet(
      sheet(
        { Código: 'OK', Nome: 'Feijão', SKU: 'F1', Preço: '8,50' },
        { Código: 'P1', Nome: 'Caro', SKU: 'C1', Preço: '12.34' },
        { Código: 'P2', Nome: '', SKU: 'C2', Preço: '1,00' },
        { Código: 'P3', Nome: 'Promo', SKU: 'C3', Preço: '10,00', 'Preço promocional': '11,00' },
        { Nome: 'Sem código', SKU: 'C4', Preço: '1,00' },
        { Código: 'P5', Nome: 'Flag', SKU: 'C5', Preço: '1,00', Ativo: 'talvez' },
      ),
    );
    expect(parsed.products.map((p) => p.input.code)).toEqual(['OK']);
    expect(parsed.refused).toEqual([
      { row: 3, column: 'Preço', message: "'12.34' não é um preço: use o formato 1.234,56." },
      { row: 4, column: 'Nome', message: 'Informe o nome do produto.' },
      { row: 5, column: 'Preço promocional', message: 'O preço promocional deve ser menor que o preço.' },
      { row: 6, column: 'Código', message: 'Informe o código do produto.' },
      { row: 7, column: 'Ativo', message: "'talvez' não é 'sim' nem 'não'." },
    ]);
  });

  it('refuses products sharing a SKU, each naming the rows of the others (issue 38)', () => {
    const parsed = parseSheet(
      sheet(
        { Código: 'CAFE-A', Nome: 'Café A', SKU: 'CAFE500', Preço: '39,90' },
        { Código: 'OK', Nome: 'Feijão', SKU: 'F1', Preço: '8,50' },
        { Código: 'CAFE-B', Nome: 'Café B', SKU: 'CAFE500', Preço: '29,90' },
      ),
    );
    expect(parsed.products.map((p) => p.input.code)).toEqual(['OK']);
    expect(parsed.refused).toEqual([
      { row: 2, column: 'SKU', message: 'SKU "CAFE500" repetido: também na linha 4.' },
      { row: 4, column: 'SKU', message: 'SKU "CAFE500" repetido: também na linha 2.' },
    ]);
  });

  it('points a variant issue at its own row', () => {
    const parsed = parseSheet(
      sheet(
        { Código: 'T', Nome: 'T', SKU: 'T', Preço: '10,00', Variação: 'Cor: Azul', 'SKU da variação': 'T-1' },
        { Código: 'T', Variação: 'Cor: Verde', 'SKU da variação': 'T-1' },
      ),
    );
    expect(parsed.refused).toEqual([
      { row: 3, column: 'SKU da variação', message: 'SKU repetido em outra variação.' },
    ]);
  });

  it('refuses a file without the required columns or without a header', () => {
    expect(() => parseSheet('Código;Nome\nA;B')).toThrow(
      new SheetUnreadable('Colunas obrigatórias ausentes: SKU, Preço.'),
    );
    expect(() => parseSheet('')).toThrow('A planilha está vazia.');
  });

  it('reads a comma-separated file with headers in any case and accents', () => {
    const parsed = parseSheet('codigo,NOME,sku,preco\nA1,Açúcar,A1,"4,99"');
    expect(parsed.products[0]!.input).toMatchObject({ code: 'A1', name: 'Açúcar', priceCents: 499 });
  });

  it("reads the product's 'Vendido e entregue por', also under the old header 'Vendedor' (issue 38)", () => {
    expect(sheetHeader()).toContain('Vendido e entregue por');
    expect(sheetHeader()).not.toContain('Vendedor');
    for (const column of ['Vendido e entregue por', 'Vendedor']) {
      const parsed = parseSheet(`Código;Nome;SKU;Preço;${column}\nA1;Açúcar;A1;4,99;Empório Sabiá`);
      expect(parsed.products[0]!.input.sellerName).toBe('Empório Sabiá');
    }
  });

  it('writes a product so that reading it back gives the same product', () => {
    const shirt = productInput.parse({
      ...shirtBody('CAM-9', null),
      description: '<p>Macia, 100% algodão</p>',
      listPriceCents: 9990,
      promotionalPriceCents: 4990,
      isRestrictedSale: true,
      hasShippingRestriction: true,
      shippingRestrictionMessage: 'Só na capital',
      clusterHighlights: ['Novo', 'Orgânico'],
      offerDescription: '-10% no Pix',
      specifications: [
        { name: 'Tecido', values: ['Algodão', 'Elastano'] },
        { name: 'Gramatura', values: ['160 g/m²'] },
      ],
      subscriptionOffers: [{ recurrenceType: 30, frequency: 1 }],
    });
    const kilo = productInput.parse({
      ...shirtBody('QUEIJO', null),
      description: '<p>Macia</p><ul><li>Fresco</li><li>Do dia</li></ul>', // stored descriptions are sanitised
      name: '=Queijo minas',
      soldInKilo: true,
      amountInKilo: 0.25,
      kilogramPriceCents: 4590,
      attributes: [],
      variants: [],
      isActive: false,
    });
    const csv =
      sheetHeader() + sheetLines([...productRows(shirt, ['Moda', 'Camisetas']), ...productRows(kilo, [])]);
    expect(csv.startsWith('\uFEFFCódigo;Nome;SKU;Categoria')).toBe(true);
    expect(csv).toContain(';99,90;');
    const parsed = parseSheet(Buffer.from(csv));
    expect(parsed.refused).toEqual([]);
    expect(parsed.products.map((p) => p.input)).toEqual([shirt, kilo]);
    expect(parsed.products[0]!.categoryPath).toEqual(['Moda', 'Camisetas']);
    expect(parsed.products.map((p) => p.images)).toEqual([[], []]);
  });

  it("reads 'Imagens' as the product's photo addresses, cover first, and writes them back", () => {
    const own = `/media/photos/${'a'.repeat(32)}-1200.jpg`;
    const cell = `https://cdn.loja.com.br/arroz.jpg | ${own} | https://cdn.loja.com.br/arroz-verso.webp`;
    const parsed = parseSheet(
      sheet(
        { Código: 'A', Nome: 'Arroz', SKU: 'A', Preço: '10,00', Imagens: cell },
        { Código: 'B', Nome: 'Feijão', SKU: 'B', Preço: '8,00' },
      ),
    );
    expect(parsed.refused).toEqual([]);
    const [rice, beans] = parsed.products;
    expect(rice!.images).toEqual([
      'https://cdn.loja.com.br/arroz.jpg',
      own,
      'https://cdn.loja.com.br/arroz-verso.webp',
    ]);
    expect(beans!.images).toEqual([]);
    const written = productRows(rice!.input, [], rice!.images!)[0]!;
    expect(written[SHEET_COLUMNS.indexOf('Imagens')]).toBe(cell);
  });

  it("leaves the photos alone when the sheet has no 'Imagens' column", () => {
    const parsed = parseSheet('Código;Nome;SKU;Preço\nA;Arroz;A;10,00');
    expect(parsed.products[0]!.images).toBeNull();
  });

  it("refuses in pt-BR, by row and column, an 'Imagens' cell that is not a list of https addresses", () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `https://cdn.loja.com.br/${i}.jpg`).join(' | ');
    const parsed = parseSheet(
      sheet(
        { Código: 'A', Nome: 'A', SKU: 'A', Preço: '1,00', Imagens: 'arroz-frente.jpg' },
        { Código: 'B', Nome: 'B', SKU: 'B', Preço: '1,00', Imagens: 'http://cdn.loja.com.br/b.jpg' },
        { Código: 'C', Nome: 'C', SKU: 'C', Preço: '1,00', Imagens: eleven },
        {
          Código: 'D',
          Nome: 'D',
          SKU: 'D',
          Preço: '1,00',
          Imagens: 'https://x.com.br/a.jpg | https://x.com.br/a.jpg',
        },
        { Código: 'E', Nome: 'E', SKU: 'E', Preço: '1,00', Imagens: 'javascript:alert(1)' },
        { Código: 'F', Nome: 'F', SKU: 'F', Preço: '1,00', Imagens: '/media/photos/../segredo.jpg' },
      ),
    );
    expect(parsed.products).toEqual([]);
    expect(parsed.refused).toEqual([
      {
        row: 2,
        column: 'Imagens',
        message:
          "'arroz-frente.jpg' é um nome de arquivo: envie essa foto no editor do produto ou informe o endereço https da imagem.",
      },
      {
        row: 3,
        column: 'Imagens',
        message:
          "'http://cdn.loja.com.br/b.jpg' não é um endereço de imagem válido: use https:// ou uma foto enviada no editor.",
      },
      { row: 4, column: 'Imagens', message: "Informe no máximo 10 imagens, separadas por ' | '." },
      { row: 5, column: 'Imagens', message: 'A mesma imagem aparece duas vezes.' },
      {
        row: 6,
        column: 'Imagens',
        message:
          "'javascript:alert(1)' não é um endereço de imagem válido: use https:// ou uma foto enviada no editor.",
      },
      {
        row: 7,
        column: 'Imagens',
        message:
          "'/media/photos/../segredo.jpg' não é um endereço de imagem válido: use https:// ou uma foto enviada no editor.",
      },
    ]);
  });
});
