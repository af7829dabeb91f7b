import {
  HORTIFRUTI_TREE,
  PICKUP_ONLY_CATEGORIES,
  PICKUP_ONLY_MESSAGE,
  RESTRICTED_CATEGORIES,
} from './tables/hortifruti-categories.ts';
import { FRESH_ITEMS } from './tables/hortifruti-fresh.ts';
import { GROCERY_LINES } from './tables/hortifruti-grocery.ts';
import {
  EMPTY_SPEC_PRODUCT,
  HORTIFRUTI_DESCRIPTIONS,
  HORTIFRUTI_INACTIVE,
  HORTIFRUTI_TOP_SELLERS,
} from './tables/hortifruti-texts.ts';
import { HORTIFRUTI_COLLECTIONS, HORTIFRUTI_SHOP } from './shops.ts';
import { flattenTree, product, subcategory } from './tree.ts';
import type { SeedProduct, SeedShop, SeedSpecification, SeedSubscription } from './types.ts';
import { hashString, productImageUrls, randomInt, seededRandom, shelfPrice } from './util.ts';

const STORE_SELLER = 'Hortifruti Bom Preço';
const SUBSCRIPTION_OFFERS: readonly SeedSubscription[] = [
  { recurrenceType: 20, frequency: 1 },
  { recurrenceType: 20, frequency: 2 },
  { recurrenceType: 30, frequency: 1 },
];

function sellerOf(category: string): string {
  if (category === 'C65' || category === 'C66') return 'Adega Bom Preço';
  if (category === 'C111' || category === 'C112') return 'Mundo Pet Parceiro';
  return STORE_SELLER;
}

function storageOf(topCategory: string): string {
  switch (topCategory) {
    case 'C10':
      return 'Manter em local fresco e arejado';
    case 'C40':
      return 'Manter refrigerado entre 1 °C e 7 °C';
    case 'C50':
      return 'Manter refrigerado entre 0 °C e 4 °C';
    case 'C100':
      return 'Manter congelado a -18 °C ou menos';
    case 'C80':
    case 'C90':
      return 'Manter fora do alcance de crianças';
    default:
      return 'Manter em local seco e arejado, ao abrigo da luz';
  }
}

/** Promotional price 8–20% below the list price, or null for most products. */
function promotion(random: () => number, priceCents: number): number | null {
  if (random() >= 0.2) return null;
  const promo = shelfPrice(priceCents * (0.8 + random() * 0.12));
  return promo < priceCents ? promo : priceCents - 100 > 0 ? priceCents - 100 : null;
}

