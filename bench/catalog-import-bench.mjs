#!/usr/bin/env node
/**
 * Catalogue spreadsheet import benchmark (issue 17, docs/decisions/0033-catalogue-spreadsheets.md). Quality bar:
 * 10,000 products imported in under a minute on PGlite on this machine.
 *
 * Builds a sheet of --products products (every 5th a Tamanho × Cor grid of 6 variants, the rest one row each,
 * spread over 20 category paths), opens a fresh file-backed PGlite database in a temporary directory (as the
 * server runs it; or --database-url for PostgreSQL, schema 'import_bench' dropped first), creates a shop, then
 * times the three steps the console runs: the preview (read, check, count against the catalogue), the job
 * (every product through the one writer, --batch products per transaction) and a second import of the same
 * file (everything unchanged). Prints seconds (wall clock, and this process's CPU time: PGlite runs in it, so
 * the CPU figure is the import's own work whatever else loads the machine), rows/s and products/s for each.
 *
 * --images N gives every product N photos by URL in 'Imagens' (stored as URL rows of product_images).
 *
 * Usage: node bench/catalog-import-bench.mjs [--products 10000] [--batch 100] [--images 0] [--database-url postgres://…]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';

register();
const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '10000' },
    batch: { type: 'string', default: '100' },
    images: { type: 'string', default: '0' },
    'database-url': { type: 'string' },
  },
});
const count = Number(args.products);
const batchSize = Number(args.batch);

const src = '../apps/server/src';
const { openDb } = await import(`${src}/db/client.ts`);
const { migrate } = await import(`${src}/db/migrate.ts`);
const { createShop } = await import(`${src}/modules/shop/onboarding.ts`);
const { previewCatalogImport, startCatalogImport } = await import(`${src}/flows/import-catalog.ts`);
const { runCatalogImportSlice } = await import(`${src}/flows/run-catalog-import.ts`);
const { productRows, sheetHeader, sheetLines } = await import(
  `${src}/modules/catalog-import/sheet-format.ts`
);
const { blankProduct, productInput } = await import('../packages/contracts/src/console-catalog.ts');

function sheet() {
  const rows = [];
  const paths = Array.from({ length: 20 }, (_, i) => ['Departamento ' + (i % 4), 'Seção ' + i]);
  for (let i = 0; i < count; i++) {
    const code = `B${String(i).padStart(6, '0')}`;
    const grid = i % 5 === 0;
    const attributes = grid
      ? [
          { name: 'Tamanho', options: ['P', 'M', 'G'].map((name) => ({ name, redirectable: false })) },
          { name: 'Cor', options: ['Azul', 'Verde'].map((name) => ({ name, redirectable: false })) },
        ]
      : [];
    const p = productInput.parse({
      ...blankProduct({
        code,
        sku: `SKU-${code}`,
        name: `Produto de teste ${i} ${['arroz', 'feijão', 'camiseta', 'queijo', 'sabão'][i % 5]}`,
        priceCents: 500 + (i % 9000),
      }),
      description: `<p>Descrição do produto ${i}.</p>`,
      brandName: `Marca ${i % 50}`,
      specifications: [{ name: 'Origem', values: ['Brasil'] }],
      attributes,
      variants: grid
        ? ['P', 'M', 'G'].flatMap((size) =>
            ['Azul', 'Verde'].map((color) => ({
              options: { Tamanho: size, Cor: color },
              sku: `SKU-${code}-${size}-${color}`,
              priceCents: 500 + (i % 9000),
              promotionalPriceCents: null,
              isAvailable: true,
            })),
          )
        : [],
    });
    const images = Array.from(
      { length: Number(args.images) },
      (_, k) => `https://cdn.loja.com.br/${code}-${k}.jpg`,
    );
    rows.push(...productRows(p, paths[i % paths.length], images));
  }
  return { csv: Buffer.from(sheetHeader() + sheetLines(rows)), rowCount: rows.length };
}

const dir = args['database-url'] ? null : mkdtempSync(join(tmpdir(), 'vitrine-import-bench-'));
const databaseUrl = args['database-url'];
if (databaseUrl) {
  const admin = await openDb({ databaseUrl });
  await admin.query('drop schema if exists import_bench cascade');
  await admin.query('create schema import_bench');
  await admin.close();
}
const db = await openDb(databaseUrl ? { databaseUrl, schema: 'import_bench' } : { dataDir: dir });
try {
  await migrate(db);
  const shop = await db.transaction((tx) =>
    createShop(tx, {
      slug: 'bench-import',
      name: 'Bench',
      owner: { email: 'dona@bench.example', name: 'Dona' },
    }),
  );
  const actor = { userId: null, label: 'bench', shopId: shop.id };
  const { csv, rowCount } = sheet();
  const deps = { db, forgetShop: () => undefined, owner: 'bench' };
  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  };
  const line = (label, seconds, cpuSeconds) =>
    console.log(
      `${label.padEnd(26)} ${seconds.toFixed(1).padStart(6)} s (CPU ${cpuSeconds.toFixed(1).padStart(5)} s)  ${Math.round(
        rowCount / seconds,
      )
        .toString()
        .padStart(6)} rows/s  ${Math.round(count / seconds)
        .toString()
        .padStart(6)} products/s`,
    );
  console.log(
    `${count} products, ${rowCount} rows, ${(csv.length / 1e6).toFixed(1)} MB, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, batch ${batchSize}`,
  );
  for (const pass of ['first import', 'same file again']) {
    let t = performance.now();
    let c = cpu();
    const preview = await previewCatalogImport(db, actor, 'bench.csv', csv);
    const previewS = (performance.now() - t) / 1000;
    const previewCpu = cpu() - c;
    line(`${pass}: preview`, previewS, previewCpu);
    await startCatalogImport(db, actor, preview.id);
    t = performance.now();
    c = cpu();
    await runCatalogImportSlice(deps, { batchSize });
    const jobS = (performance.now() - t) / 1000;
    const jobCpu = cpu() - c;
    const [job] = await db.query(
      'select status, created, changed, unchanged from catalog_import_jobs where id = $1',
      [preview.id],
    );
    line(`${pass}: job`, jobS, jobCpu);
    line(`${pass}: total`, previewS + jobS, previewCpu + jobCpu);
    console.log(
      `  ${job.status}: ${job.created} created, ${job.changed} changed, ${job.unchanged} unchanged`,
    );
  }
} finally {
  await db.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
