/** What the console's catalogue pages read: the whole category tree and keyset pages of the product list. */
import type {
  ConsoleCategory,
  ConsoleProductPage,
  ProductListQuery,
} from '@vitrine/contracts/console-catalog-api';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';

/** Every category of the shop (hidden ones too) in tree order — each followed by its subcategories — with its own product count. */
export async function listConsoleCategories(db: Queryable, shopId: string): Promise<ConsoleCategory[]> {
  const rows = await db.query<ConsoleCategory>(
    `select c.provider_id as code, c.name, p.provider_id as "parentCode", c.position, c.is_hidden as "isHidden",
            c.google_product_category as "googleCategory",
            (select count(*)::int from products x where x.category_id = c.id) as "productCount"
       from categories c left join categories p on p.id = c.parent_id
      where c.shop_id = $1
      order by c.position, c.name, c.id`,
    [shopId],
  );
  const children = new Map<string | null, ConsoleCategory[]>();
  for (const c of rows) children.set(c.parentCode, [...(children.get(c.parentCode) ?? []), c]);
  const known = new Set(rows.map((c) => c.code));
  const ordered: ConsoleCategory[] = [];
  const visit = (parent: string | null, depth: number) => {
    if (depth > 50) return;
    for (const c of children.get(parent) ?? []) {
      ordered.push(c);
      visit(c.code, depth + 1);
    }
  };
  visit(null, 0);
  // a category whose parent is gone from the list (never by the writer) still shows, at the end
  return [...ordered, ...rows.filter((c) => c.parentCode !== null && !known.has(c.parentCode))];
}

const cursorOf = (name: string, code: string) =>
  Buffer.from(JSON.stringify([name, code])).toString('base64url');

function parseCursor(after: string | undefined): [string, string] | null {
  if (after === undefined || after === '') return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string'))
      return value as [string, string];
  } catch {
    // falls through to the refusal
  }
  throw new AppError('validation', 'catalogPageInvalid');
}

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of the shop's products by name (then code), filtered by text (name, SKU or code, without accents or
 * case), category (with its subcategories), brand and active; `next` continues after the page's last row.
 */
/** The category filter's subtree ($3: a category code, with its subcategories). */
const TREE = `with recursive tree as (
       select id from categories where shop_id = $1 and provider_id = $3
       union
       select c.id from categories c join tree on c.parent_id = tree.id where c.shop_id = $1
     )`;
/** The list's filters: $2 text, $3 category, $4 brand, $5 active, $6/$7 the keyset cursor (name, code). */
const MATCHING = `p.shop_id = $1
        and ($2::text is null or unaccent(lower(p.name)) like unaccent($2::text)
             or lower(p.sku) like $2::text or lower(p.provider_id) like $2::text)
        and ($3::text is null or p.category_id in (select id from tree))
        and ($4::text is null or p.brand_name = $4::text)
        and ($5::boolean is null or p.is_active = $5::boolean)
        and ($6::text is null or (p.name, p.provider_id) > ($6::text, $7::text))`;

export async function listConsoleProducts(
  db: Queryable,
  shopId: string,
  query: ProductListQuery,
): Promise<ConsoleProductPage> {
  const cursor = parseCursor(query.after);
  const params = [
    shopId,
    query.q ? likePattern(query.q) : null,
    query.category ?? null,
    query.brand || null,
    query.active === undefined ? null : query.active === 'true',
    cursor?.[0] ?? null,
    cursor?.[1] ?? null,
  ];
  const rows = await db.query<ConsoleProductPage['products'][number]>(
    `${TREE}
     select p.provider_id as code, p.sku, p.name, p.brand_name as "brandName", c.provider_id as "categoryCode",
            c.name as "categoryName", p.price_cents as "priceCents",
            p.promotional_price_cents as "promotionalPriceCents", p.is_active as "isActive",
            case when p.sold_in_kilo then json_build_object('amountInKilo', coalesce(p.amount_in_kilo, 1),
              'kilogramPriceCents', p.kilogram_price_cents) end as kilo,
            (select count(*)::int from product_variants v where v.product_id = p.id) as "variantCount",
            (select i.url from product_images i where i.product_id = p.id order by i.position, i.id limit 1)
              as "imageUrl"
       from products p left join categories c on c.id = p.category_id
      where ${MATCHING}
      order by p.name, p.provider_id
      limit $8`,
    [...params, query.limit + 1],
  );
  // the first page counts what the filters match (the pages after it keep that figure in the console)
  const [counted] = cursor
    ? [null]
    : await db.query<{ n: number }>(
        `${TREE} select count(*)::int as n from products p where ${MATCHING}`,
        params,
      );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const brands = await db.query<{ brand_name: string }>(
    `select distinct brand_name from products where shop_id = $1 and brand_name is not null
      order by brand_name limit 300`,
    [shopId],
  );
  return {
    products: page,
    next: rows.length > query.limit && last ? cursorOf(last.name, last.code) : null,
    total: counted?.n ?? null,
    brands: brands.map((b) => b.brand_name),
  };
}
