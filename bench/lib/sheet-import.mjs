/**
 * The catalogue spreadsheet import as the console runs it, timed in this process (catalog-import-bench.mjs, and
 * stock-bench.mjs for the sheet with an 'Estoque' column). Builds a sheet of `count` products (every 5th a Tamanho ×
 * Cor grid of 6 variants, the rest one row each, spread over 20 category paths; `images` photo URLs each; with
 * `stock`, an 'Estoque' count on every row), opens a fresh file-backed PGlite database in a temporary directory (as
 * the server runs it; or `databaseUrl` for PostgreSQL, in a throwaway schema), creates a shop, then times what the
 * console runs for each pass: the preview (read, check, count against the catalogue), the job (every product through
 * the one writer and, with `stock`, its counts as ledger rows, `batchSize` products per transaction), the first time
 * and with the same file again. Prints seconds (wall clock, and this process's CPU time: PGlite runs in it, so the
 * CPU figure is the import's own work whatever else loads the machine), rows/s and products/s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

register();
const src = '../../apps/server/src';
const { openDb } = await import(`${src}/db/client.ts`);
const { migrate } = await import(`${src}/db/migrate.ts`);
const { createPgDatabase } = await import(`${src}/test/pg-database.ts`);
const { createShop } = await import(`${src}/modules/shop/onboarding.ts`);
const { previewCatalogImport, startCatalogImport } = await import(`${src}/flows/catalog/import.ts`);
const { runCatalogImportSlice } = await import(`${src}/flows/catalog/run-import.ts`);
const { productRows, sheetHeader, sheetLines } = await import(`${src}/modules/catalog-import/sheet-write.ts`);
const { blankProduct, productInput } = await import('../../packages/contracts/src/console-catalog.ts');

/** The sheet: its bytes and its row count. */
export function buildSheet({ count, images = 0, stock = false }) {
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
    const photos = Array.from({ length: images }, (_, k) => `https://cdn.loja.com.br/${code}-${k}.jpg`);
    const counts = (variantSku) => (stock ? 1 + ((i + (variantSku?.length ?? 0)) % 50) : null);
    rows.push(...productRows(p, paths[i % paths.length], photos, counts));
  }
  return { csv: Buffer.from(sheetHeader() + sheetLines(rows)), rowCount: rows.length };
}

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/**
 * Imports the sheet twice into a fresh shop and answers each pass's figures: seconds and CPU seconds of the
 * preview, the job and both, and the job's counts. `label` prefixes the printed lines.
 */
export async function timeSheetImport({
  count,
  batchSize = 100,
  images = 0,
  stock = false,
  databaseUrl,
  label = '',
}) {
  const dir = databaseUrl ? null : mkdtempSync(join(tmpdir(), 'vitrine-import-bench-'));
  // A throwaway database on the server (never the test database's own schema, where the suite's tests look).
  const database = databaseUrl ? await createPgDatabase(databaseUrl, { poolSize: 10 }) : null;
  const db = database?.db ?? (await openDb({ dataDir: dir }));
  const passes = [];
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
    const { csv, rowCount } = buildSheet({ count, images, stock });
    const deps = { db, forgetShop: () => undefined, owner: 'bench' };
    const line = (name, seconds, cpuSeconds) =>
      console.log(
        `${`${label}${name}`.padEnd(34)} ${seconds.toFixed(1).padStart(6)} s (CPU ${cpuSeconds.toFixed(1).padStart(5)} s)  ${Math.round(
          rowCount / seconds,
        )
          .toString()
          .padStart(6)} rows/s  ${Math.round(count / seconds)
          .toString()
          .padStart(6)} products/s`,
      );
    console.log(
      `${label}${count} products, ${rowCount} rows${stock ? ' with Estoque' : ''}, ${(csv.length / 1e6).toFixed(1)} MB, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, batch ${batchSize}`,
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
      const [ledger] = await db.query(
        `select count(*)::int as rows, coalesce(sum(on_hand_delta), 0)::int as on_hand from stock_movements
          where shop_id = $1 and reason = 'import'`,
        [shop.id],
      );
      line(`${pass}: job`, jobS, jobCpu);
      line(`${pass}: total`, previewS + jobS, previewCpu + jobCpu);
      console.log(
        `  ${job.status}: ${job.created} created, ${job.changed} changed, ${job.unchanged} unchanged; ` +
          `${preview.preview.stock.count} stock counts previewed, ${ledger.rows} import ledger rows in all`,
      );
      passes.push({
        pass,
        previewS,
        previewCpu,
        jobS,
        jobCpu,
        job,
        stockPreviewed: preview.preview.stock.count,
        ledger,
        rowCount,
      });
    }
    return passes;
  } finally {
    await (database ? database.drop() : db.close());
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
