#!/usr/bin/env node
/**
 * JS size of the catalogue (first route), product and cart routes (quality bar: ≤ 90 KB gzip each).
 *
 * Reads apps/web/dist/.vite/manifest.json; for each route takes the entry chunk (index.html), the route's page
 * chunk and every chunk they import statically (`imports`, recursively — other lazy routes do not count), gzips each
 * file (zlib's default level 6, as Vite's own report and most servers' on-the-fly gzip) and prints per-chunk and total
 * sizes in KB (1 KB = 1024 bytes). CSS of those chunks is printed for information, outside the budget.
 * Exits 1 when the JS total is over the budget, 2 when there is no build.
 *
 * --smoke (bench/smoke.mjs): the same run (it takes a second), the budget kept, and the figures checked.
 *
 * Usage: npm run build -w apps/web && node bench/bundle-size.mjs [--dist apps/web/dist] [--budget 90] [--smoke]
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { endSmoke, expect, figure } from './lib/smoke.mjs';

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

/** Routes with a budget: their page module, loaded lazily after the entry. */
const ROUTES = [
  ['catalog (first route)', 'src/features/catalog/components/catalog-page.tsx'],
  ['product', 'src/features/product/components/product-page.tsx'],
  ['cart', 'src/features/cart/components/cart-page.tsx'],
];

const pad = (text, width) => String(text).padEnd(width);
const num = (value) => kb(value).toFixed(2).padStart(9);
const sizes = new Map();
function sizeOf(key) {
  if (!sizes.has(key)) {
    const { file } = manifest[key];
    sizes.set(key, { file, raw: readFileSync(join(dist, file)).length, gzip: gzipBytes(file) });
  }
  return sizes.get(key);
}

let failed = false;
for (const [name, page] of ROUTES) {
  const pageKey = Object.keys(manifest).find((key) => key.endsWith(page));
  if (!pageKey) {
    console.error(`No chunk for ${page} in the manifest.`);
    process.exit(2);
  }
  // What a first visit to the route downloads: the entry, the page chunk and their static imports.
  const keys = [...staticClosure(pageKey, staticClosure(entryKey))];
  const chunks = keys.map(sizeOf);
  console.log(`\nJS of the ${name} route — entry + ${page} + static imports`);
  console.log(`${pad('chunk', 44)}${'raw KB'.padStart(9)}${'gzip KB'.padStart(9)}`);
  for (const chunk of chunks) console.log(`${pad(chunk.file, 44)}${num(chunk.raw)}${num(chunk.gzip)}`);
  const totalRaw = chunks.reduce((sum, chunk) => sum + chunk.raw, 0);
  const totalGzip = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
  expect(`${name}: JS chunks found (got ${chunks.length})`, chunks.length > 1);
  figure(`${name} gzip KB`, kb(totalGzip));
  console.log(`${pad('total JS', 44)}${num(totalRaw)}${num(totalGzip)}`);
  const cssFiles = [...new Set(keys.flatMap((key) => manifest[key].css ?? []))];
  const cssGzip = cssFiles.reduce((sum, file) => sum + gzipBytes(file), 0);
  console.log(`${pad(`CSS (${cssFiles.length} files, not counted)`, 44)}${''.padStart(9)}${num(cssGzip)}`);
  const over = kb(totalGzip) > budgetKb;
  failed ||= over;
  console.log(
    `${over ? 'OVER' : 'OK'}: ${name} ${kb(totalGzip).toFixed(2)} KB gzip of ${budgetKb} KB budget` +
      (over ? '' : ` (${(budgetKb - kb(totalGzip)).toFixed(2)} KB left)`),
  );
}
// The shop console: its own build (apps/web/vite.console.config.ts), reported without a budget; it never loads
// with the storefront.
const consoleManifestPath = join(dist, '.vite', 'console-manifest.json');
if (existsSync(consoleManifestPath)) {
  const consoleManifest = JSON.parse(readFileSync(consoleManifestPath, 'utf8'));
  const closure = (key, seen = new Set()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const child of consoleManifest[key]?.imports ?? []) closure(child, seen);
    return seen;
  };
  const entry = Object.keys(consoleManifest).find((key) => consoleManifest[key].isEntry);
  const files = [...closure(entry)].map((key) => consoleManifest[key].file);
  const gzip = files.reduce((sum, file) => sum + gzipBytes(file), 0);
  const css = [...closure(entry)].flatMap((key) => consoleManifest[key].css ?? []);
  const cssGzip = css.reduce((sum, file) => sum + gzipBytes(file), 0);
  figure('console entry gzip KB', kb(gzip));
  console.log(
    `\nConsole entry (console.html, separate build): ${files.length} JS file(s), ${kb(gzip).toFixed(2)} KB gzip JS, ` +
      `${kb(cssGzip).toFixed(2)} KB gzip CSS — not loaded by any storefront route`,
  );
}
endSmoke();
process.exit(failed ? 1 : (process.exitCode ?? 0));
