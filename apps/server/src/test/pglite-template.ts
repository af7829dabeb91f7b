/**
 * The migrated PGlite database the tests start from: built once per set of migrations (a fresh cluster, every
 * migration, then PGlite's dumpDataDir) into `.tmp/pglite-template/<hash>.tar`, and loaded by each test database
 * (loadDataDir). Opening from the dump skips initdb and the migrations: about a quarter of their CPU time per
 * database. The hash covers the migration files and the PGlite version, so a new or edited migration builds a new
 * template; vitest's global setup (vitest.global-setup.ts) builds it before the workers start.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MIGRATIONS = fileURLToPath(new URL('../db/migrations/', import.meta.url));

function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Where the template of the current migrations lives. */
export function pgliteTemplatePath(): string {
  const hash = createHash('sha256').update(`pglite ${pgliteVersion()}\n`);
  for (const file of readdirSync(MIGRATIONS).sort()) {
    hash.update(file).update(readFileSync(join(MIGRATIONS, file)));
  }
  return join(ROOT, '.tmp', 'pglite-template', `${hash.digest('hex').slice(0, 16)}.tar`);
}

/** Builds the template when it is missing (written aside, then renamed: concurrent builders never see half a file). */
export async function ensurePgliteTemplate(): Promise<string> {
  const path = pgliteTemplatePath();
  if (existsSync(path)) return path;
  const db = await openPglite(undefined);
  try {
    await migrate(db);
    const dump = Buffer.from(await (await db.dumpDataDir()).arrayBuffer());
    mkdirSync(dirname(path), { recursive: true });
    const aside = `${path}.${process.pid}.tmp`;
    writeFileSync(aside, dump);
    renameSync(aside, path);
  } finally {
    await db.close();
  }
  return path;
}

let loaded: Blob | undefined;

/** The template's dump, read once per process. */
export async function pgliteTemplate(): Promise<Blob> {
  loaded ??= new Blob([readFileSync(await ensurePgliteTemplate())]);
  return loaded;
}
