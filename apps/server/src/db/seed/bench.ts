import type { Db, Queryable } from '../client.ts';
import { flushSearchIndexes } from '../../modules/catalog/service.ts';
import {
  BENCH_FASHION_NODE,
  BENCH_SELLERS,
  EXTRA_BRANDS,
  FASHION_QUALIFIERS,
  FRESH_QUALIFIERS,
  ORIGINS,
  PACK_FACTORS,
  PACKS,
  QUALIFIERS,
  benchFashionCategory,
} from './tables/bench-words.ts';
import {
  HORTIFRUTI_TREE,
  PICKUP_ONLY_CATEGORIES,
  PICKUP_ONLY_MESSAGE,
  RESTRICTED_CATEGORIES,
} from './tables/hortifruti-categories.ts';
import { FRESH_ITEMS } from './tables/hortifruti-fresh.ts';
import { GROCERY_LINES } from './tables/hortifruti-grocery.ts';
import { COLOURS, SIZE_SETS } from './tables/moda-categories.ts';
import { PIECES } from './tables/moda-pieces.ts';
import { variantsOf } from './moda.ts';
import { BENCH_OFFERS, benchShopHeader } from './shops.ts';
import { flattenTree, product, subcategory, type TreeNode } from './tree.ts';
import type { SeededShop, SeedAttribute, SeedProduct } from './types.ts';
import { at, hashString, productImageUrls, seededRandom, shelfPrice } from './util.ts';
import { insertCategories, insertCollections, insertProducts, insertShop } from './write.ts';

export interface BenchOptions {
  /** Number of products to generate (1 … 1 000 000). */
  products: number;
  slug: string;
}

export interface BenchResult {
  shop: SeededShop;
  /** Products of the shop in the database (the existing count when nothing was created). */
  products: number;
  elapsedMs: number;
}

/** Products generated and written per step; each step issues INSERTs of at most 1000 rows. */
const CHUNK = 2000;
const MAX_PRODUCTS = 1_000_000;
const OFFERS_SIZE = 500;
const TREE: readonly TreeNode[] = [...HORTIFRUTI_TREE, BENCH_FASHION_NODE];

/**
 * Product `i` of the benchmark catalogue. Of every 20 products one is a sized/coloured piece with
 * variants, three are fresh items (mostly sold by the kilo) and sixteen are packaged goods; names are
 * combined from the demo lists and the word lists so that they stay realistic and mostly distinct.
 */
function benchProduct(i: number, random: () => number): SeedProduct {
  const slot = i % 20;
  const round = Math.floor(i / 20);
  const providerId = `P${i + 1}`;
  const common = {
    providerId,
    sku: `BN-${i + 1}`,
    sellerName: at(BENCH_SELLERS, i),
    isActive: i % 53 !== 7,
    ranking: Math.floor(random() * 10_000),
  };
  const withPromo = (p: SeedProduct): SeedProduct => {
    if (i % 7 === 3) p.promotionalPriceCents = Math.max(0, shelfPrice(p.priceCents * 0.85) - 10);
    const { top, child } = subcategory(TREE, p.categoryProviderId);
    p.description ??= `${p.name}. ${child.blurb}`;
    if (p.images.length === 0) p.images = productImageUrls(p.name, i % 3 === 0 ? 2 : 1, top.palette);
    p.isRestrictedSale = RESTRICTED_CATEGORIES.has(p.categoryProviderId);
    p.shippingRestrictionMessage = PICKUP_ONLY_CATEGORIES.has(p.categoryProviderId)
      ? PICKUP_ONLY_MESSAGE
      : null;
    return p;
  };

  if (slot === 0) {
    const [category, base, priceCents, sizeSet, colours, composition] = at(PIECES, round);
    const qualifier = at(FASHION_QUALIFIERS, Math.floor(round / PIECES.length));
    const name = [base, qualifier].filter(Boolean).join(' ');
    const sizes = SIZE_SETS[sizeSet];
    const shades = colours.slice(0, 2);
    const attributes: SeedAttribute[] = [];
    if (sizes.length) {
      attributes.push({
        providerId: 'tamanho',
        name: 'Tamanho',
        options: sizes.map((s) => ({ providerId: s, name: s })),
      });
    }
    if (shades.length) {
      attributes.push({
        providerId: 'cor',
        name: 'Cor',
        options: shades.map((c) => ({ providerId: c, name: COLOURS[c][0] })),
      });
    }
    const p = product({
      ...common,
      name,
      brandName: at(EXTRA_BRANDS, round),
      categoryProviderId: benchFashionCategory(category),
      priceCents,
      attributes,
      specifications: i % 3 === 0 ? [{ name: 'Composição', value: [composition] }] : [],
    });
    p.variants = attributes.length ? variantsOf(random, p, sizes, shades) : [];
    if (shades.length)
      p.images = productImageUrls(
        name,
        i % 3 === 0 ? 2 : 1,
        shades.map((c) => COLOURS[c][1]),
      );
    return withPromo(p);
  }

  if (slot <= 3) {
    const f = round * 3 + slot - 1;
    const [base, category, priceCents, amountInKilo, highlights = [], origin = 'Brasil'] = at(FRESH_ITEMS, f);
    const k = Math.floor(f / FRESH_ITEMS.length);
    const qualifier = at(FRESH_QUALIFIERS, k);
    const region = at(ORIGINS, Math.floor(k / FRESH_QUALIFIERS.length));
    const name = [base, qualifier, region].filter(Boolean).join(' ');
    return withPromo(
      product({
        ...common,
        name,
        categoryProviderId: category,
        priceCents: amountInKilo === null ? priceCents : Math.round(priceCents * amountInKilo),
        kilo: amountInKilo === null ? null : { amountInKilo, kilogramPriceCents: priceCents },
        clusterHighlights: [...highlights],
        specifications: i % 3 === 0 ? [{ name: 'Origem', value: [origin] }] : [],
      }),
    );
  }

  const g = round * 16 + slot - 4;
  const line = at(GROCERY_LINES, g);
  const brands = [...line.brands, ...EXTRA_BRANDS];
  let k = Math.floor(g / GROCERY_LINES.length);
  const brand = at(brands, k);
  k = Math.floor(k / brands.length);
  const [size, sizePrice] = at(line.sizes, k);
  k = Math.floor(k / line.sizes.length);
  const qualifierIndex = k % QUALIFIERS.length;
  const packIndex = Math.floor(k / QUALIFIERS.length) % PACKS.length;
  const name = [line.base, at(QUALIFIERS, qualifierIndex), brand, size, at(PACKS, packIndex)]
    .filter(Boolean)
    .join(' ');
  const shift = 1 + (((hashString(brand) % 5) - 2) * 0.05 + (qualifierIndex % 4) * 0.06);
  return withPromo(
    product({
      ...common,
      name,
      brandName: brand,
      categoryProviderId: line.category,
      priceCents: shelfPrice(sizePrice * shift * at(PACK_FACTORS, packIndex)),
      clusterHighlights: [...(line.highlights ?? [])],
      offerDescription: line.offer ?? null,
      specifications:
        i % 3 === 0
          ? [
              { name: 'Marca', value: [brand] },
              { name: 'Conteúdo', value: [size] },
            ]
          : [],
      subscriptions:
        line.subscription && i % 2 === 0
          ? [
              { recurrenceType: 20, frequency: 1 },
              { recurrenceType: 30, frequency: 1 },
            ]
          : [],
    }),
  );
}

