/**
 * The one writer of a shop's categories (decision 0031): the console's tree editor and the spreadsheet import's
 * category paths. A category's code (provider_id) is what the storefront's tabs and filters name.
 */
import { slugify } from '@vitrine/contracts/console-catalog';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';

/**
 * The code of the category at `path` (['Mercearia', 'Grãos'] for 'Mercearia > Grãos'), creating the missing
 * levels at the end of their parent's list. Names match without case or accents ('graos' finds 'Grãos').
 */
export async function ensureCategoryPath(tx: Queryable, shopId: string, path: string[]): Promise<string> {
  let parent = null as { id: string; code: string } | null;
  for (const name of path.map((n) => n.trim()).filter(Boolean)) {
    const [found] = await tx.query<{ id: string; provider_id: string }>(
      `select id, provider_id from categories
        where shop_id = $1 and parent_id is not distinct from $2::text and lower(unaccent(name)) = lower(unaccent($3::text))
        order by position, id limit 1`,
      [shopId, parent?.id ?? null, name],
    );
    parent = found
      ? { id: found.id, code: found.provider_id }
      : await insertCategory(tx, shopId, parent, name);
  }
  if (!parent) throw new RangeError('A category path needs at least one name');
  return parent.code;
}

/** A new category under `parent` (null: a root), last among its siblings, with a code free in the shop. */
export async function insertCategory(
  tx: Queryable,
  shopId: string,
  parent: { id: string; code: string } | null,
  name: string,
): Promise<{ id: string; code: string }> {
  const base = parent ? `${parent.code}-${slugify(name)}` : slugify(name);
  const id = newId('cat');
  const [row] = await tx.query<{ provider_id: string }>(
    `insert into categories (id, shop_id, provider_id, parent_id, name, position)
     select $1, $2,
            case when exists (select 1 from categories where shop_id = $2 and provider_id = $3)
                 then $3 || '-' || right($1, 6) else $3 end,
            $4, $5,
            coalesce((select max(position) + 1 from categories
                       where shop_id = $2 and parent_id is not distinct from $4::text), 0)
     returning provider_id`,
    [id, shopId, base.slice(0, 50), parent?.id ?? null, name],
  );
  return { id, code: row!.provider_id };
}

type CategoryRef = { id: string; parent_id: string | null };

async function categoryOf(tx: Queryable, shopId: string, code: string, kind: 'notFound' | 'unprocessable') {
  const [row] = await tx.query<CategoryRef>(
    'select id, parent_id from categories where shop_id = $1 and provider_id = $2 for update',
    [shopId, code],
  );
  if (!row) throw new AppError(kind, 'catalogCategoryNotFound');
  return row;
}

/** A new category at the end of `parentCode`'s children (null: a top-level one); answers its code. */
export async function createCategory(
  tx: Queryable,
  shopId: string,
  name: string,
  parentCode: string | null,
): Promise<string> {
  const parent = parentCode === null ? null : await categoryOf(tx, shopId, parentCode, 'unprocessable');
  return (await insertCategory(tx, shopId, parent && { id: parent.id, code: parentCode! }, name)).code;
}

/**
 * Renames or hides a category (a hidden one, and everything under it, leaves the storefront's tabs), and sets its
 * Google product category when `googleCategory` is given (null clears it).
 */
export async function updateCategory(
  tx: Queryable,
  shopId: string,
  code: string,
  change: { name: string; isHidden: boolean; googleCategory?: string | null | undefined },
): Promise<boolean> {
  const { id } = await categoryOf(tx, shopId, code, 'notFound');
  const keep = change.googleCategory === undefined;
  const rows = await tx.query(
    `update categories
        set name = $2, is_hidden = $3,
            google_product_category = case when $5 then google_product_category else $4::text end
      where id = $1
        and (name, is_hidden, google_product_category) is distinct from
            ($2, $3, case when $5 then google_product_category else $4::text end)
      returning id`,
    [id, change.name, change.isHidden, change.googleCategory ?? null, keep],
  );
  return rows.length > 0;
}

/**
 * Moves a category under `parentCode` (null: top level) to `position` among its new siblings, renumbering them
 * in one statement. Refuses to move a category into itself or below one of its subcategories.
 */
export async function placeCategory(
  tx: Queryable,
  shopId: string,
  code: string,
  parentCode: string | null,
  position: number,
): Promise<void> {
  const moved = await categoryOf(tx, shopId, code, 'notFound');
  const parent = parentCode === null ? null : await categoryOf(tx, shopId, parentCode, 'unprocessable');
  if (parent) {
    const [cycle] = await tx.query(
      `with recursive up as (
         select id, parent_id, 0 as depth from categories where id = $1
         union all
         select c.id, c.parent_id, up.depth + 1 from categories c join up on c.id = up.parent_id where up.depth < 50
       ) select 1 from up where id = $2`,
      [parent.id, moved.id],
    );
    if (cycle) throw new AppError('unprocessable', 'catalogCategoryCycle');
  }
  const siblings = await tx.query<{ id: string }>(
    `select id from categories where shop_id = $1 and parent_id is not distinct from $2::text and id <> $3
      order by position, name, id`,
    [shopId, parent?.id ?? null, moved.id],
  );
  const order = siblings.map((s) => s.id);
  order.splice(Math.min(position, order.length), 0, moved.id);
  await tx.query(
    `update categories c set position = r.ord - 1,
            parent_id = case when c.id = $3 then $4::text else c.parent_id end
       from unnest($2::text[]) with ordinality as r(id, ord)
      where c.id = r.id and c.shop_id = $1
        and (c.position <> r.ord - 1 or (c.id = $3 and c.parent_id is distinct from $4::text))`,
    [shopId, order, moved.id, parent?.id ?? null],
  );
}
