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
    // Generated SKUs are in one case, whatever the case of the product's SKU and the options (issue 38).
    expect(grid[0]).toMatchObject({ sku: 'CAM-P-AZUL', priceCents: 5000, isAvailable: true });
    expect(syncVariants([size, colour], [], { ...product, sku: 'avt' })[1]!.sku).toBe('AVT-P-VERDE');
  });

  it('keeps the cells a person edited when an option is added, and drops a removed option’s row', () => {
    const grid = syncVariants([size], [], product);
    grid[1] = { ...grid[1]!, sku: 'MEU-M', priceCents: 6100, isAvailable: false };
    const withG = syncVariants([{ ...size, options: [...size.options, { name: 'G' }] }], grid, product);
    expect(withG.map((v) => [v.sku, v.priceCents, v.isAvailable])).toEqual([
      ['CAM-P', 5000, true],
      ['MEU-M', 6100, false],
      ['CAM-G', 5000, true],
    ]);
    const withoutP = syncVariants([{ ...size, options: [{ name: 'M' }, { name: 'G' }] }], withG, product);
    expect(withoutP.map((v) => v.sku)).toEqual(['MEU-M', 'CAM-G']);
  });

  it('lends a row’s price to the rows it becomes when a second attribute gets options', () => {
    const grid = syncVariants([size], [], product);
    grid[1] = { ...grid[1]!, priceCents: 6100 };
    const colour = { name: 'Cor', options: [{ name: 'Azul' }] };
    expect(syncVariants([size, colour], grid, product).map((v) => [v.sku, v.priceCents])).toEqual([
      ['CAM-P-AZUL', 5000],
      ['CAM-M-AZUL', 6100],
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
      [{ Tamanho: 'PP' }, 4500, 'CAM-PP'],
      [{ Tamanho: 'GG' }, 5000, 'MEU-M'],
    ]);
    const attribute = renameInVariants(kept, 'Tamanho', { attribute: 'Numeração' });
    expect(attribute[0]!.options).toEqual({ Numeração: 'PP' });
  });
});
