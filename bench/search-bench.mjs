#!/usr/bin/env node
/**
 * Where a catalogue search's time goes, and what a console product save costs (issue 41, decision 0072), in this
 * process on the bench's 100k shop (lib/seed.mjs: a copy of the cached PGlite shop, or --database-url seeded once).
 *
 * 1. EXPLAIN (ANALYZE, BUFFERS) of the statements the routes run (`searchText` and `productFacets`, each explained
 *    just before it runs), over shapes the issue names: a common word, a typo, two words, a prefix, a rare word,
 *    nothing, with category, brand, price and attribute filters. Prints per shape the median execution and
 *    planning ms over --runs, the buffers touched and the three plan nodes with the most time of their own.
 * 2. A console product save (`saveConsoleProduct`: a Tamanho × Cor product with 6 variants, the instance's search
 *    index flusher running as in the app) against the same transaction with no index merge at all, in alternating
 *    blocks of 10, --saves each: the bar is the write path within 10 % (median).
 *
 * --smoke (bench/smoke.mjs): the 200-product shop, 2 runs a shape, 20 saves each way; checks every figure came out.
 *
 * Usage: node --import tsx bench/search-bench.mjs [--products 100000] [--runs 7] [--saves 120]
 *        [--database-url postgres://…/vitrine_bench]
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { explaining } from './lib/explain.mjs';
import { percentile } from './lib/paced.mjs';
import { runSeed, seededPgliteCache } from './lib/seed.mjs';
import { endSmoke, expect, figure, smoke } from './lib/smoke.mjs';
import { productInput } from '../packages/contracts/src/console-catalog.ts';
import { openDb } from '../apps/server/src/db/client.ts';
import { saveConsoleProduct } from '../apps/server/src/flows/catalog/edit.ts';
import { recordAudit } from '../apps/server/src/modules/audit/service.ts';
import { productFacets } from '../apps/server/src/modules/catalog/facets.ts';
import {
  saveProductIn,
  searchText,
  startSearchIndexFlusher,
} from '../apps/server/src/modules/catalog/service.ts';
import { notifyShopChanged } from '../apps/server/src/modules/shop/service.ts';
import { shirtBody } from '../apps/server/src/test/catalog-kit.ts';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: smoke ? '200' : '100000' },
    runs: { type: 'string', default: smoke ? '2' : '7' },
    saves: { type: 'string', default: smoke ? '20' : '120' },
    smoke: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
  },
});
const products = Number(args.products);
const runs = Number(args.runs);
const saves = Number(args.saves);
const databaseUrl = args['database-url'];
let dataDir = null;
if (databaseUrl) {
  runSeed({ databaseUrl }, []);
  runSeed({ databaseUrl }, ['--products', String(products), '--shop', 'bench']);
} else {
  dataDir = mkdtempSync(join(tmpdir(), 'vitrine-search-bench-'));
  cpSync(seededPgliteCache(products), dataDir, { recursive: true });
}
const db = await openDb(databaseUrl ? { databaseUrl } : { dataDir });
const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const ms = (v) => Number(v.toFixed(1));

/** The plan nodes with the most time of their own (a node's total × loops less its children's). */
function busiestNodes(plan) {
  const nodes = [];
  const walk = (node) => {
    const total = node['Actual Total Time'] * node['Actual Loops'];
    const children = (node.Plans ?? []).reduce((s, c) => s + c['Actual Total Time'] * c['Actual Loops'], 0);
    const name = node['Index Name'] ?? node['Relation Name'] ?? node['CTE Name'] ?? '';
    nodes.push({
      label: `${node['Node Type']}${name ? ` ${name}` : ''}`,
      self: total - children,
      rows: node['Actual Rows'],
    });
    (node.Plans ?? []).forEach(walk);
  };
  walk(plan.Plan);
  return nodes
    .sort((a, b) => b.self - a.self)
    .slice(0, 3)
    .map((n) => `${n.label} ${ms(Math.max(0, n.self))} ms × ${n.rows} rows`)
    .join('; ');
}

