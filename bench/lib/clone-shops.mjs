/**
 * Scale seeding for bench/scale-bench.mjs (issue 40): copies one seeded shop into N-1 more in SQL — one
 * `insert … select … cross join generate_series` per table and batch of shops, not the API — and reads what the
 * result costs: database and index sizes, and the CPU the database's backends spent (Linux /proc, as root).
 *
 * A copy is the template shop's rows in every table with a `shop_id` (the catalogue: products, images, variants,
 * attributes, categories, collections, the search words…) with every id rewritten the same way wherever it appears
 * (the table's text `id` and every foreign-key column naming one): `prd_01m8…` of copy k becomes `prd_z<k in two
 * base-32 digits>…`, the same length and alphabet as newId's (routes check ids with /^prd_[0-9a-z]{26}$/), and a ULID
 * never starts with z. Triggers and foreign-key checks are off while copying (session_replication_role = replica):
 * the search columns and words are copied as the triggers made them for the template.
 */
import { readFileSync } from 'node:fs';

const B32 = '0123456789abcdefghjkmnpqrstvwxyz';

/** SQL rewriting id expression `col` for copy `k` (an SQL integer expression, 1 … 1023). */
const cloneId = (col, k) =>
  `case when ${col} is null then null else left(${col}, strpos(${col}, '_')) || 'z' ` +
  `|| substr('${B32}', ${k} / 32 + 1, 1) || substr('${B32}', ${k} % 32 + 1, 1) ` +
  `|| substr(${col}, strpos(${col}, '_') + 4) end`;

/** The tables holding the template shop's rows, each with its columns and which of them are ids. */
async function templateTables(client, shopId) {
  const { rows: tables } = await client.query(
    `select c.relname as name from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attname = 'shop_id'
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' order by 1`,
  );
  const { rows: fks } = await client.query(
    `select conrelid::regclass::text as tbl, a.attname as col
       from pg_constraint k join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
      where k.contype = 'f' and k.confrelid <> 'shops'::regclass and array_length(k.conkey, 1) = 1`,
  );
  const out = [];
  for (const { name } of tables) {
    const { rows: has } = await client.query(`select 1 from ${name} where shop_id = $1 limit 1`, [shopId]);
    if (!has.length) continue;
    const { rows: cols } = await client.query(
      `select attname as col, format_type(atttypid, atttypmod) as type from pg_attribute
        where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
      [name],
    );
    const ids = new Set(fks.filter((f) => f.tbl === name).map((f) => f.col));
    if (cols.some((c) => c.col === 'id' && c.type === 'text')) ids.add('id');
    out.push({ name, cols: cols.map((c) => c.col), ids });
  }
  return out;
}

/**
 * Copies shop `slug` into shops `<slug>-1` … `<slug>-<copies>`; resolves with the rows written per table and the
 * seconds taken. `onBatch(done)` is told after each batch of shops.
 */
export async function cloneShop(client, slug, copies, { batch = 100, onBatch = () => {} } = {}) {
  if (copies > 1023) throw new Error('at most 1,023 copies (two base-32 digits)');
  const started = Date.now();
  const { rows } = await client.query('select id from shops where slug = $1', [slug]);
  if (!rows.length) throw new Error(`no shop ${slug}`);
  const shopId = rows[0].id;
  const tables = await templateTables(client, shopId);
  const written = {};
  const { rows: shopCols } = await client.query(
    `select attname as col from pg_attribute where attrelid = 'shops'::regclass and attnum > 0
        and not attisdropped order by attnum`,
  );
  const shopExpr = shopCols.map(({ col }) =>
    col === 'id'
      ? cloneId('id', 'k')
      : col === 'slug'
        ? `slug || '-' || k`
        : col === 'name'
          ? `name || ' ' || k`
          : col,
  );
  await client.query(`set session_replication_role = replica`);
  try {
    for (let from = 1; from <= copies; from += batch) {
      const to = Math.min(copies, from + batch - 1);
      await client.query('begin');
      await client.query(
        `insert into shops (${shopCols.map((c) => c.col).join(', ')})
         select ${shopExpr.join(', ')} from shops, generate_series(${from}, ${to}) k where id = $1`,
        [shopId],
      );
      for (const { name, cols, ids } of tables) {
        const exprs = cols.map((c) => (c === 'shop_id' || ids.has(c) ? cloneId(c, 'k') : c));
        const result = await client.query(
          `insert into ${name} (${cols.join(', ')})
           select ${exprs.join(', ')} from ${name}, generate_series(${from}, ${to}) k where shop_id = $1`,
          [shopId],
        );
        written[name] = (written[name] ?? 0) + result.rowCount;
      }
      await client.query('commit');
      onBatch(to);
    }
  } finally {
    await client.query(`set session_replication_role = default`);
  }
  return { written, seconds: (Date.now() - started) / 1000 };
}

/** Database size and the largest relations (indexes and tables apart), in bytes. */
export async function sizes(client, top = 10) {
  const { rows: db } = await client.query(`select pg_database_size(current_database())::bigint as bytes`);
  const biggest = async (kind) =>
    (
      await client.query(
        `select c.relname as name, pg_relation_size(c.oid)::bigint as bytes from pg_class c
          where c.relnamespace = 'public'::regnamespace and c.relkind = $1
          order by pg_relation_size(c.oid) desc limit $2`,
        [kind, top],
      )
    ).rows.map((r) => ({ name: r.name, bytes: Number(r.bytes) }));
  return { database: Number(db[0].bytes), indexes: await biggest('i'), tables: await biggest('r') };
}

/** CPU ms (user + system) of every backend connected to database `name` now — /proc of the server's processes. */
export async function backendCpuMs(client, name) {
  const { rows } = await client.query(
    `select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
    [name],
  );
  const byPid = new Map();
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      byPid.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch {
      /* gone, or another machine's server: not counted */
    }
  }
  return byPid;
}

/** CPU ms the backends spent between two backendCpuMs readings (a backend opened in between counts from 0). */
export function cpuSpent(before, after) {
  let ms = 0;
  for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
  return ms;
}

export const mb = (bytes) => Number((bytes / 1024 / 1024).toFixed(1));
