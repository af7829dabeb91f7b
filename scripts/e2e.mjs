// The browser tests alone (`npm run test:e2e [-- <playwright args>]`): builds the web app as `npm test` does, runs
// Playwright on the system Chromium's headless shell (scripts/chromium.mjs), then scans what the run left behind for secrets. E2E_PORT picks the port.
import { execFileSync, execSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { findChromium, findTestBrowser } from './chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
const env = { ...process.env, CHROME_PATH: findChromium(), E2E_CHROME_PATH: findTestBrowser() };

try {
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
  rmSync(new URL('../.tmp/e2e-logs', import.meta.url), { recursive: true, force: true });
  execFileSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env });
  execSync('node --import tsx apps/server/src/security/scan-secrets-cli.ts', {
    cwd: root,
    stdio: 'inherit',
    env,
  });
} catch (error) {
  console.error(`\n✖ ${error instanceof Error ? error.message.split('\n')[0] : error}`);
  process.exit(1);
}
