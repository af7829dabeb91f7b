/**
 * The benches' shops: the seed CLI (`apps/server/src/cli/seed.ts`: the demo shops, or `--products N --shop slug`
 * for a bench shop of N products) run on a PostgreSQL database or a PGlite data dir, and a cached PGlite data dir
 * of the demo shops with a 'bench' shop beside them.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './server.mjs';

/** Runs the seed CLI with `args` on `target` ({ databaseUrl } or { dataDir }); `quiet` hides its output. */
export function runSeed(target, args, { quiet = false } = {}) {
  const env = { ...process.env };
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  else {
    delete env.DATABASE_URL;
    env.DATA_DIR = target.dataDir;
  }
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/seed.ts', ...args], {
    cwd: root,
    env,
    stdio: quiet ? 'ignore' : 'inherit',
  });
}

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true })
    .map((f) => join(dir, String(f)))
    .filter((f) => statSync(f).isFile())
    .sort();
}

// The extensions the server's PGlite loads (db/pglite.ts): a database that uses one cannot open without it.
const VACUUM_SCRIPT = `
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
const db = await PGlite.create(process.argv[1], { extensions: { btree_gin, pg_trgm, unaccent } });
await db.exec('vacuum analyze');
await db.close();`;

/**
 * The demo shops and a 'bench' shop of `products` products in a PGlite data dir under .bench/, seeded once and
 * vacuumed, keyed by the migrations and the seed sources (a schema change seeds again). Copy it before use.
 */
export function seededPgliteCache(products) {
  const hash = createHash('sha256').update(String(products));
  for (const f of [
    ...filesUnder(join(root, 'apps/server/src/db/migrations')),
    ...filesUnder(join(root, 'apps/server/src/db/seed')),
  ]) {
    hash.update(f).update(readFileSync(f));
  }
  const dir = join(root, '.bench', `catalog-pglite-${products}-${hash.digest('hex').slice(0, 12)}`);
  if (existsSync(dir)) return dir;
  const building = `${dir}.building`;
  rmSync(building, { recursive: true, force: true });
  console.log(`Seeding ${building} (once; later runs reuse it)…`);
  const started = Date.now();
  runSeed({ dataDir: building }, []);
  runSeed({ dataDir: building }, ['--products', String(products), '--shop', 'bench']);
  execFileSync(process.execPath, ['--input-type=module', '-e', VACUUM_SCRIPT, building], {
    cwd: root,
    stdio: 'inherit',
  });
  renameSync(building, dir);
  console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  return dir;
}
