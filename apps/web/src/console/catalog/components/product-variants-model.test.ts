import { describe, expect, it } from 'vitest';
import { renameInVariants, syncVariants } from './product-variants-model';

const size = { name: 'Tamanho', options: [{ name: 'P' }, { name: 'M' }] };
const product = { sku: 'CAM', priceCents: 5000 };

describe('the variant grid follows the attributes', () => {
  it('is the cartesian product of the options, new rows from the product', () => {
    const colour = { name: 'Cor', options: [{ name: 'Azul' }, { name: 'Verde' }] };
    const grid = syncVariants([size, colour], [], product);
    expect(grid.map((v) => v.options)).toEqual([
      { Tamanho: 'P', Cor: 'Azul' },
      { Tamanho: 'P', Cor: 'Verde' },
      { Tamanho: 'M', Cor: 'Azul' },
      { Tamanho: 'M', Cor: 'Verde' },
    ]);
    expect(grid[0]).toMatchObject({ sku: 'CAM-p-azul', priceCents: 5000, isAvailable: true });
  });

  it('keeps the cells a person edited when an option is added, and drops a removed option’s row', () => {
    const grid = syncVariants([size], [], product);
    grid[1] = { ...grid[1]!, sku: 'MEU-M', priceCents: 6100, isAvailable: false };
    const withG = syncVariants([{ ...size, options: [...size.options, { name: 'G' }] }], grid, product);
    expect(withG.map((v) => [v.sku, v.priceCents, v.isAvailable])).toEqual([
      ['CAM-p', 5000, true],
      ['MEU-M', 6100, false],
      ['CAM-g', 5000, true],
    ]);
    const withoutP = syncVariants([{ ...size, options: [{ name: 'M' }, { name: 'G' }] }], withG, product);
    expect(withoutP.map((v) => v.sku)).toEqual(['MEU-M', 'CAM-g']);
  });

  it('lends a row’s price to the rows it becomes when a second attribute gets options', () => {
    const grid = syncVariants([size], [], product);
    grid[1] = { ...grid[1]!, priceCents: 6100 };
    const colour = { name: 'Cor', options: [{ name: 'Azul' }] };
    expect(syncVariants([size, colour], grid, product).map((v) => [v.sku, v.priceCents])).toEqual([
      ['CAM-p-azul', 5000],
      ['CAM-m-azul', 6100],
    ]);
    expect(syncVariants([size, { name: 'Cor', options: [] }], grid, product)).toEqual(grid);
  });

  it('keeps a row when its option or attribute is renamed', () => {
    const grid = syncVariants([size], [], product);
    grid[0] = { ...grid[0]!, priceCents: 4500 };
    grid[1] = { ...grid[1]!, sku: 'MEU-M' };
    const after = [{ ...size, options: [{ name: 'PP' }, { name: 'GG' }] }];
    const renamed = renameInVariants(
      renameInVariants(grid, 'Tamanho', {
        option: { from: 'P', to: 'PP' },
        sku: {
          product: 'CAM',
          before: [size],
          after: [{ ...size, options: [{ name: 'PP' }, { name: 'M' }] }],
        },
      }),
      'Tamanho',
      { option: { from: 'M', to: 'GG' }, sku: { product: 'CAM', before: [size], after } },
    );
    const kept = syncVariants(after, renamed, product);
    // a generated SKU follows the new name; one the person typed stays
    expect(kept.map((v) => [v.options, v.priceCents, v.sku])).toEqual([
      [{ Tamanho: 'PP' }, 4500, 'CAM-pp'],
      [{ Tamanho: 'GG' }, 5000, 'MEU-M'],
    ]);
    const attribute = renameInVariants(kept, 'Tamanho', { attribute: 'Numeração' });
    expect(attribute[0]!.options).toEqual({ Numeração: 'PP' });
  });
});
