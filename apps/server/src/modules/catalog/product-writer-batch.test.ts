import { expect, it } from 'vitest';
import { productInput, type ProductInput } from '@vitrine/contracts/console-catalog';
import { seedDemo } from '../../db/seed/demo.ts';
import { shirtBody } from '../../test/catalog-kit.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { ensureCategoryPath } from './category-writer.ts';
import { readProductInputs } from './product-input.ts';
import { saveProductIn, saveProductsIn } from './product-writer.ts';

/** A Tamanho × Cor shirt through the contract (defaults applied, description sanitised on save). */
const shirt = (code: string, categoryCode: string | null, priceCents = 5990): ProductInput =>
  productInput.parse({ ...shirtBody(code, categoryCode, priceCents), description: '<p>Macia</p>' });

describeEachDb(
  'catalogue writer, in batches',
  (ctx) => {
    const shopId = async () =>
      (await ctx().db.query<{ id: string }>(`select id from shops where slug = 'moda'`))[0]!.id;

    it('saves a batch as one by one would: the same rows and, per product, the parts changed', async () => {
      const shop = await shopId();
      const category = await ensureCategoryPath(ctx().db, shop, ['Lote', 'Camisetas']);
      const batch = ['LOTE-1', 'LOTE-2', 'LOTE-3'].map((code) => shirt(code, category));
      const first = await ctx().db.transaction((tx) => saveProductsIn(tx, shop, batch, 'upsert'));
      expect(first.map((s) => s.changes)).toEqual([['created'], ['created'], ['created']]);
      // the same products saved one by one under other codes are stored in the same shape
      await ctx().db.transaction((tx) => saveProductIn(tx, shop, shirt('SOLO-1', category), 'upsert'));
      const stored = await readProductInputs(ctx().db, shop, ['LOTE-2', 'SOLO-1']);
      const { code: _a, sku: _b, variants: lote, ...batchRest } = stored.get('LOTE-2')!.input;
      const { code: _c, sku: _d, variants: solo, ...soloRest } = stored.get('SOLO-1')!.input;
      expect(batchRest).toEqual(soloRest);
      expect(lote.map((v) => [v.options, v.priceCents, v.isAvailable])).toEqual(
        solo.map((v) => [v.options, v.priceCents, v.isAvailable]),
      );

      const next = [
        shirt('LOTE-1', category),
        shirt('LOTE-2', category, 6490),
        { ...shirt('LOTE-3', category), attributes: [], variants: [] },
        shirt('LOTE-4', null),
      ];
      const second = await ctx().db.transaction((tx) => saveProductsIn(tx, shop, next, 'upsert'));
      expect(second.map((s) => [s.code, s.changes])).toEqual([
        ['LOTE-1', []],
        ['LOTE-2', ['price', 'variants']],
        ['LOTE-3', ['attributes', 'variants']],
        ['LOTE-4', ['created']],
      ]);
      const after = await readProductInputs(ctx().db, shop, ['LOTE-2', 'LOTE-3']);
      expect(after.get('LOTE-2')!.input.priceCents).toBe(6490);
      expect(after.get('LOTE-3')!.input).toMatchObject({ attributes: [], variants: [] });
      const [{ n }] = (await ctx().db.query<{ n: number }>(
        `select count(*)::int as n from attribute_options o join product_attributes a on a.id = o.attribute_id
          where a.product_id = $1`,
        [after.get('LOTE-3')!.id],
      )) as [{ n: number }];
      expect(n).toBe(0);
    });

    it('refuses the whole batch when one product names an unknown category, writing nothing', async () => {
      const shop = await shopId();
      const batch = [shirt('RUIM-1', null), shirt('RUIM-2', 'nao-existe')];
      await expect(ctx().db.transaction((tx) => saveProductsIn(tx, shop, batch, 'upsert'))).rejects.toThrow(
        'Categoria não encontrada nesta loja.',
      );
      expect((await readProductInputs(ctx().db, shop, ['RUIM-1'])).size).toBe(0);
    });
  },
  {
    setup: async (db) => {
      await seedDemo(db);
    },
  },
);
