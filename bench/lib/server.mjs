/** Shared by the bench scripts: start the real server as a child process and mint sessions through the API. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
    probe.on('error', fail);
  });
}

/**
 * Starts `apps/server/src/server.ts` on a free port with `env` on top of ours; PGlite in `dataDir` (a fresh
 * temporary one, removed on stop, when not given) unless env.DATABASE_URL is set. Resolves once /healthz answers.
 * `cpuMs()` reads the child's CPU time (user + system) from Linux /proc.
 */
export async function startServer({ key, env: extra = {}, dataDir } = {}) {
  const port = await freePort();
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'vitrine-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    PLATFORM_API_KEY: key,
    PUBLIC_URL: url,
    // No balancer waits for a bench's server to leave: stop() closes it at once.
    SHUTDOWN_DRAIN_MS: '0',
    ...extra,
  };
  if (!extra.DATABASE_URL) delete env.DATABASE_URL;
  // BENCH_NODE_ARGS adds node flags to the server only, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not answer /healthz in time');
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const cpuMs = () => {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (CLK_TCK 100)
  };
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    if (!dataDir) rmSync(dir, { recursive: true, force: true });
  };
  return { url, stop, cpuMs };
}

/** Mints a session through the platform API; resolves with its code. */
export async function mintSession(url, key, { shop = 'hortifruti', sessionType = 'contact', phone } = {}) {
  // A kept-alive socket the server closed while a long run (Lighthouse) was busy fails once: ask again.
  const post = (init) =>
    fetch(`${url}/api/platform/sessions`, init).catch(() => fetch(`${url}/api/platform/sessions`, init));
  const res = await post({
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      shop,
      sessionType,
      channelType: 'whatsapp',
      contact: {
        name: 'Cliente Bench',
        phone: phone ?? `1196${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      },
    }),
  });
  if (res.status !== 201) throw new Error(`platform API answered ${res.status}: ${await res.text()}`);
  return (await res.json()).data.code;
}
