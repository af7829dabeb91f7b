// The whole test suite: types, lint, unit + server (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), browser,
// then the secrets scan of what the browser run left behind.
import { execSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { findChromium } from './chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
const run = (label, command, env = {}) => {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  execSync(command, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`✔ ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
};

try {
  const chrome = findChromium(); // fail early, before the long steps, when no browser can be had
  run('typecheck', 'npx tsc -b');
  run('lint', 'npx eslint . && npx prettier --check . --log-level warn');
  run(
    `unit + server tests (${process.env.TEST_DATABASE_URL ? 'PGlite + PostgreSQL' : 'PGlite'})`,
    'npx vitest run',
  );
  run('build web', 'npm run build -w apps/web');
  run('bundle budget', 'node bench/bundle-size.mjs');
  rmSync(new URL('../.tmp/e2e-logs', import.meta.url), { recursive: true, force: true });
  run('browser tests (Playwright + Chromium)', 'npx playwright test', { CHROME_PATH: chrome });
  // The e2e servers' logs and databases, after everything ran: no card, code, key or secret in clear.
  run(
    'secrets scan (logs + database dump)',
    'node --import tsx apps/server/src/security/scan-secrets-cli.ts',
  );
  console.log('\nTodos os testes passaram.');
} catch (error) {
  console.error(`\n✖ ${error instanceof Error ? error.message.split('\n')[0] : error}`);
  process.exit(1);
}
