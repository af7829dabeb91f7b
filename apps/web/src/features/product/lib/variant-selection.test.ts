import { describe, expect, it } from 'vitest';
import type { Product } from '@vitrine/contracts/catalog';
import {
  clickOption,
  currentVariant,
  initialSelection,
  isOptionEnabled,
  narrowVariants,
  selectionAttributes,
  visibleAttributes,
  type Dimension,
} from './variant-selection';

const dim = (size: string, colour: string, isAvailable = true, price = 50): Dimension => ({
  providerId: `V-${size}-${colour}`,
  map: { tamanho: size, cor: colour },
  image: { url: `/img/${colour}.svg` },
  priceDefault: price,
  promotionalPrice: null,
  sku: `SKU-${size}-${colour}`,
  isAvailable,
});

const option = (id: string, redirectable = false) => ({
  providerId: id,
  name: id.toUpperCase(),
  redirectable,
});

function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    providerId: 'P1',
    attributes: [
      { providerId: 'tamanho', name: 'Tamanho', options: [option('p'), option('m'), option('g')] },
      { providerId: 'cor', name: 'Cor', options: [option('preto'), option('azul', true)] },
    ],
    dimensions: [
      dim('p', 'preto'),
      dim('m', 'preto', false),
      dim('g', 'preto', true, 60),
      dim('p', 'azul', false),
      dim('m', 'azul'),
    ],
    currentDimension: null,
    ...overrides,
  } as Product;
}

describe('variant narrowing', () => {
  const product = makeProduct();

  it('narrows the variants to those agreeing with the selection', () => {
    expect(narrowVariants(product.dimensions, { tamanho: 'm' }).map((d) => d.providerId)).toEqual([
      'V-m-preto',
      'V-m-azul',
    ]);
  });

  it('disables options no available variant offers with the rest of the selection', () => {
    expect(isOptionEnabled(product.dimensions, {}, 'tamanho', 'p')).toBe(true);
    expect(isOptionEnabled(product.dimensions, { cor: 'preto' }, 'tamanho', 'm')).toBe(false);
    expect(isOptionEnabled(product.dimensions, { cor: 'azul' }, 'tamanho', 'm')).toBe(true);
    expect(isOptionEnabled(product.dimensions, { cor: 'azul' }, 'tamanho', 'g')).toBe(false);
    // The attribute's own current choice does not narrow its options.
    expect(isOptionEnabled(product.dimensions, { tamanho: 'p' }, 'tamanho', 'g')).toBe(true);
  });

  it('leaves options of attributes no variant is keyed on enabled', () => {
    expect(isOptionEnabled([], {}, 'tamanho', 'x')).toBe(true);
  });
});

describe('current variant', () => {
  const product = makeProduct();
  const attributes = visibleAttributes(product, false);

  it('is null until every visible attribute is chosen', () => {
    expect(currentVariant(product, attributes, { tamanho: 'g' })).toBeNull();
  });

  it('is the matching available variant once all are chosen', () => {
    expect(currentVariant(product, attributes, { tamanho: 'g', cor: 'preto' })?.sku).toBe('SKU-g-preto');
  });

  it('is null when the matching variant is unavailable', () => {
    expect(currentVariant(product, attributes, { tamanho: 'm', cor: 'preto' })).toBeNull();
  });

  it('with hidden attributes, is the product currentDimension or the first available variant', () => {
    expect(visibleAttributes(product, true)).toEqual([]);
    expect(currentVariant(product, [], {})?.providerId).toBe('V-p-preto');
    const chosen = makeProduct({ currentDimension: dim('m', 'azul') });
    expect(currentVariant(chosen, [], {})?.providerId).toBe('V-m-azul');
  });

  it('starts from the currentDimension the server chose (redirected variant)', () => {
    const redirected = makeProduct({ currentDimension: dim('m', 'azul') });
    expect(initialSelection(redirected, attributes)).toEqual({ tamanho: 'm', cor: 'azul' });
    expect(initialSelection(makeProduct(), attributes)).toEqual({});
  });
});

describe('clicking an option', () => {
  const product = makeProduct();
  const [size, colour] = product.attributes as [Product['attributes'][0], Product['attributes'][0]];

  it('selects an enabled option', () => {
    expect(clickOption(product, {}, 'tamanho', size.options[0]!)).toEqual({
      kind: 'select',
      selection: { tamanho: 'p' },
    });
  });

  it('deselects the selected option', () => {
    expect(clickOption(product, { tamanho: 'p', cor: 'preto' }, 'tamanho', size.options[0]!)).toEqual({
      kind: 'deselect',
      selection: { cor: 'preto' },
    });
  });

  it('ignores a disabled option', () => {
    expect(clickOption(product, { cor: 'preto' }, 'tamanho', size.options[1]!)).toEqual({ kind: 'ignore' });
  });

  it('redirects a redirectable option to the combined product id', () => {
    expect(clickOption(product, {}, 'cor', colour.options[1]!)).toEqual({
      kind: 'redirect',
      productId: 'P1Variant=azul',
    });
  });

  it('turns the selection into order-line attributes in attribute order', () => {
    expect(selectionAttributes(product.attributes, { cor: 'azul', tamanho: 'm' })).toEqual([
      { providerId: 'tamanho', optionProviderId: 'm', redirectable: false },
      { providerId: 'cor', optionProviderId: 'azul', redirectable: true },
    ]);
  });
});
