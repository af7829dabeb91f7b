/**
 * A product as the console edits it (issue 17): every spec §3 field a shop owns, prices in centavos, with the
 * pt-BR message of each rule at its field. The one writer (`modules/catalog/product-writer.ts`) saves exactly
 * this shape; the CSV import and the editor build it. Images are not part of it (the photos editor owns them).
 *
 * Attributes and options are named as the person names them ('Tamanho' → 'P', 'M'); their codes are the
 * names' slugs (`slugify`), so a variant's `options` maps attribute name → option name.
 */
import { z } from 'zod';
import { RecurrenceType } from './enums.ts';
import { imageUrl } from './image-url.ts';

/** The code a name gets as an attribute or option id: 'Azul Marinho' → 'azul-marinho'. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug || 'x';
}

/**
 * The code and SKU the editor proposes for a new product from its name (issue 38), both editable:
 * 'Café Especial 500 g' → 'cafe-especial-500-g' and 'CAFE-ESPECIAL-500-G'; empty for an empty name.
 */
export function codesFromName(name: string): { code: string; sku: string } {
  const code = name.trim() ? slugify(name).slice(0, 60).replace(/-+$/, '') : '';
  return { code, sku: code.toUpperCase() };
}

export const MAX_PRICE_CENTS = 100_000_000;
const cents = (label: string) =>
  z
    .number({ error: `Informe ${label}.` })
    .int(`${capitalised(label)} inválido.`)
    .min(0, `${capitalised(label)} não pode ser negativo.`)
    .max(MAX_PRICE_CENTS, `${capitalised(label)} alto demais.`);
function capitalised(text: string) {
  const bare = text.replace(/^(o|a) /, '');
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}
const text = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);
/** An optional text; the writer stores a blank one as null. */
const optionalText = (max: number, tooLong: string) => text(max, tooLong).nullable();
const name = (what: string, max: number) =>
  z
    .string({ error: `Informe ${what}.` })
    .trim()
    .min(1, `Informe ${what}.`)
    .max(max, `No máximo ${max} caracteres.`);

/** A product's or category's code: what links name (`/product/{code}`) and imports match on. */
export const catalogCode = z
  .string({ error: 'Informe o código.' })
  .trim()
  .min(1, 'Informe o código.')
  .max(60, 'Código longo demais (até 60 caracteres).')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Código inválido: use letras, números, ponto, hífen ou sublinhado.');

export const productSku = z
  .string({ error: 'Informe o SKU.' })
  .trim()
  .min(1, 'Informe o SKU.')
  .max(60, 'SKU longo demais (até 60 caracteres).');

export const attributeOptionInput = z
  .object({ name: name('o nome da opção', 60), redirectable: z.boolean().default(false) })
  .strict();

export const productAttributeInput = z
  .object({
    name: name('o nome do atributo', 60),
    options: z
      .array(attributeOptionInput)
      .min(1, 'Informe ao menos uma opção.')
      .max(50, 'No máximo 50 opções por atributo.'),
  })
  .strict()
  .superRefine((attribute, ctx) => {
    const seen = new Set<string>();
    attribute.options.forEach((option, index) => {
      const code = slugify(option.name);
      if (seen.has(code))
        ctx.addIssue({ code: 'custom', path: ['options', index, 'name'], message: 'Opção repetida.' });
      seen.add(code);
    });
  });

export const productVariantInput = z
  .object({
    /** attribute name → option name, one entry per attribute of the product */
    options: z.record(z.string(), z.string()),
    sku: productSku,
    priceCents: cents('o preço'),
    promotionalPriceCents: cents('o preço promocional').nullable(),
    isAvailable: z.boolean(),
    /** the variant's photo (chosen in the photos editor); null: the product's */
    imageUrl: imageUrl.nullable().default(null),
  })
  .strict();

export const productSpecificationInput = z
  .object({
    name: name('o nome da especificação', 100),
    values: z.array(text(500, 'Valor longo demais (até 500 caracteres).')).max(20, 'No máximo 20 valores.'),
  })
  .strict();

const recurrenceTypes = Object.values(RecurrenceType) as number[];
export const subscriptionOfferInput = z
  .object({
    recurrenceType: z
      .number()
      .refine((v) => recurrenceTypes.includes(v), 'Escolha a recorrência: diária, semanal, mensal ou anual.'),
    frequency: z
      .number({ error: 'Informe a frequência.' })
      .int('A frequência deve ser um número inteiro.')
      .min(1, 'A frequência deve ser ao menos 1.')
      .max(365, 'Frequência alta demais.'),
  })
  .strict();