/** The grocery demo shop: fresh items sold by the kilo plus packaged goods from brand lists. */
export function buildHortifruti(): SeedShop {
  const random = seededRandom('hortifruti');
  const products: SeedProduct[] = [];
  const top = new Map(HORTIFRUTI_TOP_SELLERS.map((name, i) => [name, 1000 - i * 10]));
  const inactive = new Set(HORTIFRUTI_INACTIVE);
  let next = 1001;

  const finish = (p: SeedProduct, categoryName: string, topCategory: string, palette: readonly string[]) => {
    const ranking = top.get(p.name);
    p.ranking =
      ranking ?? randomInt(random, 0, 600) + (p.clusterHighlights.includes('Mais vendido') ? 300 : 0);
    p.isActive = !inactive.has(p.name);
    p.sellerName = sellerOf(p.categoryProviderId);
    p.isRestrictedSale = RESTRICTED_CATEGORIES.has(p.categoryProviderId);
    p.shippingRestrictionMessage = PICKUP_ONLY_CATEGORIES.has(p.categoryProviderId)
      ? PICKUP_ONLY_MESSAGE
      : null;
    const written = HORTIFRUTI_DESCRIPTIONS[p.name];
    const weight = p.kilo
      ? ` Vendido por quilo: cada unidade pesa cerca de ${Math.round(p.kilo.amountInKilo * 1000)} g.`
      : '';
    p.description = written ?? (random() < 0.06 ? null : `${p.name}. ${categoryName}${weight}`);
    p.images = productImageUrls(p.name, randomInt(random, 1, 4), palette);
    p.specifications.push({ name: 'Conservação', value: [storageOf(topCategory)] });
    if (p.name === EMPTY_SPEC_PRODUCT) p.specifications.push({ name: 'Informações adicionais', value: [] });
    if (ranking === undefined && random() < 0.04) p.clusterHighlights.push('Lançamento');
    products.push(p);
  };

  for (const [name, category, priceCents, amountInKilo, highlights = [], origin = 'Brasil'] of FRESH_ITEMS) {
    const { top: topNode, child } = subcategory(HORTIFRUTI_TREE, category);
    const providerId = `P${next++}`;
    const unitPrice = amountInKilo === null ? priceCents : Math.round(priceCents * amountInKilo);
    const specifications: SeedSpecification[] = [
      { name: 'Origem', value: [origin] },
      { name: 'Forma de venda', value: [amountInKilo === null ? 'Por unidade' : 'Por quilo'] },
    ];
    finish(
      product({
        providerId,
        sku: `HF-${providerId.slice(1)}`,
        name,
        categoryProviderId: category,
        priceCents: unitPrice,
        promotionalPriceCents: promotion(random, unitPrice),
        kilo: amountInKilo === null ? null : { amountInKilo, kilogramPriceCents: priceCents },
        clusterHighlights: [...highlights],
        specifications,
      }),
      child.blurb,
      topNode.providerId,
      topNode.palette,
    );
  }

  for (const line of GROCERY_LINES) {
    const { top: topNode, child } = subcategory(HORTIFRUTI_TREE, line.category);
    for (const [size, sizePrice] of line.sizes) {
      for (const brand of line.brands) {
        const providerId = `P${next++}`;
        const name = `${line.base} ${brand} ${size}`;
        const shift = ((hashString(brand + line.base) % 5) - 2) * 0.06;
        const priceCents = shelfPrice(sizePrice * (1 + shift));
        const specifications: SeedSpecification[] = [
          { name: 'Marca', value: [brand] },
          { name: 'Conteúdo', value: [size] },
        ];
        if (line.allergens) specifications.push({ name: 'Alérgicos', value: [...line.allergens] });
        finish(
          product({
            providerId,
            sku: `HF-${providerId.slice(1)}`,
            name,
            brandName: brand,
            categoryProviderId: line.category,
            priceCents,
            promotionalPriceCents: promotion(random, priceCents),
            clusterHighlights: [...(line.highlights ?? [])],
            offerDescription: line.offer ?? null,
            specifications: random() < 0.85 ? specifications : [],
            subscriptions: line.subscription ? [...SUBSCRIPTION_OFFERS] : [],
          }),
          child.blurb,
          topNode.providerId,
          topNode.palette,
        );
      }
    }
  }

  // Every hand-picked name must match a generated product (catches typos in the tables).
  const names = new Set(products.map((p) => p.name));
  const named = [...Object.keys(HORTIFRUTI_DESCRIPTIONS), ...HORTIFRUTI_TOP_SELLERS, ...HORTIFRUTI_INACTIVE];
  const unknown = [...named, EMPTY_SPEC_PRODUCT].filter((name) => !names.has(name));
  if (unknown.length) throw new Error(`Produtos desconhecidos nas tabelas: ${unknown.join(', ')}`);

  const [offers, organic] = HORTIFRUTI_COLLECTIONS;
  const onSale = products
    .filter((p) => p.promotionalPriceCents !== null && p.isActive)
    .sort((a, b) => b.ranking - a.ranking)
    .slice(0, 24);
  return {
    ...HORTIFRUTI_SHOP,
    categories: flattenTree(HORTIFRUTI_TREE),
    products,
    collections: [
      { ...offers, productProviderIds: onSale.map((p) => p.providerId) },
      {
        ...organic,
        productProviderIds: products
          .filter((p) => p.clusterHighlights.includes('Orgânico'))
          .map((p) => p.providerId),
      },
    ],
  };
}