async function countProducts(q: Queryable, shopId: string): Promise<number> {
  const [row] = await q.query<{ n: number | string }>(
    'select count(*) as n from products where shop_id = $1',
    [shopId],
  );
  return Number(row?.n ?? 0);
}

/**
 * Seeds a large benchmark shop (`products` products under `slug`) in one transaction, 2000 products
 * per step and 1000 rows per INSERT. Idempotent on the slug: an existing shop is left untouched.
 */
export async function seedBench(db: Db, options: BenchOptions): Promise<BenchResult> {
  const { products, slug } = options;
  if (!Number.isInteger(products) || products < 1 || products > MAX_PRODUCTS) {
    throw new Error(`seedBench: products deve ser um inteiro entre 1 e ${MAX_PRODUCTS}`);
  }
  if (!/^[a-z0-9-]{2,60}$/.test(slug)) throw new Error('seedBench: slug inválido (use [a-z0-9-], 2 a 60)');
  const started = performance.now();
  const header = benchShopHeader(slug);

  const result = await db.transaction(async (tx) => {
    const id = await insertShop(tx, header);
    if (id === null) {
      const [existing] = await tx.query<{ id: string; slug: string; name: string }>(
        'select id, slug, name from shops where slug = $1',
        [slug],
      );
      if (!existing) throw new Error(`Loja ${slug} não encontrada após conflito`);
      return { shop: { ...existing, created: false }, products: await countProducts(tx, existing.id) };
    }
    const categoryIds = await insertCategories(tx, id, flattenTree(TREE));
    const random = seededRandom(`bench:${slug}`);
    const offers = new Map<string, string>();
    for (let start = 0; start < products; start += CHUNK) {
      const chunk: SeedProduct[] = [];
      for (let i = start; i < Math.min(products, start + CHUNK); i++) chunk.push(benchProduct(i, random));
      const ids = await insertProducts(tx, id, categoryIds, chunk);
      for (const p of chunk) {
        if (offers.size >= OFFERS_SIZE) break;
        const productId = ids.get(p.providerId);
        if (p.promotionalPriceCents !== null && p.isActive && productId) offers.set(p.providerId, productId);
      }
    }
    await insertCollections(tx, id, offers, [{ ...BENCH_OFFERS, productProviderIds: [...offers.keys()] }]);
    return { shop: { id, slug, name: header.name, created: true }, products };
  });
  if (result.shop.created) {
    await flushSearchIndexes(db); // as an import does: searches would otherwise read its queued entries
    await db.query('analyze'); // planner statistics for the new rows
  }
  return { ...result, elapsedMs: Math.round(performance.now() - started) };
}
