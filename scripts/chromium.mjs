// Finds the Chromium the browser tests drive: CHROME_PATH, else /usr/bin/chromium; installs it with apt as root.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function findChromium() {
  const wanted = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (existsSync(wanted)) return wanted;
  if (process.env.CHROME_PATH) {
    throw new Error(`CHROME_PATH=${wanted} não existe. Aponte CHROME_PATH para um Chromium instalado.`);
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let hasApt = false;
  try {
    execSync('command -v apt-get', { stdio: 'ignore' });
    hasApt = true;
  } catch {
    hasApt = false;
  }
  if (isRoot && hasApt) {
    console.log('Chromium não encontrado: instalando o pacote chromium com apt-get…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
      shell: '/bin/bash',
    });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error(
    'Chromium não encontrado para os testes de navegador. Instale com `sudo apt-get install -y chromium` ' +
      'ou defina CHROME_PATH com o caminho de um Chromium/Chrome.',
  );
}
