// The whole test suite: types, lint, unit + server (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), browser.
import { execSync } from 'node:child_process';
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
  run('browser tests (Playwright + Chromium)', 'npx playwright test', { CHROME_PATH: chrome });
  console.log('\nTodos os testes passaram.');
} catch (error) {
  console.error(`\n✖ ${error instanceof Error ? error.message.split('\n')[0] : error}`);
  process.exit(1);
}
