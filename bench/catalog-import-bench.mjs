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
 * --images N gives every product N photos by URL in 'Imagens' (stored as URL rows of product_images); --stock an
 * 'Estoque' count on every row (issue 31: written as ledger rows in each batch; stock-bench.mjs measures it too).
 * The sheet and the timed passes: lib/sheet-import.mjs.
 * --smoke (bench/smoke.mjs): 40 products, 2 photos each, and checks every product was created, then unchanged.
 *
 * Usage: node bench/catalog-import-bench.mjs [--products 10000] [--batch 100] [--images 0] [--stock] [--database-url postgres://…]
 *        [--smoke]
 */
import { parseArgs } from 'node:util';
import { timeSheetImport } from './lib/sheet-import.mjs';
import { endSmoke, expect, figure, smoke } from './lib/smoke.mjs';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: smoke ? '40' : '10000' },
    batch: { type: 'string', default: smoke ? '10' : '100' },
    images: { type: 'string', default: smoke ? '2' : '0' },
    stock: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
});
const count = Number(args.products);

const passes = await timeSheetImport({
  count,
  batchSize: Number(args.batch),
  images: Number(args.images),
  stock: args.stock,
  databaseUrl: args['database-url'],
});
for (const { pass, previewS, previewCpu, jobS, jobCpu, job } of passes) {
  figure(`${pass}: preview seconds`, previewS);
  figure(`${pass}: preview CPU seconds`, previewCpu);
  figure(`${pass}: job seconds`, jobS);
  figure(`${pass}: job CPU seconds`, jobCpu);
  const first = pass === 'first import';
  expect(`${pass}: the job finished (status ${job.status})`, job.status === 'done');
  expect(
    `${pass}: ${count} products ${first ? 'created' : 'unchanged'} (got ${first ? job.created : job.unchanged})`,
    (first ? job.created : job.unchanged) === count,
  );
}
endSmoke();
