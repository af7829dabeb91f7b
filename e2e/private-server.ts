/**
 * A server of a spec's own (its own data directory and port), for specs whose data would disturb the others —
 * the stored-XSS payloads and a Tray import into a demo shop. Its output goes to `.tmp/e2e-logs/<name>.log`,
 * which the secrets scan reads after the suite (scripts/scan-secrets.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { basename } from 'node:path';

export const PRIVATE_PLATFORM_KEY = 'e2e-private-platform-key-0123456789';
const ROOT = new URL('../', import.meta.url).pathname;

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Runs side by side (each with its own E2E_DATA_DIR, e.g. `.tmp/e2e-h3`) keep their private servers apart. */
const RUN = process.env.E2E_DATA_DIR ? `${basename(process.env.E2E_DATA_DIR)}-` : 'e2e-';

/** Where the private server `name` keeps its PGlite database. */
export const privateDataDir = (name: string) => `${ROOT}.tmp/${RUN}${name}-data`;

/** The migrated and seeded data directory e2e/global-setup.ts builds once per run; private servers start from a copy. */
export const seededTemplateDir = () => `${ROOT}.tmp/${RUN}seeded-template`;

/** The environment a private server of `dataDir` on `port` runs with (and an app built in-process, e2e/prepared-server.ts). */
export function privateServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PLATFORM_API_KEY: PRIVATE_PLATFORM_KEY,
    LOG_LEVEL: 'info',
    TRAY_SYNC_INTERVAL_MINUTES: '360',
    // No balancer waits for a spec's server to leave: stop() closes it at once (a seed waits on it).
    SHUTDOWN_DRAIN_MS: '0',
  };
}

/** A fresh data directory for the private server `name`: a copy of the seeded template (migrated, demo seeded). */
export function freshPrivateDataDir(name: string, withTemplate = true): string {
  const dataDir = privateDataDir(name);
  rmSync(dataDir, { recursive: true, force: true });
  if (withTemplate && existsSync(seededTemplateDir()))
    cpSync(seededTemplateDir(), dataDir, { recursive: true });
  return dataDir;
}

export type PrivateServer = { origin: string; port: number; dataDir: string; stop: () => Promise<void> };

/**
 * Starts the server on a fresh data directory, or — `again` — on the one a stopped server of that name left
 * (same port, so links it gave out still work), after a test wrote to its database directly, or on the one
 * e2e/prepared-server.ts made ready before any start.
 */
export async function startPrivateServer(
  name: string,
  again?: { port: number },
  /** Extra environment (e.g. DATABASE_URL for several servers on one PostgreSQL database). */
  env: Record<string, string> = {},
): Promise<PrivateServer> {
  const port = again?.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  // A copy of the seeded template: the server's start then finds its migrations applied and the demo seeded.
  const dataDir = again ? privateDataDir(name) : freshPrivateDataDir(name, !env.DATABASE_URL);
  mkdirSync(`${ROOT}.tmp/e2e-logs`, { recursive: true });
  const log = createWriteStream(`${ROOT}.tmp/e2e-logs/${RUN}${name}.log`, { flags: again ? 'a' : 'w' });
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...privateServerEnv(port, dataDir), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const until = Date.now() + 90_000;
  for (;;) {
    const health = await fetch(`${origin}/healthz`).catch(() => null);
    if (health?.ok) break;
    if (Date.now() > until || child.exitCode !== null) throw new Error(`${name} server did not start`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    origin,
    port,
    dataDir,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
