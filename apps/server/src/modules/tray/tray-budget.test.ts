/**
 * Tray's daily budget (issue 33, item 8): Tray's default plan allows 10,000 requests a day per store besides 180 a
 * minute, so a periodic sync asks only for the products modified since the last sync (Tray's `modified` filter on
 * `GET /products`), every request is counted per store and day, an import pauses until the next day before
 * crossing the budget, and the shop's Tray status says when the budget runs low.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { trayDay } from '../../adapters/tray/tray-day.ts';
import type { FakeTrayServer } from '../../adapters/tray/fake-tray-server.ts';
import { insertShop } from '../../test/fixtures.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { addTrayRequests, trayRequestsOn } from './budget-repository.ts';
import { enqueueImport, linksDueForSync } from './job-repository.ts';
import { drainTrayJobs, syncSince } from './worker.ts';
import {
  chatbotToken,
  linkBody,
  postLink,
  sessionCode,
  shopProducts,
  startFakeTray,
  trayTestConfig,
} from './tray-test-kit.ts';

const PRODUCTS = 60; // 2 pages

describeEachDb(
  'tray daily budget and incremental sync',
  (ctx) => {
    let fake: FakeTrayServer;
    let agent = '';
    const apiCalls = () =>
      fake.requests.filter((r) => r.path.startsWith('/web_api/') && r.path !== '/web_api/auth');
    const status = async () =>
      (
        await ctx().app.inject({
          url: '/api/tray/import/status',
          headers: { authorization: `Bearer ${agent}` },
        })
      ).json().data;

    beforeAll(async () => {
      fake = await startFakeTray(PRODUCTS);
      const token = await chatbotToken(ctx().app, 'loja-orcamento');
      expect((await postLink(ctx().app, linkBody(fake, 'loja-orcamento', token))).status).toBe(200);
      agent = await sessionCode(ctx().app, 'loja-orcamento');
    });
    afterAll(() => fake.close());

    it('counts every request; the next sync asks only for products modified since the last one', async () => {
      const before = apiCalls().length;
      const [full] = await drainTrayJobs(ctx().app);
      expect(full).toMatchObject({ status: 'done', products_done: PRODUCTS, modified_since: null });
      const [link] = await linksDueForSync(ctx().db, 0);
      expect(await trayRequestsOn(ctx().db, link!.id, new Date())).toBe(apiCalls().length - before);

      // Two products change at Tray after the sync; one disappears (removals wait for a full import).
      const today = trayDay(new Date());
      fake.catalog.products[3]!.modified = `${today} 10:00:00`;
      fake.catalog.products[40]!.modified = `${today} 11:30:00`;
      fake.catalog.products[40]!.name = 'Produto renomeado na Tray';
      const gone = fake.catalog.products.pop()!;
      const wasActive = (await shopProducts(ctx().db, 'loja-orcamento')).find(
        (p) => p.provider_id === gone.id,
      )!.is_active;
      const since = syncSince(link!);
      expect(since).not.toBeNull();
      await enqueueImport(ctx().db, link!.shop_id, link!.id, since);
      fake.requests.length = 0;
      const [incremental] = await drainTrayJobs(ctx().app);
      expect(incremental).toMatchObject({ status: 'done', products_done: 2 });
      const listings = fake.requests.filter((r) => r.path === '/web_api/products');
      expect(listings.map((r) => r.modified)).toEqual([trayDay(since!)]);
      const products = await shopProducts(ctx().db, 'loja-orcamento');
      expect(products.find((p) => p.provider_id === gone.id)?.is_active).toBe(wasActive);
      expect(products).toHaveLength(PRODUCTS);
      // A week after the last full import, the periodic sync is full again.
      expect(syncSince(link!, Date.now() + 8 * 86_400_000)).toBeNull();
      expect(syncSince({ last_done: null, last_full: null })).toBeNull();
    });

    it('pauses the import until the next Tray day near 10,000 requests, and the status says so', async () => {
      const [link] = await linksDueForSync(ctx().db, 0);
      expect((await status()).dailyBudget).toMatchObject({ limit: 10_000, low: false, message: null });
      const used = await trayRequestsOn(ctx().db, link!.id, new Date());
      await addTrayRequests(ctx().db, link!.id, 9_750 - used, new Date());
      await enqueueImport(ctx().db, link!.shop_id, link!.id);
      fake.requests.length = 0;
      const [paused] = await drainTrayJobs(ctx().app);
      expect(paused).toMatchObject({ status: 'queued' });
      expect(apiCalls()).toHaveLength(0);
      const now = await status();
      expect(now.lastImport).toMatchObject({
        status: 'queued',
        errorMessage:
          'Limite diário de requisições da Tray quase esgotado (9.750 de 10.000 hoje); a importação continua amanhã.',
      });
      expect(now.dailyBudget).toEqual({
        used: 9_750,
        limit: 10_000,
        low: true,
        message: 'Limite diário da Tray: 9.750 de 10.000 requisições usadas hoje.',
      });
      const [job] = await ctx().db.query<{ wait_h: number }>(
        `select extract(epoch from run_after - now()) / 3600 as wait_h from tray_import_jobs where id = $1`,
        [paused!.id],
      );
      expect(Number(job!.wait_h)).toBeGreaterThan(0);
      expect(Number(job!.wait_h)).toBeLessThanOrEqual(24);
    });
  },
  { setup: (db) => insertShop(db, 'loja-orcamento').then(() => undefined), config: trayTestConfig() },
);
