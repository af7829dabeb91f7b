/**
 * Attacker's suite 5 — the real server process in production (issue 14): without each required secret (or with
 * a demo value) it exits non-zero with the pt-BR message naming the variable; with all of them it starts,
 * prints no secret and no session link, and no demo route answers.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { DEMO_PLATFORM_API_KEY } from '../config-production.ts';
import { PRODUCTION_SECRETS, productionEnv } from '../test/production-env.ts';

const ROOT = new URL('../../../../', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-production-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A free TCP port on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function start(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    // Only what the server needs from this process: no inherited DEMO_MODE, keys or database.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

// Each secret one at a time is checked in-process (config-production.test.ts); the real process is started
// here for a missing secret, a demo value and a credentials key left out.
it('refuses to start without a required secret, or with a demo value, naming the variable', async () => {
  const cases: [string, string | undefined][] = [
    ['PLATFORM_API_KEY', undefined],
    ['MESSAGING_CREDENTIALS_KEY', undefined],
    ['PLATFORM_API_KEY', DEMO_PLATFORM_API_KEY],
  ];
  const runs = await Promise.all(
    cases.map(async ([name, value]) => {
      const server = start(productionEnv({ [name]: value, PORT: String(await freePort()) }));
      return { name, code: await server.exited, output: server.output() };
    }),
  );
  for (const run of runs) {
    expect(run.code, run.output).not.toBe(0);
    expect(run.output).toContain('A Vitrine não pode iniciar em produção');
    expect(run.output).toContain(`${run.name}: `);
    expect(run.output).not.toMatch(/\n\s+at /); // a message, not a stack trace
    for (const secret of Object.values(PRODUCTION_SECRETS)) expect(run.output).not.toContain(secret);
  }
  const demoOff = start({ DEMO_MODE: 'false', PORT: String(await freePort()) });
  expect(await demoOff.exited).not.toBe(0);
  expect(demoOff.output()).toMatch(/PLATFORM_API_KEY: ausente/);
}, 120_000);

it('with every secret: starts, prints nothing secret, and no demo route answers', async () => {
  const port = await freePort();
  const server = start(productionEnv({ PORT: String(port), HOST: '127.0.0.1' }));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    const health = await fetch(`${base}/healthz`).catch(() => null);
    if (health?.ok) break;
    if (Date.now() > until) throw new Error(`server did not start: ${server.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  try {
    for (const path of ['/api/dev/inbox', '/api/dev/payments/boleto/pay_01abc.pdf', '/dev/inbox']) {
      const res = await fetch(`${base}${path}`, {
        headers: { authorization: `Bearer ${PRODUCTION_SECRETS.PLATFORM_API_KEY}` },
      });
      expect(res.status, path).toBe(404);
    }
    const demoKey = await fetch(`${base}/api/platform/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO_PLATFORM_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        shop: 'hortifruti',
        sessionType: 'contact',
        channelType: 'whatsapp',
        contact: { name: 'A', phone: '11999990001' },
      }),
    });
    expect(demoKey.status).toBe(401);
    const shop = await fetch(`${base}/api/session/anonymous?shop=hortifruti`);
    expect(shop.status).toBe(404); // no demo shops were seeded
    const health = await fetch(`${base}/healthz`);
    expect(health.headers.get('strict-transport-security')).toContain('max-age=');
    const printed = server.output();
    const banner = printed.split('\n').filter((line) => !line.startsWith('{"level"'));
    expect(banner.join('\n')).toContain('Vitrine pronta em https://loja.example');
    expect(banner.join('\n')).not.toMatch(
      /#[A-Za-z0-9_-]{20,}|chave da plataforma|\/dev\/inbox|cliente|atendente/,
    );
    expect(printed).not.toMatch(/#[A-Za-z0-9_-]{20,}/);
    for (const secret of Object.values(PRODUCTION_SECRETS)) expect(printed).not.toContain(secret);
  } finally {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }
}, 120_000);
