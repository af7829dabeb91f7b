/**
 * The whole catalogue as a spreadsheet (docs/decisions/0033-catalogue-spreadsheets.md), in the import's format so
 * that importing the export changes nothing; streamed page by page as the client takes it. Also the sample file
 * the console offers.
 */
import { Readable } from 'node:stream';
import { blankProduct, productInput, type ProductInputDraft } from '@vitrine/contracts/console-catalog';
import type { Queryable } from '../../db/client.ts';
import { productRows, sheetHeader, sheetLines } from '../../modules/catalog-import/service.ts';
import { productCodesAfter, readProductInputs } from '../../modules/catalog/service.ts';
import { findImagesOfProducts } from '../../modules/photos/service.ts';
import { unitStock } from '../../modules/stock/service.ts';
import { categoryPaths } from './import.ts';

/** Products per database read while streaming. */
const EXPORT_PAGE = 200;

export async function catalogExportCsv(db: Queryable, shopId: string, pageSize = EXPORT_PAGE) {
  const { namesOf } = await categoryPaths(db, shopId);
  async function* lines() {
    yield sheetHeader();
    let after: string | null = null;
    for (;;) {
      const codes = await productCodesAfter(db, shopId, after, pageSize);
      if (codes.length === 0) return;
      const stored = await readProductInputs(db, shopId, codes);
      const ids = [...stored.values()].map((p) => p.id);
      const images = await findImagesOfProducts(db, shopId, ids);
      // 'Estoque': on hand of tracked units only (blank for the others, so importing the export changes nothing)
      const onHand = new Map(
        (await unitStock(db, shopId, ids))
          .filter((u) => u.track)
          .map((u) => [`${u.product_id}:${u.variant_id === null ? '' : u.sku}`, u.on_hand]),
      );
      const rows = codes.flatMap((code) => {
        const p = stored.get(code);
        if (!p) return [];
        const path = p.input.categoryCode ? namesOf(p.input.categoryCode) : [];
        return productRows(
          p.input,
          path,
          (images.get(p.id) ?? []).map((image) => image.url),
          (variantSku) => onHand.get(`${p.id}:${variantSku ?? ''}`) ?? null,
        );
      });
      yield sheetLines(rows);
      if (codes.length < pageSize) return;
      after = codes[codes.length - 1]!;
    }
  }
  return Readable.from(lines());
}

/** The fields a sample product leaves blank (each names its own code, SKU, name and price). */
const BLANK = blankProduct({ code: '', sku: '', name: '', priceCents: 0 });

/** Each sample product, its category path, photos and 'Estoque' (blank: stock not tracked). */
const SAMPLE: [ProductInputDraft, string[], string[]?, number?][] = [
  [
    {
      ...BLANK,
      code: 'ARROZ-5KG',
      sku: '7891234500011',
      name: 'Arroz Agulhinha Tipo 1 5 kg',
      description: '<p>Arroz branco, grãos longos e soltinhos.</p>',
      brandName: 'Tio Grão',
      priceCents: 2890,
      listPriceCents: 3290,
      clusterHighlights: ['Mais vendido'],
      specifications: [{ name: 'Peso', values: ['5 kg'] }],
    },
    ['Mercearia', 'Grãos'],
    // no photo addresses: the sample imports as it is without broken images ('Imagens' is in the header to fill)
    [],
    24,
  ],
  [
    {
      ...BLANK,
      code: 'FEIJAO-1KG',
      sku: '7891234500028',
      name: 'Feijão Carioca 1 kg',
      brandName: 'Tio Grão',
      priceCents: 899,
      promotionalPriceCents: 799,
      subscriptionOffers: [{ recurrenceType: 30, frequency: 1 }],
    },
    ['Mercearia', 'Grãos'],
  ],
  [
    {
      ...BLANK,
      code: 'QUEIJO-MINAS',
      sku: 'QMF-001',
      name: 'Queijo Minas Frescal',
      priceCents: 1190,
      soldInKilo: true,
      amountInKilo: 0.25,
      kilogramPriceCents: 4590,
      offerDescription: 'Cortado na hora',
    },
    ['Frios e Laticínios'],
    [],
    5000, // grams
  ],
  [
    {
      ...BLANK,
      code: 'CAMISETA-BASICA',
      sku: 'CAM-BAS',
      name: 'Camiseta Básica Algodão',
      brandName: 'Malharia Sul',
      priceCents: 4990,
      attributes: [
        { name: 'Tamanho', options: [{ name: 'P' }, { name: 'M' }, { name: 'G' }] },
        { name: 'Cor', options: [{ name: 'Branca' }, { name: 'Azul Marinho' }] },
      ],
      variants: ['P', 'M', 'G'].flatMap((size, i) =>
        ['Branca', 'Azul Marinho'].map((color, j) => ({
          options: { Tamanho: size, Cor: color },
          sku: `CAM-BAS-${size}-${j === 0 ? 'BR' : 'AZ'}`,
          priceCents: 4990 + i * 500,
          promotionalPriceCents: null,
          isAvailable: !(size === 'G' && j === 1),
        })),
      ),
    },
    ['Moda', 'Camisetas'],
  ],
];

/**
 * A small sheet showing every column: grains, a kilo item, a subscription offer, a Tamanho × Cor grid; the rice and
 * the cheese (in grams) with their 'Estoque'.
 */
export function sampleSheetCsv(): string {
  return (
    sheetHeader() +
    sheetLines(
      SAMPLE.flatMap(([draft, path, images, stock]) =>
        productRows(productInput.parse(draft), path, images, () => stock ?? null),
      ),
    )
  );
}
