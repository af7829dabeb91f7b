import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import type { Db } from './db/client.ts';
import { testConfig } from './test/test-app.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-server-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startServer(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: new URL('../../../', import.meta.url).pathname,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_MS: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Starts a POST, sends half its body, and finishes it on demand; resolves with the status code. */
function slowRequest(port: number) {
  const body = JSON.stringify({
    shop: 'nenhuma',
    sessionType: 'contact',
    channelType: 'whatsapp',
    contact: { name: 'A', phone: '11999990001' },
  });
  let status: (code: number) => void = () => undefined;
  const answered = new Promise<number>((resolve) => (status = resolve));
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/platform/sessions',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  req.on('response', (res) => {
    res.resume();
    status(res.statusCode ?? 0);
  });
  const started = new Promise<void>((resolve) =>
    req.on('socket', (socket) => socket.on('connect', () => resolve())),
  );
  req.write(body.slice(0, 20));
  return {
    started: started.then(() => new Promise((r) => setTimeout(r, 100))),
    finish: () => {
      req.end(body.slice(20));
      return answered;
    },
  };
}

async function waitHealthy(port: number, timeoutMs = 60_000): Promise<Response> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(`http://127.0.0.1:${port}/healthz`);
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

it('answers /healthz; on SIGTERM turns it 503 while still serving, drains, closes the database, restarts on the same data', async () => {
  const port = 3400 + Math.floor(Math.random() * 500);
  for (let run = 0; run < 2; run++) {
    const server = startServer(port);
    const health = await waitHealthy(port);
    expect(health.status).toBe(200);
    // A request whose body is still arriving when SIGTERM lands must still be answered.
    const inFlight = slowRequest(port);
    await inFlight.started;
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    // Draining: the balancer is told to stop sending (503), a request that still comes is served.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(503);
    const late = await fetch(`http://127.0.0.1:${port}/api/platform/sessions`, { method: 'POST' });
    expect(late.status).toBe(401);
    expect(late.headers.get('connection')).toBe('close');
    expect(await inFlight.finish()).toBe(401);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('closed cleanly');
  }
}, 120_000);

it('answers /healthz with 503 when the database is unreachable', async () => {
  const broken: Db = {
    kind: 'postgres',
    query: async () => {
      throw new Error('connection refused');
    },
    transaction: async () => {
      throw new Error('connection refused');
    },
    listen: async () => {
      throw new Error('connection refused');
    },
    close: async () => undefined,
  };
  const app = await buildApp({ db: broken, config: testConfig(), logger: false });
  const response = await app.inject({ url: '/healthz' });
  expect(response.statusCode).toBe(503);
  await app.close();
});
