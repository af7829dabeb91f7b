/**
 * A deterministic Tray catalogue in Tray's own JSON shapes (decimal strings, "0"/"1" flags, `Sku` lists),
 * for the fake Tray server. Tests mutate it (change a price, remove a product) between imports.
 */

export type FakeTrayImage = { http: string; https: string };

export type FakeTrayCategory = {
  id: string;
  parent_id: string;
  name: string;
  small_description: string;
  order: string;
};

export type FakeTrayVariant = {
  id: string;
  product_id: string;
  reference: string;
  ean: string;
  order: string;
  price: string;
  promotional_price: string;
  start_promotion: string;
  end_promotion: string;
  stock: string;
  Sku: { type: string; value: string }[];
  VariantImage: FakeTrayImage[];
};

export type FakeTrayProduct = {
  id: string;
  name: string;
  description: string;
  reference: string;
  ean: string;
  brand: string;
  category_id: string;
  price: string;
  promotional_price: string;
  start_promotion: string;
  end_promotion: string;
  available: '0' | '1';
  stock: string;
  /** 'Estoque mínimo' as Tray's products carry it (a string like every number Tray sends) */
  minimum_stock?: string;
  has_variation: '0' | '1';
  /** Tray's `modified` ("YYYY-MM-DD HH:MM:SS", São Paulo); absent = long ago. */
  modified?: string;
  ProductImage: FakeTrayImage[];
  /** Served by `/products/variants?product_id=…`, not inside the product. */
  variants: FakeTrayVariant[];
};

export type FakeTrayCatalog = { categories: FakeTrayCategory[]; products: FakeTrayProduct[] };

const BRANDS = ['Sabor do Campo', 'Casa Nobre', 'Vila Verde', 'Bom Dia'];
const ROOTS = ['Mercearia', 'Bebidas', 'Limpeza', 'Moda'];
const COLOURS = ['Azul', 'Verde', 'Preto'];

const image = (path: string): FakeTrayImage => ({
  http: `http://images.tray.test/${path}`,
  https: `https://images.tray.test/${path}`,
});

/** Reais as Tray writes them, from centavos: 1990 → "19.90". */
export const trayMoney = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/**
 * `count` products (ids 1001…) over 4 root categories with 2 children each. Every 10th product has three
 * colour variants (one out of stock), every 7th is on promotion, every 13th is unavailable.
 */
export function buildFakeCatalog(count: number): FakeTrayCatalog {
  const categories: FakeTrayCategory[] = [];
  ROOTS.forEach((name, r) => {
    const rootId = String(10 * (r + 1));
    categories.push({
      id: rootId,
      parent_id: '0',
      name,
      small_description: `Tudo de ${name}`,
      order: String(r),
    });
    for (let c = 1; c <= 2; c++) {
      categories.push({
        id: String(10 * (r + 1) + c),
        parent_id: rootId,
        name: `${name} ${c === 1 ? 'Básico' : 'Especial'}`,
        small_description: '',
        order: String(c),
      });
    }
  });
  const leaves = categories.filter((c) => c.parent_id !== '0');
  const products: FakeTrayProduct[] = [];
  for (let i = 0; i < count; i++) {
    const id = String(1001 + i);
    const priceCents = 199 + ((i * 737) % 49_800);
    const hasVariation = i % 10 === 0;
    const product: FakeTrayProduct = {
      id,
      name: `Produto Tray ${id}`,
      description: `<p>Descrição do produto ${id}.</p>`,
      reference: `TR-${id}`,
      ean: '',
      brand: BRANDS[i % BRANDS.length]!,
      category_id: leaves[i % leaves.length]!.id,
      price: trayMoney(priceCents),
      promotional_price: i % 7 === 0 ? trayMoney(Math.round(priceCents * 0.9)) : '0.00',
      start_promotion: '0000-00-00',
      end_promotion: '0000-00-00',
      available: i % 13 === 12 ? '0' : '1',
      stock: String(i % 17 === 16 ? 0 : 5 + (i % 40)),
      minimum_stock: String(i % 4),
      has_variation: hasVariation ? '1' : '0',
      ProductImage: [image(`p/${id}/1.jpg`), ...(i % 3 === 0 ? [image(`p/${id}/2.jpg`)] : [])],
      variants: [],
    };
    if (hasVariation) {
      product.variants = COLOURS.map((colour, v) => ({
        id: `${id}${v + 1}`,
        product_id: id,
        reference: `TR-${id}-${colour.toUpperCase()}`,
        ean: '',
        order: String(v),
        price: trayMoney(priceCents + v * 100),
        promotional_price: '0.00',
        start_promotion: '0000-00-00',
        end_promotion: '0000-00-00',
        stock: v === 2 ? '0' : '8',
        Sku: [{ type: 'Cor', value: colour }],
        VariantImage: [image(`v/${id}/${v + 1}.jpg`)],
      }));
    }
    products.push(product);
  }
  return { categories, products };
}
