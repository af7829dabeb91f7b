/**
 * Seeds the configured database.
 *   node --import tsx apps/server/src/cli/seed.ts                          demo shops
 *   node --import tsx apps/server/src/cli/seed.ts --products 100000 --shop bench   benchmark shop
 * DATABASE_URL selects PostgreSQL; otherwise PGlite in DATA_DIR (default ./data).
 */
import { mkdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { openDb } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seedBench } from '../db/seed/bench.ts';
import { seedDemo } from '../db/seed/demo.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      shop: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log('Uso: seed [--products N --shop <slug>]');
    return;
  }
  const bench = values.products !== undefined || values.shop !== undefined;
  const products = Number(values.products ?? 100_000);
  const slug = values.shop ?? 'bench';
  if (bench && (!Number.isInteger(products) || products < 1)) {
    throw new Error(`--products precisa ser um inteiro positivo (recebido: ${values.products})`);
  }

  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR || './data';
  if (!databaseUrl) await mkdir(dataDir, { recursive: true });
  const db = await openDb(databaseUrl ? { databaseUrl } : { dataDir });
  const target = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${dataDir}`;
  try {
    const applied = await migrate(db);
    console.log(
      `Banco: ${target}. Migrações aplicadas: ${applied.length ? applied.join(', ') : 'nenhuma pendente'}.`,
    );
    if (bench) {
      const result = await seedBench(db, { products, slug });
      const { shop } = result;
      console.log(
        shop.created
          ? `Loja de benchmark "${shop.slug}" criada com ${result.products} produtos em ${(result.elapsedMs / 1000).toFixed(1)} s.`
          : `Loja "${shop.slug}" já existe (${result.products} produtos); nada foi alterado.`,
      );
      return;
    }
    const started = performance.now();
    const { shops } = await seedDemo(db);
    for (const shop of shops) {
      const [row] = await db.query<{ n: number | string }>(
        'select count(*) as n from products where shop_id = $1',
        [shop.id],
      );
      const status = shop.created ? 'criada' : 'já existia, nada alterado';
      console.log(`Loja "${shop.slug}" (${shop.name}): ${status}; ${Number(row?.n ?? 0)} produtos.`);
    }
    console.log(`Demonstração pronta em ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
