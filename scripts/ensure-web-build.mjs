// Builds the web app when its bundle is missing or older than its sources (used by `npm start`).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const built = [join(root, 'apps/web/dist/index.html'), join(root, 'apps/web/dist/console.html')];
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/console.html',
  'apps/web/vite.config.ts',
  'apps/web/vite.console.config.ts',
  'apps/web/public',
  'packages/contracts/src',
];

function newest(path) {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((name) => newest(join(path, name))));
}

const builtAt = Math.min(...built.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
if (builtAt === 0 || Math.max(...sources.map(newest)) > builtAt) {
  console.log('Construindo o app web (vite build)…');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}
