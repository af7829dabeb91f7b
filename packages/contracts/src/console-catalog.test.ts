import { describe, expect, it } from 'vitest';
import { codesFromName, optionCombinations, productInput, slugify, variantCode } from './console-catalog.ts';

const base = {
  code: 'ARROZ-5',
  sku: 'ARZ5',
  name: 'Arroz 5kg',
  description: null,
  brandName: null,
  sellerName: null,
  categoryCode: null,
  priceCents: 2500,
  listPriceCents: null,
  promotionalPriceCents: null,
  isActive: true,
  isRestrictedSale: false,
  hasShippingRestriction: false,
  shippingRestrictionMessage: null,
  soldInKilo: false,
  amountInKilo: null,
  kilogramPriceCents: null,
  clusterHighlights: [],
  offerDescription: null,
  specifications: [],
  subscriptionOffers: [],
  attributes: [],
  variants: [],
};

const messages = (input: object) => {
  const result = productInput.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('product input contract', () => {
  it('accepts a plain product and trims its texts', () => {
    expect(productInput.parse({ ...base, brandName: '  ' }).brandName).toBe('');
  });

  it('says in pt-BR, at the field, what to correct', () => {
    expect(messages({ ...base, name: ' ', priceCents: -1 })).toEqual({
      name: 'Informe o nome do produto.',
      priceCents: 'Preço não pode ser negativo.',
    });
    expect(messages({ ...base, promotionalPriceCents: 2500 })).toEqual({
      promotionalPriceCents: 'O preço promocional deve ser menor que o preço.',
    });
    expect(messages({ ...base, soldInKilo: true, amountInKilo: 0.0005 })).toEqual({
      amountInKilo: 'Use no máximo 3 casas decimais (gramas).',
      kilogramPriceCents: 'Informe o preço por kg.',
    });
    expect(messages({ ...base, hasShippingRestriction: true })).toEqual({
      shippingRestrictionMessage: 'Informe a mensagem da restrição de entrega.',
    });
    expect(messages({ ...base, code: 'a b' })).toEqual({
      code: 'Código inválido: use letras, números, ponto, hífen ou sublinhado.',
    });
    expect(messages({ ...base, subscriptionOffers: [{ recurrenceType: 15, frequency: 0 }] })).toEqual({
      'subscriptionOffers.0.recurrenceType': 'Escolha a recorrência: diária, semanal, mensal ou anual.',
      'subscriptionOffers.0.frequency': 'A frequência deve ser ao menos 1.',
    });
  });

  it('checks the variant grid against the attributes', () => {
    const attributes = [
      { name: 'Tamanho', options: [{ name: 'P' }, { name: 'M' }] },
      { name: 'Cor', options: [{ name: 'Azul' }] },
    ];
    const variant = (options: Record<string, string>, sku: string) => ({
      options,
      sku,
      priceCents: 100,
      promotionalPriceCents: null,
      isAvailable: true,
    });
    expect(
      messages({
        ...base,
        attributes,
        variants: [
          variant({ Tamanho: 'P', Cor: 'Azul' }, 'A'),
          variant({ tamanho: 'p', cor: 'azul' }, 'B'),
          variant({ Tamanho: 'G', Cor: 'Azul' }, 'A'),
        ],
      }),
    ).toEqual({
      'variants.1.options': 'Variação repetida.',
      'variants.2.options': 'Escolha uma opção de cada atributo.',
      'variants.2.sku': 'SKU repetido em outra variação.',
    });
    expect(messages({ ...base, attributes })).toEqual({ variants: 'Gere as variações a partir das opções.' });
    expect(
      messages({ ...base, attributes: [{ name: 'Cor', options: [{ name: 'Azul' }, { name: 'azul' }] }] }),
    ).toMatchObject({ 'attributes.0.options.1.name': 'Opção repetida.' });
  });

  it('generates the grid and stable variant codes from names', () => {
    const attributes = productInput.shape.attributes.parse([
      { name: 'Tamanho', options: [{ name: 'P' }, { name: 'M' }] },
      { name: 'Cor', options: [{ name: 'Azul Marinho' }] },
    ]);
    expect(optionCombinations(attributes)).toEqual([
      { Tamanho: 'P', Cor: 'Azul Marinho' },
      { Tamanho: 'M', Cor: 'Azul Marinho' },
    ]);
    expect(variantCode({ Cor: 'Azul Marinho', Tamanho: 'P' }, attributes)).toBe('p-azul-marinho');
    expect(slugify('Pão de Açúcar!')).toBe('pao-de-acucar');
  });

  it('proposes a new product’s code and SKU from its name, valid and within 60 characters (issue 38)', () => {
    expect(codesFromName('Café Especial Torrado 500 g')).toEqual({
      code: 'cafe-especial-torrado-500-g',
      sku: 'CAFE-ESPECIAL-TORRADO-500-G',
    });
    expect(codesFromName('  ')).toEqual({ code: '', sku: '' });
    const long = codesFromName('Arroz '.repeat(12));
    expect(long.code.length).toBeLessThanOrEqual(60);
    expect(productInput.shape.code.parse(long.code)).toBe(long.code);
    expect(long.code.endsWith('-')).toBe(false);
  });
});
