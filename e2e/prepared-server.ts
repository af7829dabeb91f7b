/**
 * A private server whose journey shop is created and filled before its first start. On a fresh copy of the seeded
 * template the app is built in this process, without a port, and the platform API's own route creates the shop
 * (Fastify's inject: same validation, handler and 201 answer); the database closes, the journey's seed writes to the
 * directory as it would to a stopped server's, and the server starts, once. The other way — start, create the shop over HTTP, stop,
 * write, start again — pays a second server start (4 s on a quiet machine, 18 s on the loaded two-core CI).
 */
import { expect } from '@playwright/test';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDb } from '../apps/server/src/db/client.ts';
import type { NewShop } from './console-owner';
import { recordSecret } from './helpers';
import {
  freePort,
  freshPrivateDataDir,
  PRIVATE_PLATFORM_KEY,
  privateServerEnv,
  startPrivateServer,
  type PrivateServer,
} from './private-server';

export type PreparedShop = { shopId: string; invitationUrl: string };

/**
 * Creates `shop` through the platform API on the private server `name`'s data directory before it starts, runs
 * `seed(dataDir)` there (the database closed: the seed opens its own), and starts the server on the port the
 * invitation link names.
 */
export async function startPrivateServerWithShop(
  name: string,
  shop: NewShop,
  seed?: (dataDir: string) => Promise<void>,
  options: {
    /** Wraps the preparation and the start (a journey's step timings). */
    timed?: <T>(what: 'prepare' | 'start', run: () => Promise<T>) => Promise<T>;
    /** Extra environment, for the app built here and the server alike (e.g. a payment provider's address). */
    env?: Record<string, string>;
  } = {},
): Promise<{ server: PrivateServer } & PreparedShop> {
  const { timed = (_what, run) => run(), env = {} } = options;
  const port = await freePort();
  const dataDir = freshPrivateDataDir(name);
  const created = await timed('prepare', async () => {
    const db = await openDb({ dataDir });
    let answer: PreparedShop;
    try {
      const config = loadConfig({ ...process.env, ...privateServerEnv(port, dataDir), ...env });
      const app = await buildApp({ db, config, logger: false });
      try {
        const response = await app.inject({
          method: 'POST',
          url: '/api/platform/shops',
          headers: { authorization: `Bearer ${PRIVATE_PLATFORM_KEY}`, 'content-type': 'application/json' },
          payload: JSON.stringify(shop),
        });
        expect(response.statusCode).toBe(201);
        const { data } = response.json<{ data: { shop: { id: string }; invitationUrl: string } }>();
        answer = { shopId: data.shop.id, invitationUrl: data.invitationUrl };
      } finally {
        await app.close();
      }
    } finally {
      await db.close();
    }
    recordSecret(answer.invitationUrl.split('#')[1]!);
    if (seed) await seed(dataDir);
    return answer;
  });
  const server = await timed('start', () => startPrivateServer(name, { port }, env));
  expect(created.invitationUrl.startsWith(`${server.origin}/`)).toBe(true);
  return { server, ...created };
}