try {
  const [shop] = await db.query(`select id from shops where slug = 'bench'`);
  expect('the bench shop exists', Boolean(shop));
  let plans = [];
  const explained = explaining(db, (plan) => plans.push(plan), {
    options: 'analyze, buffers, format json',
    thenRun: true,
  });
  const context = (on) => ({
    db: on,
    session: { shopId: shop.id },
    tokenKey: Buffer.alloc(32),
    assistantRequests: async () => ({ productIds: [], searchTerms: [] }),
  });

  // 1. Where the time goes.
  const facetsOf = (searchQuery) => productFacets(context(db), { searchQuery });
  const value = (facets, key) => facets.find((f) => f.key.startsWith(key))?.values[0]?.value;
  const common = await facetsOf('arroz');
  const shirts = await facetsOf('camiseta');
  const attribute = shirts.find((f) => f.key.startsWith('attr:'));
  const shapes = [
    ['common word', 'arroz'],
    ['+ category', 'arroz', { key: 'category', values: [value(common, 'category')] }],
    ['+ brand', 'arroz', { key: 'brand', values: [value(common, 'brand')] }],
    ['+ price range', 'arroz', { key: 'price', range: { from: 5, to: 20 } }],
    ['typo', 'chocolatte'],
    ['typo + brand', 'chocolatte', { key: 'brand', values: [value(common, 'brand')] }],
    ['two words', 'feijao carioca'],
    [
      'two words + attribute',
      'camiseta preta',
      attribute && { key: attribute.key, values: [attribute.values[0].value] },
    ],
    ['prefix', 'cam'],
    ['rare word', 'heineken'],
    ['nothing', 'zzzq'],
  ];
  const table = {};
  for (const [label, searchQuery, filter] of shapes) {
    const filters = filter?.values?.[0] || filter?.range ? [filter] : undefined;
    const row = {};
    for (const kind of ['listing', 'facets']) {
      const execution = [];
      const planning = [];
      let last = null;
      for (let i = 0; i < runs; i++) {
        plans = [];
        if (kind === 'listing')
          await searchText(context(explained), { searchQuery, filters, pageNumber: 0, perPage: 20 });
        else await productFacets(context(explained), { searchQuery, filters });
        last = plans[0];
        execution.push(last['Execution Time']);
        planning.push(last['Planning Time']);
      }
      row[`${kind} ms`] = ms(median(execution));
      row[`${kind} planning`] = ms(median(planning));
      row[`${kind} buffers`] = (last.Plan['Shared Hit Blocks'] ?? 0) + (last.Plan['Shared Read Blocks'] ?? 0);
      row[`${kind} nodes`] = busiestNodes(last);
      figure(`${label} ${kind} execution`, row[`${kind} ms`]);
    }
    table[`${label} (${searchQuery})`] = row;
  }
  for (const [name, row] of Object.entries(table)) {
    console.log(
      `${name.padEnd(36)} listing ${row['listing ms']} ms (plan ${row['listing planning']}, ${row['listing buffers']} buffers) · facets ${row['facets ms']} ms (plan ${row['facets planning']}, ${row['facets buffers']} buffers)`,
    );
    console.log(`${''.padEnd(36)} listing: ${row['listing nodes']}`);
    console.log(`${''.padEnd(36)} facets:  ${row['facets nodes']}`);
  }

  // 2. A console product save, with the flusher as the app runs it, against no merge at all.
  const stopFlusher = startSearchIndexFlusher(db, { onError: (error) => console.error(error) });
  const actor = { userId: null, label: 'Bench', shopId: shop.id };
  let code = Date.now() % 1_000_000;
  const input = () => productInput.parse(shirtBody(`SEARCHBENCH-${code++}`, null));
  const shipped = () => saveConsoleProduct({ db, forgetShop: () => undefined }, actor, input(), 'create');
  const noMerge = () =>
    db.transaction(async (tx) => {
      const saved = await saveProductIn(tx, shop.id, input(), 'create');
      await recordAudit(tx, shop.id, actor, 'product.created', saved.code, { changes: saved.changes });
      await notifyShopChanged(tx, shop.id);
    });
  const times = { shipped: [], 'no merge': [] };
  for (let i = 0; i < 5; i++) await shipped(); // warm-up
  while (times.shipped.length < saves)
    for (const [name, save] of [
      ['shipped', shipped],
      ['no merge', noMerge],
    ])
      for (let i = 0; i < 10; i++) {
        const started = performance.now();
        await save();
        times[name].push(performance.now() - started);
      }
  await stopFlusher();
  const sorted = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, [...v].sort((a, b) => a - b)]));
  for (const [name, values] of Object.entries(sorted))
    console.log(
      `product save, ${name.padEnd(8)} n=${values.length} p50 ${ms(percentile(values, 50))} ms · p90 ${ms(percentile(values, 90))} ms`,
    );
  const ratio = percentile(sorted.shipped, 50) / percentile(sorted['no merge'], 50);
  figure('product save ratio', ratio);
  console.log(
    `product save within 10 % of no merge (median): ${ratio <= 1.1 ? 'ok' : 'MISSED'} (${((ratio - 1) * 100).toFixed(1)} %)`,
  );
} finally {
  await db.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
endSmoke();
