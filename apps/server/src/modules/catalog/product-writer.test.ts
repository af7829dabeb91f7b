import { expect, it } from 'vitest';
import type { Product } from '@vitrine/contracts/catalog';
import { optionCombinations, productInput, type ProductInput } from '@vitrine/contracts/console-catalog';
import { seedDemo } from '../../db/seed/demo.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { client, names, searchText } from '../../test/catalog-support.ts';
import { ensureCategoryPath } from './category-writer.ts';
import { readProductInputs } from './product-input.ts';
import { saveProduct } from './product-writer.ts';

const attributes = [
  { name: 'Tamanho', options: [{ name: 'P' }, { name: 'M' }] },
  { name: 'Cor', options: [{ name: 'Azul Marinho', redirectable: true }, { name: 'Verde' }] },
];

/** A Tamanho × Cor shirt as the console's editor sends it (through the contract, so defaults apply). */
function shirt(code: string, categoryCode: string | null, extra: Partial<ProductInput> = {}): ProductInput {
  const grid = optionCombinations(productInput.shape.attributes.parse(attributes));
  return productInput.parse({
    code,
    sku: `SKU-${code}`,
    name: 'Camiseta Algodão Orgânico',
    description: '<p>Macia <strong>e leve</strong></p><script>alert(1)</script><img src=x onerror=alert(1)>',
    brandName: 'Malharia Sul',
    sellerName: null,
    categoryCode,
    priceCents: 5990,
    listPriceCents: 7990,
    promotionalPriceCents: null,
    isActive: true,
    isRestrictedSale: false,
    hasShippingRestriction: false,
    shippingRestrictionMessage: null,
    soldInKilo: false,
    amountInKilo: null,
    kilogramPriceCents: null,
    clusterHighlights: ['Novidade'],
    offerDescription: null,
    specifications: [{ name: 'Tecido', values: ['Algodão'] }],
    subscriptionOffers: [
      { recurrenceType: 30, frequency: 1 },
      { recurrenceType: 20, frequency: 2 },
    ],
    attributes,
    variants: grid.map((options, i) => ({
      options,
      sku: `SKU-${code}-${i}`,
      priceCents: 5990 + i * 100,
      promotionalPriceCents: null,
      isAvailable: i !== 3,
    })),
    ...extra,
  });
}

