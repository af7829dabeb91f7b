#!/usr/bin/env node
/**
 * Bench smoke (a step of `npm test`): every bench in SMOKE_BENCHES runs in its smoke mode (`--smoke`: tiny sizes, a
 * few seconds, its figures checked for shape, see lib/smoke.mjs), so a moved file or a renamed route that breaks a
 * bench fails CI at once rather than the next person who measures. A bench passes when it exits 0 and printed
 * `smoke ok: …`; a file in bench/ that is not in the list fails the smoke too (add it, one line).
 *
 * The web build must exist (`npm run build -w apps/web`): bundle-size reads it, the first view and Lighthouse serve it.
 *
 * Usage: node bench/smoke.mjs [--jobs 2] [--verbose] [bench-name …]   (e.g. `node bench/smoke.mjs order-bench`)
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { root, startServer } from './lib/server.mjs';

/**
 * One line per bench, run with `node --import tsx bench/<bench> --smoke`:
 *   server:   gets `--url … --key …` of one demo server (PGlite, demo seed) this runner starts and shares;
 *   database: gets `--database-url $TEST_DATABASE_URL` when it is set (a throwaway database on that server, never
 *             the test database itself; PostgreSQL migrates in a second where PGlite takes several);
 *   timeout:  seconds before the bench counts as failed (default 180).
 */
export const SMOKE_BENCHES = [
  { bench: 'bundle-size.mjs' },
  { bench: 'catalog-bench.mjs' },
  { bench: 'catalog-import-bench.mjs', database: true },
  { bench: 'feed-bench.mjs', database: true },
  { bench: 'first-view-bench.mjs', server: true },
  { bench: 'journey-bench.mjs', database: true },
  { bench: 'lighthouse.mjs', server: true, timeout: 300 },
  { bench: 'live-sse-bench.mjs', database: true },
  { bench: 'order-bench.mjs', server: true },
  { bench: 'orders-board-bench.mjs', database: true },
  { bench: 'recovery-bench.mjs', database: true },
  { bench: 'replica-bench.mjs', database: true },
  { bench: 'reports-bench.mjs', database: true },
  { bench: 'reports-products-bench.mjs', database: true },
  { bench: 'scale-bench.mjs', database: true },
  { bench: 'search-bench.mjs' },
  { bench: 'stock-bench.mjs', database: true, timeout: 300 },
  { bench: 'whatsapp-webhook-bench.mjs', database: true },
];

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    jobs: { type: 'string', default: '2' },
    verbose: { type: 'boolean', default: false },
  },
});
const KEY = 'bench-smoke-platform-key-0123456789';

const listed = new Set(SMOKE_BENCHES.map((b) => b.bench));
const unlisted = readdirSync(new URL('.', import.meta.url)).filter(
  (f) => f.endsWith('.mjs') && f !== 'smoke.mjs' && !listed.has(f),
);
const wanted = SMOKE_BENCHES.filter(
  (b) => positionals.length === 0 || positionals.some((p) => b.bench.startsWith(p)),
);
if (wanted.length === 0) {
  console.error(`No bench matches ${positionals.join(', ')}.`);
  process.exit(1);
}

/** Runs one bench; resolves { ok, seconds, output }. */
function runBench({ bench, server, database, timeout = 180 }, shared) {
  const extra = [];
  if (server) extra.push('--url', shared.url, '--key', KEY);
  if (database && process.env.TEST_DATABASE_URL) extra.push('--database-url', process.env.TEST_DATABASE_URL);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `bench/${bench}`, '--smoke', ...extra], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const take = (chunk) => {
      output += chunk;
      if (args.verbose) process.stdout.write(`[${bench}] ${chunk}`);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const timer = setTimeout(() => {
      output += `\n(killed after ${timeout} s)`;
      child.kill('SIGKILL');
    }, timeout * 1000);
    child.on('close', (code) => {
      clearTimeout(timer);
      const ok = code === 0 && /^smoke ok:/m.test(output);
      resolve({ bench, ok, code, seconds: (Date.now() - started) / 1000, output });
    });
  });
}

const shared = wanted.some((b) => b.server) ? await startServer({ key: KEY }) : null;
const results = [];
try {
  const queue = [...wanted];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const result = await runBench(next, shared);
      results.push(result);
      const checks = result.output.match(/^smoke ok: (.*)$/m)?.[1] ?? 'failed';
      console.log(
        `${result.ok ? '✔' : '✖'} ${result.bench.padEnd(26)} ${result.seconds.toFixed(1).padStart(6)} s  ${checks}`,
      );
      if (!result.ok && !args.verbose) {
        console.log(`--- ${result.bench} (exit ${result.code}) ---\n${result.output.trimEnd()}\n---`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Number(args.jobs)) }, worker));
} finally {
  await shared?.stop();
}

const failed = results.filter((r) => !r.ok).map((r) => r.bench);
if (unlisted.length) console.error(`Benches not in SMOKE_BENCHES (bench/smoke.mjs): ${unlisted.join(', ')}`);
if (failed.length || unlisted.length) {
  if (failed.length) console.error(`Bench smoke failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`Bench smoke: ${results.length} benches ok.`);
