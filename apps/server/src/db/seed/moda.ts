import { COLOURS, MODA_TREE, SIZE_SETS, type ColourId } from './tables/moda-categories.ts';
import { MODA_BRANDS, MODA_DESCRIPTIONS, MODA_SELLERS, PIECES } from './tables/moda-pieces.ts';
import { MODA_COLLECTIONS, MODA_SHOP } from './shops.ts';
import { flattenTree, product, subcategory } from './tree.ts';
import type { SeedAttribute, SeedProduct, SeedShop, SeedSpecification, SeedVariant } from './types.ts';
import { at, hashString, productImageUrls, randomInt, seededRandom, variantImageUrl } from './util.ts';

const CARE = ['Lavar à mão ou na máquina em ciclo delicado', 'Não usar alvejante', 'Secar à sombra'];
const FITS = ['Regular', 'Slim', 'Ampla'];
const TWO_FOR_THREE = new Set([
  'Camiseta Básica Algodão',
  'Regata Básica Feminina',
  'Kit 3 Pares de Meias Cano Curto',
]);
const SUBSCRIBABLE = new Set(['Kit 3 Pares de Meias Cano Curto', 'Kit 5 Pares de Meias Soquete']);
const IS_SHOE = new Set(['C31', 'C32', 'C33']);

function brandOf(name: string, category: string): string {
  if (IS_SHOE.has(category)) return 'Passo Firme';
  if (name.includes('Jeans')) return 'Cia. do Jeans';
  return at(MODA_BRANDS.slice(0, 4), hashString(name));
}

/** Every size × colour combination; some are sold out, never all of them. */
export function variantsOf(
  random: () => number,
  p: Pick<SeedProduct, 'providerId' | 'name' | 'priceCents' | 'promotionalPriceCents'>,
  sizes: readonly string[],
  colours: readonly ColourId[],
): SeedVariant[] {
  const out: SeedVariant[] = [];
  const sizeAxis: (string | null)[] = sizes.length ? [...sizes] : [null];
  const colourAxis: (ColourId | null)[] = colours.length ? [...colours] : [null];
  const discount = p.promotionalPriceCents === null ? null : p.promotionalPriceCents / p.priceCents;
  for (const colour of colourAxis) {
    for (const size of sizeAxis) {
      const options: Record<string, string> = {};
      if (size !== null) options.tamanho = size;
      if (colour !== null) options.cor = colour;
      const suffix = [size, colour?.toUpperCase()].filter((x) => x !== null && x !== undefined).join('-');
      const priceCents = size === 'GG' ? p.priceCents + 1000 : p.priceCents;
      out.push({
        providerId: `${p.providerId}-${suffix}`,
        sku: `MV-${p.providerId.slice(1)}-${suffix}`,
        options,
        priceCents,
        promotionalPriceCents: discount === null ? null : Math.round((priceCents * discount) / 10) * 10,
        imageUrl: colour === null ? null : variantImageUrl(p.name, colour, COLOURS[colour][1]),
        isAvailable: random() > 0.18,
      });
    }
  }
  const first = out[0];
  if (first && !out.some((v) => v.isAvailable)) first.isAvailable = true;
  return out;
}

/** The clothing demo shop: sized and coloured pieces with variants. */
export function buildModa(): SeedShop {
  const random = seededRandom('moda');
  const products: SeedProduct[] = PIECES.map(
    ([category, name, priceCents, sizeSet, colours, composition], i) => {
      const { top, child } = subcategory(MODA_TREE, category);
      const providerId = `P${2001 + i}`;
      const brandName = brandOf(name, category);
      const sizes = SIZE_SETS[sizeSet];
      const onSale = random() < 0.25;
      const promotionalPriceCents = onSale
        ? Math.round((priceCents * (0.7 + random() * 0.15)) / 100) * 100 - 10
        : null;

      const attributes: SeedAttribute[] = [];
      if (sizes.length) {
        attributes.push({
          providerId: 'tamanho',
          name: 'Tamanho',
          options: sizes.map((s) => ({ providerId: s, name: s })),
        });
      }
      if (colours.length) {
        // A few products link their last colour to a sibling product (redirectable option).
        const redirect = colours.length > 1 && i % 9 === 4;
        attributes.push({
          providerId: 'cor',
          name: 'Cor',
          options: colours.map((c, k) => ({
            providerId: c,
            name: COLOURS[c][0],
            redirectable: redirect && k === colours.length - 1,
          })),
        });
      }
      const base = { providerId, name, priceCents, promotionalPriceCents };
      const variants = attributes.length ? variantsOf(random, base, sizes, colours) : [];

      const specifications: SeedSpecification[] = IS_SHOE.has(category)
        ? [
            { name: 'Material', value: [composition] },
            { name: 'Forma', value: ['Normal'] },
          ]
        : [
            { name: 'Composição', value: [composition] },
            { name: 'Cuidados', value: [...CARE] },
            { name: 'Modelagem', value: [at(FITS, i)] },
          ];
      specifications.push({ name: 'Origem', value: ['Nacional'] });

      const highlights: string[] = [];
      if (i % 6 === 1) highlights.push('Lançamento');
      if (composition.includes('linho')) highlights.push('Tecido natural');
      const ranking = randomInt(random, 0, 800);
      if (ranking > 700) highlights.push('Mais vendido');

      const palette = colours.length ? colours.map((c) => COLOURS[c][1]) : top.palette;
      return product({
        ...base,
        sku: `MV-${providerId.slice(1)}`,
        description:
          MODA_DESCRIPTIONS[name] ?? `${name} ${brandName}. ${child.blurb} Composição: ${composition}.`,
        brandName,
        sellerName: at(MODA_SELLERS, i),
        categoryProviderId: category,
        isActive: i % 17 !== 8,
        clusterHighlights: highlights,
        offerDescription: TWO_FOR_THREE.has(name) ? 'Leve 3, pague 2' : null,
        ranking,
        images: productImageUrls(name, randomInt(random, 1, 4), palette),
        attributes,
        variants,
        specifications,
        subscriptions: SUBSCRIBABLE.has(name)
          ? [
              { recurrenceType: 30, frequency: 1 },
              { recurrenceType: 30, frequency: 3 },
            ]
          : [],
      });
    },
  );

  const unknown = Object.keys(MODA_DESCRIPTIONS).filter((name) => !products.some((p) => p.name === name));
  if (unknown.length) throw new Error(`Produtos desconhecidos nas tabelas: ${unknown.join(', ')}`);

  const [launches, sale] = MODA_COLLECTIONS;
  return {
    ...MODA_SHOP,
    categories: flattenTree(MODA_TREE),
    products,
    collections: [
      {
        ...launches,
        productProviderIds: products
          .filter((p) => p.clusterHighlights.includes('Lançamento'))
          .map((p) => p.providerId),
      },
      {
        ...sale,
        productProviderIds: products.filter((p) => p.promotionalPriceCents !== null).map((p) => p.providerId),
      },
    ],
  };
}