describeEachDb(
  'catalogue writer',
  (ctx) => {
    const shopId = async () =>
      (await ctx().db.query<{ id: string }>(`select id from shops where slug = 'moda'`))[0]!.id;

    it('creates a category path once: the same path, without accents or case, finds it again', async () => {
      const shop = await shopId();
      const code = await ensureCategoryPath(ctx().db, shop, ['Roupas Novas', 'Camisetas Básicas']);
      expect(await ensureCategoryPath(ctx().db, shop, ['roupas novas', 'camisetas basicas'])).toBe(code);
      const [row] = await ctx().db.query<{ name: string; parent: string }>(
        `select c.name, p.name as parent from categories c join categories p on p.id = c.parent_id
          where c.shop_id = $1 and c.provider_id = $2`,
        [shop, code],
      );
      expect(row).toEqual({ name: 'Camisetas Básicas', parent: 'Roupas Novas' });
    });

    it('creates a Tamanho × Cor product the storefront shows and finds by an accent-free, misspelled search', async () => {
      const shop = await shopId();
      const category = await ensureCategoryPath(ctx().db, shop, ['Roupas Novas', 'Camisetas Básicas']);
      const saved = await saveProduct(ctx().db, shop, shirt('CAM-1', category), 'create');
      expect(saved.changes).toEqual(['created']);

      const moda = await client(ctx, 'moda');
      const detail = await moda.get<Product>('/api/catalog/products/CAM-1');
      expect(detail.status).toBe(200);
      expect(detail.data).toMatchObject({
        name: 'Camiseta Algodão Orgânico',
        description: '<p>Macia <strong>e leve</strong></p>',
        price: 59.9,
        listPrice: 79.9,
        hasVariants: true,
        minPrice: 59.9,
        maxPrice: 61.9,
        clusterHighlights: ['Novidade'],
        specification: [{ name: 'Tecido', value: ['Algodão'] }],
        subscriptionOffers: [
          { recurrenceType: 20, frequency: 2 },
          { recurrenceType: 30, frequency: 1 },
        ],
      });
      expect(detail.data.attributes).toEqual([
        {
          providerId: 'tamanho',
          name: 'Tamanho',
          options: [
            { providerId: 'p', name: 'P', redirectable: false },
            { providerId: 'm', name: 'M', redirectable: false },
          ],
        },
        {
          providerId: 'cor',
          name: 'Cor',
          options: [
            { providerId: 'azul-marinho', name: 'Azul Marinho', redirectable: true },
            { providerId: 'verde', name: 'Verde', redirectable: false },
          ],
        },
      ]);
      expect(detail.data.dimensions.map((d) => [d.providerId, d.map, d.isAvailable])).toEqual([
        ['p-azul-marinho', { tamanho: 'p', cor: 'azul-marinho' }, true],
        ['p-verde', { tamanho: 'p', cor: 'verde' }, true],
        ['m-azul-marinho', { tamanho: 'm', cor: 'azul-marinho' }, true],
        ['m-verde', { tamanho: 'm', cor: 'verde' }, false],
      ]);
      expect(names((await searchText(moda, 'camizeta algodao organico')).data)).toContain(
        'Camiseta Algodão Orgânico',
      );
      expect(names((await searchText(moda, 'malharia')).data)).toContain('Camiseta Algodão Orgânico');
    });

    it('saving what is stored changes nothing; a change writes only its part', async () => {
      const shop = await shopId();
      const stamp = async () =>
        (
          await ctx().db.query<{ updated_at: Date }>(
            `select updated_at from products where shop_id = $1 and provider_id = 'CAM-1'`,
            [shop],
          )
        )[0]!.updated_at.getTime();
      const category = await ensureCategoryPath(ctx().db, shop, ['Roupas Novas', 'Camisetas Básicas']);
      const before = await stamp();
      expect((await saveProduct(ctx().db, shop, shirt('CAM-1', category), 'upsert')).changes).toEqual([]);
      expect(await stamp()).toBe(before);

      const stored = (await readProductInputs(ctx().db, shop, ['CAM-1'])).get('CAM-1')!.input;
      expect((await saveProduct(ctx().db, shop, stored, 'update')).changes).toEqual([]);

      const cheaper = { ...stored, priceCents: 4990 };
      expect((await saveProduct(ctx().db, shop, cheaper, 'update')).changes).toEqual(['price']);
      const variantIds = async () =>
        ctx().db.query<{ id: string }>(
          `select v.id from product_variants v join products p on p.id = v.product_id
            where p.shop_id = $1 and p.provider_id = 'CAM-1' order by v.position`,
          [shop],
        );
      const ids = await variantIds();
      const withoutVerde = {
        ...cheaper,
        attributes: [
          cheaper.attributes[0]!,
          { name: 'Cor', options: [{ name: 'Azul Marinho', redirectable: true }] },
        ],
        variants: cheaper.variants.filter((v) => v.options.Cor !== 'Verde'),
      };
      expect((await saveProduct(ctx().db, shop, withoutVerde, 'update')).changes).toEqual([
        'attributes',
        'variants',
      ]);
      // the remaining variants keep their rows (order lines point at them)
      expect((await variantIds()).map((v) => v.id)).toEqual([ids[0]!.id, ids[2]!.id]);
      const moda = await client(ctx, 'moda');
      const facetsOf = await moda.get<Product>('/api/catalog/products/CAM-1');
      expect(facetsOf.data.attributes[1]!.options.map((o) => o.name)).toEqual(['Azul Marinho']);
    });

    it('refuses a taken code on create, an unknown product on update and a category of no shop', async () => {
      const shop = await shopId();
      await expect(saveProduct(ctx().db, shop, shirt('CAM-1', null), 'create')).rejects.toMatchObject({
        status: 409,
        message: 'Já existe um produto com o código "CAM-1".',
      });
      await expect(saveProduct(ctx().db, shop, shirt('CAM-404', null), 'update')).rejects.toMatchObject({
        status: 404,
        message: 'Produto não encontrado nesta loja.',
      });
      const other = (
        await ctx().db.query<{ id: string }>(`select id from shops where slug = 'hortifruti'`)
      )[0]!.id;
      const foreign = await ensureCategoryPath(ctx().db, other, ['Só da Horti']);
      await expect(saveProduct(ctx().db, shop, shirt('CAM-2', foreign), 'create')).rejects.toMatchObject({
        status: 422,
        message: 'Categoria não encontrada nesta loja.',
      });
      expect((await readProductInputs(ctx().db, shop, ['CAM-2', 'CAM-404'])).size).toBe(0);
    });
  },
  {
    setup: async (db) => {
      await seedDemo(db);
    },
  },
);
