/**
 * The statement behind every paged product listing: pick one page by keyset (or offset when a client asks
 * for a later page without a token), within the snapshot of the first page, and return it with the
 * products' JSON in a single row `{ found, snapshot, rows }`.
 *
 * Order: the listing's keys, all descending, then the product id ascending as the unique tie-breaker.
 * The keyset condition `(keys) <= (last) and ((keys) < (last) or id > last_id)` keeps an index on
 * `(…, key desc, id)` usable for its leading range.
 */
import type { Cursor } from './page-token.ts';
import { productJsonSql } from './product-repository.ts';
import type { SqlParams } from './search-sql.ts';

export type SortKey = { expr: string; type: 'numeric' | 'integer' };

export type PageWindow = {
  cursor: Cursor | null;
  /** Rows to skip: only for a later page asked for without a token. */
  offset: number;
  perPage: number;
};

/** `created_at` bound of a snapshot (µs since the epoch), as SQL. */
export function snapshotBound(snapshot: number, params: SqlParams): string {
  return `timestamptz 'epoch' + ${params.add(snapshot)}::bigint * interval '1 microsecond'`;
}

function tuple(items: string[]): string {
  return items.length === 1 ? items[0]! : `(${items.join(', ')})`;
}

/** Rows strictly after the cursor in (keys desc, id asc) order; `exprs` are the key expressions. */
export function afterCursorSql(
  exprs: string[],
  keys: SortKey[],
  idExpr: string,
  cursor: Cursor,
  params: SqlParams,
) {
  const values = keys.map((key, i) => `${params.add(cursor.keys[i])}::${key.type}`);
  const lastId = params.add(cursor.keys[keys.length]);
  return `${tuple(exprs)} <= ${tuple(values)} and (${tuple(exprs)} < ${tuple(values)} or ${idExpr} > ${lastId})`;
}

export type ListingParts = {
  /** `join …` clauses after `from products p`. */
  join: string;
  where: string[];
  keys: SortKey[];
};

/** The page CTE body of an ordinary listing. */
export function pageSql(parts: ListingParts, window: PageWindow, params: SqlParams): string {
  const where = [...parts.where];
  if (window.cursor) where.push(`p.created_at <= ${snapshotBound(window.cursor.snapshot, params)}`);
  const keyCols = parts.keys.map((key, i) => `${key.expr} as k${i}`).join(', ');
  const inner = `select p.id, ${keyCols} from products p ${parts.join} where ${where.join(' and ')}`;
  const names = parts.keys.map((_, i) => `m.k${i}`);
  const after = window.cursor
    ? `where ${afterCursorSql(names, parts.keys, 'm.id', window.cursor, params)}`
    : '';
  const order = [...names.map((n) => `${n} desc`), 'm.id'].join(', ');
  const offset = window.offset > 0 ? ` offset ${params.add(window.offset)}` : '';
  return `select m.* from (${inner}) m ${after} order by ${order} limit ${params.add(window.perPage + 1)}${offset}`;
}

/**
 * The full statement: CTEs, `page` (a body selecting `id, k0…`), and one result row with the scope flag,
 * the snapshot (µs; the given one, or this statement's time for a first page) and the page's products.
 */
export function listingSql(
  ctes: string[],
  page: string,
  keyCount: number,
  found: string,
  snapshot: number | null,
  params: SqlParams,
): string {
  const keys = Array.from({ length: keyCount }, (_, i) => `pg.k${i}`);
  const order = [...keys.map((k) => `${k} desc`), 'pg.id'].join(', ');
  const keysJson = `'keys', json_build_array(${[...keys.map((k) => `${k}::text`), 'pg.id'].join(', ')})`;
  const snapshotSql =
    snapshot === null
      ? '(extract(epoch from statement_timestamp()) * 1000000)::bigint'
      : `${params.add(snapshot)}::bigint`;
  return `with recursive ${[...ctes, `page as (${page})`].join(',\n')}
    select ${found} as found, ${snapshotSql} as snapshot,
      coalesce((select json_agg(${productJsonSql(keysJson)} order by ${order})
                  from page pg join products p on p.id = pg.id), '[]') as rows`;
}
