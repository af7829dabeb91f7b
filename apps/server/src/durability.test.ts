/**
 * Durability (quality bar): a server killed with SIGKILL under load loses no cart change it acknowledged with a
 * 2xx. The real server runs on PGlite in a data dir with its default caches (so changes take the one-statement
 * optimistic path of docs/decisions/0012), is killed in the middle of concurrent add-to-cart traffic, and is
 * started again on the same data dir.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const KEY = 'durability-platform-key-0123456789';
const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-durability-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    probe.on('error', reject);
  });
}

async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    PLATFORM_API_KEY: KEY,
    PUBLIC_URL: url,
  };
  delete env.DATABASE_URL; // PGlite: its durability is the one in question
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: new URL('../../../', import.meta.url).pathname,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const healthy = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start');
}

async function mintSession(url: string, i: number): Promise<string> {
  const res = await fetch(`${url}/api/platform/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      shop: 'hortifruti',
      sessionType: 'contact',
      channelType: 'whatsapp',
      contact: { name: `Cliente ${i}`, phone: `1198${String(i).padStart(7, '0')}` },
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { code: string } }).data.code;
}

type Item = { providerId: string; quantity: number };

it('keeps every acknowledged cart change after a SIGKILL under load', { timeout: 120_000 }, async () => {
  let server = await startServer();
  const codes = await Promise.all(Array.from({ length: 12 }, (_, i) => mintSession(server.url, i)));
  const top = (await (
    await fetch(`${server.url}/api/catalog/top?perPage=60`, {
      headers: { authorization: `Bearer ${codes[0]}` },
    })
  ).json()) as { data: { data: { providerId: string; hasVariants: boolean; isActive: boolean }[] } };
  const products = top.data.data.filter((p) => p.isActive && !p.hasVariants).map((p) => p.providerId);
  expect(products.length).toBeGreaterThan(20);

  // Each session adds products one after another (one change in flight per session) until the kill.
  const acknowledged = new Map<string, Item[]>(codes.map((code) => [code, []]));
  let killed = false;
  const shopper = async (code: string, offset: number) => {
    for (let i = 0; !killed && i < products.length; i++) {
      const item = { providerId: products[(offset + i) % products.length]!, quantity: 1 + (i % 3) };
      const res = await fetch(`${server.url}/api/order/items/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${code}`, 'content-type': 'application/json' },
        body: JSON.stringify(item),
      }).catch(() => null);
      if (!res) return;
      // A 200 status line is an acknowledgement even if the kill cuts the body that follows.
      if (res.status === 200) acknowledged.get(code)!.push(item);
      if (
        !(await res.arrayBuffer().then(
          () => true,
          () => false,
        ))
      )
        return;
    }
  };
  const load = codes.map((code, i) => shopper(code, i * 5));
  // Kill under load: once a good number of changes were acknowledged (however busy the machine is).
  const ackedSoFar = () => [...acknowledged.values()].reduce((sum, items) => sum + items.length, 0);
  for (let waited = 0; ackedSoFar() <= 60 && waited < 30_000; waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
  killed = true;
  server.child.kill('SIGKILL');
  await Promise.all(load);
  const acked = ackedSoFar();
  expect(acked).toBeGreaterThan(50); // the kill came under load, not before it

  server = await startServer();
  for (const code of codes) {
    const res = await fetch(`${server.url}/api/order/current`, {
      headers: { authorization: `Bearer ${code}` },
    });
    expect(res.status).toBe(200);
    const order = ((await res.json()) as { data: { items: Item[] } }).data;
    const lines = new Map(order.items.map((line) => [line.providerId, line.quantity]));
    expect(lines.size).toBe(order.items.length); // no duplicated line
    for (const item of acknowledged.get(code)!) expect(lines.get(item.providerId)).toBe(item.quantity);
    // At most the one change in flight at the kill may have been applied without its answer.
    expect(order.items.length - acknowledged.get(code)!.length).toBeLessThanOrEqual(1);
  }
  server.child.kill('SIGTERM');
});
