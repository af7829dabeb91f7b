// The browsers the tests drive. Lighthouse (bench/lighthouse.mjs) needs the whole Chromium: CHROME_PATH, else
// /usr/bin/chromium. The browser tests drive Chromium's headless shell when it is there (E2E_CHROME_PATH, else
// Debian's chromium-headless-shell): the same engine without the browser's own UI, a quarter less CPU on this
// machine's specs (docs/decisions/0070). As root with apt, a missing package is installed.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

function aptInstall(pkg) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) return false;
  try {
    execSync('command -v apt-get', { stdio: 'ignore' });
  } catch {
    return false;
  }
  console.log(`${pkg} não encontrado: instalando com apt-get…`);
  try {
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg}`, {
      stdio: 'inherit',
      shell: '/bin/bash',
    });
    return true;
  } catch {
    return false;
  }
}

export function findChromium() {
  const wanted = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (existsSync(wanted)) return wanted;
  if (process.env.CHROME_PATH) {
    throw new Error(`CHROME_PATH=${wanted} não existe. Aponte CHROME_PATH para um Chromium instalado.`);
  }
  if (aptInstall('chromium') && existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  throw new Error(
    'Chromium não encontrado para os testes de navegador. Instale com `sudo apt-get install -y chromium` ' +
      'ou defina CHROME_PATH com o caminho de um Chromium/Chrome.',
  );
}

/** The browser the Playwright tests drive: the headless shell of Chromium's version, else the whole Chromium. */
export function findTestBrowser() {
  if (process.env.E2E_CHROME_PATH) return process.env.E2E_CHROME_PATH;
  if (existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  if (aptInstall('chromium-headless-shell') && existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  return findChromium();
}
