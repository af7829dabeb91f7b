/**
 * A PGlite backend that exits under a statement (here: COPY FROM STDIN through the extended protocol, which reads
 * past the end of its input and exits) fails that statement and every later one at once, naming the cause and the
 * statement — where PGlite alone would spin forever on the next one (pglite-guard.ts). Run in a child process with a
 * time limit: if the guard broke, the spin would hang this process, where no test timeout can reach it.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { pgliteTemplatePath } from '../test/pglite-template.ts';
import { describeStop } from './pglite-guard.ts';

const PGLITE = fileURLToPath(new URL('./pglite.ts', import.meta.url));
const TEMPLATE = pgliteTemplatePath(); // vitest's global setup built it: opening it skips initdb

const PROBE = `
import { readFileSync } from 'node:fs';
import { openPglite } from ${JSON.stringify(PGLITE)};
const db = await openPglite(undefined, { loadDataDir: new Blob([readFileSync(${JSON.stringify(TEMPLATE)})]) });
const outcome = async (promise) => promise.then(() => 'ok', (error) => \`\${error.name}: \${error.message}\`);
await db.query('create table t (a int)');
const results = {
  before: await outcome(db.query('select 1 as x')),
  exits: await outcome(db.query('copy t from stdin')),
  after: await outcome(db.query('select 1 as x')),
  transaction: await outcome(db.transaction((tx) => tx.query('select 1 as x'))),
};
await db.close().catch(() => {});
console.log(JSON.stringify(results));
process.exit(0);
`;

it('a backend that exits fails its statement and the next ones with the cause, instead of spinning', () => {
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PROBE], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  const results = JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, string>;
  expect(results.before).toBe('ok');
  const stopped =
    'PgliteStoppedError: PGlite stopped (ExitStatus: Program terminated with exit(1): status 1)';
  expect(results.exits).toBe(`${stopped} while running: copy t from stdin`);
  expect(results.after).toBe(`${stopped} while running: copy t from stdin`);
  expect(results.transaction).toBe(`${stopped} while running: copy t from stdin`);
});

it('a trap inside the backend is named with its innermost WASM frames, which say where it died', () => {
  // The shape of the trap PGlite 0.5.16 met in pg_trgm (decision 0012): side module frames, then the main module's.
  const trap = Object.assign(new Error('null function or function signature mismatch'), {
    name: 'RuntimeError',
  });
  trap.stack = [
    'RuntimeError: null function or function signature mismatch',
    '    at wasm://wasm/0001f456:wasm-function[133]:0x3ebb',
    '    at wasm://wasm/022a9842:wasm-function[10911]:0x527910',
    '    at q.execProtocolRawSync (node_modules/@electric-sql/pglite/dist/chunk-XZUEO4BZ.js:3:199243)',
  ].join('\n');
  expect(describeStop(trap)).toBe(
    'RuntimeError: null function or function signature mismatch at wasm://wasm/0001f456:wasm-function[133]:0x3ebb' +
      ' < wasm://wasm/022a9842:wasm-function[10911]:0x527910',
  );
});
