/**
 * The one writer of a shop's categories (decision 0031): the console's tree editor and the spreadsheet import's
 * category paths. A category's code (provider_id) is what the storefront's tabs and filters name.
 */
import { slugify } from '@vitrine/contracts/console-catalog';
import type { Queryable } from '../../db/client.ts';
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