/** Kilo-sold step: kilos with up to 3 decimals (0.5 = 500 g). */
const kilos = z
  .number({ error: 'Informe a quantidade por passo (kg).' })
  .gt(0, 'A quantidade por passo deve ser maior que zero.')
  .max(1000, 'Quantidade por passo alta demais.')
  .refine(
    (v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6,
    'Use no máximo 3 casas decimais (gramas).',
  );

const productFields = z
  .object({
    code: catalogCode,
    sku: productSku,
    name: name('o nome do produto', 200),
    /** rich text (HTML); sanitised by the writer on save and by the storefront on display */
    description: optionalText(20_000, 'Descrição longa demais (até 20.000 caracteres).'),
    brandName: optionalText(100, 'Marca longa demais (até 100 caracteres).'),
    sellerName: optionalText(100, '“Vendido e entregue por” longo demais (até 100 caracteres).'),
    /** the category's code; null: no category */
    categoryCode: catalogCode.nullable(),
    priceCents: cents('o preço'),
    /** the "de" price shown struck through; null: the price */
    listPriceCents: cents('o preço de tabela').nullable(),
    promotionalPriceCents: cents('o preço promocional').nullable(),
    isActive: z.boolean(),
    isRestrictedSale: z.boolean(),
    hasShippingRestriction: z.boolean(),
    shippingRestrictionMessage: optionalText(500, 'Mensagem longa demais (até 500 caracteres).'),
    soldInKilo: z.boolean(),
    amountInKilo: kilos.nullable(),
    kilogramPriceCents: cents('o preço por kg').nullable(),
    clusterHighlights: z.array(name('o destaque', 60)).max(10, 'No máximo 10 destaques.'),
    offerDescription: optionalText(300, 'Texto da oferta longo demais (até 300 caracteres).'),
    specifications: z.array(productSpecificationInput).max(50, 'No máximo 50 especificações.'),
    subscriptionOffers: z.array(subscriptionOfferInput).max(10, 'No máximo 10 ofertas de assinatura.'),
    attributes: z.array(productAttributeInput).max(3, 'No máximo 3 atributos (ex.: Tamanho, Cor).'),
    variants: z.array(productVariantInput).max(300, 'No máximo 300 variações.'),
  })
  .strict();

/** The rules across fields, each reported at the field a person corrects. */
export const productInput = productFields.superRefine((p, ctx) => {
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', path, message });
  if (p.promotionalPriceCents !== null && p.promotionalPriceCents >= p.priceCents)
    issue(['promotionalPriceCents'], 'O preço promocional deve ser menor que o preço.');
  if (p.listPriceCents !== null && p.listPriceCents < p.priceCents)
    issue(['listPriceCents'], 'O preço de tabela não pode ser menor que o preço.');
  if (p.hasShippingRestriction && !p.shippingRestrictionMessage)
    issue(['shippingRestrictionMessage'], 'Informe a mensagem da restrição de entrega.');
  if (p.soldInKilo && p.amountInKilo === null)
    issue(['amountInKilo'], 'Informe a quantidade por passo (kg).');
  if (p.soldInKilo && p.kilogramPriceCents === null) issue(['kilogramPriceCents'], 'Informe o preço por kg.');
  const attributeCodes = new Map<string, number>();
  p.attributes.forEach((a, index) => {
    if (attributeCodes.has(slugify(a.name))) issue(['attributes', index, 'name'], 'Atributo repetido.');
    attributeCodes.set(slugify(a.name), index);
  });
  if (p.attributes.length > 0 && p.variants.length === 0)
    issue(['variants'], 'Gere as variações a partir das opções.');
  if (p.attributes.length === 0 && p.variants.length > 0)
    issue(['attributes'], 'Informe os atributos das variações.');
  const combos = new Set<string>();
  const skus = new Set<string>();
  p.variants.forEach((v, index) => {
    const entries = Object.entries(v.options);
    const complete =
      entries.length === p.attributes.length &&
      p.attributes.every((a) => {
        const chosen = entries.find(([attribute]) => slugify(attribute) === slugify(a.name))?.[1];
        return chosen !== undefined && a.options.some((o) => slugify(o.name) === slugify(chosen));
      });
    if (!complete) issue(['variants', index, 'options'], 'Escolha uma opção de cada atributo.');
    const combo = variantCode(v.options, p.attributes);
    if (combos.has(combo)) issue(['variants', index, 'options'], 'Variação repetida.');
    combos.add(combo);
    if (skus.has(v.sku)) issue(['variants', index, 'sku'], 'SKU repetido em outra variação.');
    skus.add(v.sku);
    if (v.promotionalPriceCents !== null && v.promotionalPriceCents >= v.priceCents)
      issue(['variants', index, 'promotionalPriceCents'], 'O preço promocional deve ser menor que o preço.');
  });
});
export type ProductInput = z.infer<typeof productInput>;
export type ProductInputDraft = z.input<typeof productInput>;

/**
 * A product with only what it is named by: no description, prices beyond `priceCents`, rules, lists or variants
 * (the editor's 'Novo produto' starts here with no price; tests and imports spread their fields over it).
 */
export function blankProduct(
  fields: Pick<ProductInputDraft, 'code' | 'sku' | 'name' | 'priceCents'>,
): ProductInputDraft {
  return {
    ...fields,
    description: null,
    brandName: null,
    sellerName: null,
    categoryCode: null,
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
}
export type ProductVariantInput = z.infer<typeof productVariantInput>;
export type ProductAttributeInput = z.infer<typeof productAttributeInput>;

/**
 * A variant's code: its options' codes in the attributes' order ('p-azul'), so it stays the same while its
 * price, SKU or availability change (order lines keep pointing at it).
 */
export function variantCode(options: Record<string, string>, attributes: { name: string }[]): string {
  const byCode = new Map(Object.entries(options).map(([a, o]) => [slugify(a), slugify(o)]));
  return attributes.map((a) => byCode.get(slugify(a.name)) ?? 'x').join('-') || 'x';
}

/** Every combination of the attributes' options, in order (the variant grid the editor generates). */
export function optionCombinations(attributes: ProductAttributeInput[]): Record<string, string>[] {
  return attributes.reduce<Record<string, string>[]>(
    (combos, attribute) =>
      combos.flatMap((combo) => attribute.options.map((o) => ({ ...combo, [attribute.name]: o.name }))),
    [{}],
  );
}

/** What one save changed: the parts written (empty when the input equals what was stored). */
export const productChange = z.enum([
  'created',
  'fields',
  'price',
  'category',
  'active',
  'description',
  'attributes',
  'variants',
  'specifications',
  'subscriptionOffers',
]);
export type ProductChange = z.infer<typeof productChange>;
export type ProductSaved = { productId: string; code: string; changes: ProductChange[] };
