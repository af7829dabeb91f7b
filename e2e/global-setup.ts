/**
 * Once per Playwright run, before the specs: a data directory with the migrations applied and the demo shops seeded
 * (`npm run seed`, as a server's first start does), which each private server copies instead of migrating and
 * seeding its own (e2e/private-server.ts). Built fresh every run: the seed's slots are relative to today.
 */
import { execFileSync } from 'node:child_process';
import { renameSync, rmSync } from 'node:fs';
import { seededTemplateDir } from './private-server';

const ROOT = new URL('../', import.meta.url).pathname;

export default function globalSetup() {
  const dir = seededTemplateDir();
  const building = `${dir}.building`;
  rmSync(dir, { recursive: true, force: true });
  rmSync(building, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: building };
  delete env.DATABASE_URL;
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/seed.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  renameSync(building, dir);
}
