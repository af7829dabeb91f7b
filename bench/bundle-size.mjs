#!/usr/bin/env node
/**
 * First-route JS size (quality bar: ≤ 90 KB gzip).
 *
 * Reads apps/web/dist/.vite/manifest.json, takes the entry chunk (index.html) and every chunk it imports
 * statically (`imports`, recursively — `dynamicImports` are lazy routes and do not count), gzips each
 * file (zlib's default level 6, as Vite's own report and most servers' on-the-fly gzip) and prints per-chunk and total
 * sizes in KB (1 KB = 1024 bytes). CSS of those chunks is printed for information, outside the budget.
 * Exits 1 when the JS total is over the budget, 2 when there is no build.
 *
 * Usage: npm run build -w apps/web && node bench/bundle-size.mjs [--dist apps/web/dist] [--budget 90]
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index !== -1 && process.argv[index + 1] ? process.argv[index + 1] : fallback;
}

const dist = resolve(root, option('dist', 'apps/web/dist'));
const budgetKb = Number(option('budget', '90'));
const manifestPath = join(dist, '.vite', 'manifest.json');

if (!existsSync(manifestPath)) {
  console.error(`No manifest at ${manifestPath}. Run: npm run build -w apps/web`);
  process.exit(2);
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey =
  Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html')) ??
  Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('No entry chunk in the manifest.');
  process.exit(2);
}

/** Entry first, then its static imports depth-first, each once. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) staticClosure(child, seen);
  return seen;
}

const kb = (bytes) => bytes / 1024;
const gzipBytes = (file) => gzipSync(readFileSync(join(dist, file))).length;

const chunks = [...staticClosure(entryKey)].map((key) => {
  const { file } = manifest[key];
  return { key, file, raw: readFileSync(join(dist, file)).length, gzip: gzipBytes(file) };
});
const cssFiles = [...new Set(chunks.flatMap(({ key }) => manifest[key].css ?? []))];

const pad = (text, width) => String(text).padEnd(width);
const num = (value) => kb(value).toFixed(2).padStart(9);

console.log(`First-route JS (entry ${entryKey} + static imports) — ${dist}`);
console.log(`${pad('chunk', 44)}${'raw KB'.padStart(9)}${'gzip KB'.padStart(9)}`);
for (const chunk of chunks) console.log(`${pad(chunk.file, 44)}${num(chunk.raw)}${num(chunk.gzip)}`);

const totalRaw = chunks.reduce((sum, chunk) => sum + chunk.raw, 0);
const totalGzip = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
console.log(`${pad('total JS', 44)}${num(totalRaw)}${num(totalGzip)}`);

for (const file of cssFiles) {
  const raw = readFileSync(join(dist, file)).length;
  console.log(`${pad(`${file} (CSS, not counted)`, 44)}${num(raw)}${num(gzipBytes(file))}`);
}

const over = kb(totalGzip) > budgetKb;
console.log(
  `${over ? 'OVER' : 'OK'}: ${kb(totalGzip).toFixed(2)} KB gzip of ${budgetKb} KB budget` +
    (over ? '' : ` (${(budgetKb - kb(totalGzip)).toFixed(2)} KB left)`),
);
process.exit(over ? 1 : 0);
