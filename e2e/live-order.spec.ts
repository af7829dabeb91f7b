/**
 * The live order across two instances (issue 20, docs/decisions/0026): two server processes on one PostgreSQL
 * database (a database of this spec's own, created and dropped here), the agent at 1366 px on instance A and the
 * shopper at 375 px on instance B, on the same order. Needs TEST_DATABASE_URL (CI sets it); without it the spec
 * is skipped — one PGlite database cannot be shared by two processes.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, request as apiRequest, test, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import { PaymentMethod } from '@vitrine/contracts/enums';
import { mintSession, PLATFORM_KEY } from './helpers';
import { confirmCardOrder } from './payment-page';
import { startPrivateServer, type PrivateServer } from './private-server';

const url = process.env.TEST_DATABASE_URL;
const SCREENS = '.tmp/e2e-screens';
/** DEMO ONLY, public: the sandbox's webhook secret (apps/server/src/adapters/payments/registry.ts). */
const SANDBOX_SECRET = 'vitrine-sandbox-webhook-secret (NAO usar em producao)';

test.describe.configure({ mode: 'serial' });

test.describe('live order: agent and shopper on two instances', () => {
  test.skip(!url, 'TEST_DATABASE_URL is not set: two server processes need one PostgreSQL database');
  test.skip(({ isMobile }) => isMobile, 'one run: the spec opens its own 1366 px and 375 px contexts');
  test.setTimeout(90_000);

  const database = `e2e_live_${randomBytes(5).toString('hex')}`;
  let admin: pg.Client;
  let a: PrivateServer;
  let b: PrivateServer;
  let env: Record<string, string>;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${database}`);
    const target = new URL(url!);
    target.pathname = `/${database}`;
    env = { DATABASE_URL: target.toString(), SEED_DEMO: 'true', PLATFORM_API_KEY: PLATFORM_KEY };
    a = await startPrivateServer('live-a', undefined, env); // migrates and seeds first
    b = await startPrivateServer('live-b', undefined, env);
    mkdirSync(SCREENS, { recursive: true });
  });
  test.afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await admin?.query(`drop database if exists ${database} with (force)`);
    await admin?.end();
  });

  async function open(browser: Browser, server: PrivateServer, link: string, width: number, height: number) {
    const context = await browser.newContext({ baseURL: server.origin, viewport: { width, height } });
    const page = await context.newPage();
    // The live stream opens after the first render: act once it is open, so the other side's change arrives as an
    // event (with its note), not folded into the stream's first hello.
    const streaming = page.waitForResponse((res) =>
      /^\/api\/order\/[^/]+\/events$/.test(new URL(res.url()).pathname),
    );
    await page.goto(link);
    await page.getByRole('banner').locator('a[href="/catalog"]').waitFor();
    await streaming;
    return page;
  }
  const sessionLink = async (server: PrivateServer, type: 'agent' | 'contact', phone: string) => {
    const api = await apiRequest.newContext({ baseURL: server.origin });
    const link = await mintSession(api, { type, phone });
    await api.dispose();
    return link;
  };
  const add = (page: Page, name: string) =>
    page.getByRole('button', { name: `Adicionar ${name} ao carrinho` }).click();
  const cartLink = (page: Page, count: number) =>
    page.getByRole('link', { name: count === 1 ? '1 item no carrinho' : `${count} itens no carrinho` });

  test('the agent adds an item and the shopper sees it within a second, and the reverse', async ({
    browser,
  }) => {
    const phone = `1197${String(Date.now()).slice(-7)}`;
    const agent = await open(browser, a, await sessionLink(a, 'agent', phone), 1366, 800);
    const shopper = await open(browser, b, await sessionLink(b, 'contact', phone), 375, 740);
    await expect(shopper.getByRole('button', { name: 'Adicionar Banana Prata ao carrinho' })).toBeVisible();

    await add(agent, 'Banana Prata');
    await expect(cartLink(shopper, 1)).toBeVisible({ timeout: 1000 });
    await expect(shopper.getByText('O atendente atualizou seu pedido')).toBeVisible();
    await shopper.screenshot({ path: `${SCREENS}/live-order-shopper-375.png` });

    await add(shopper, 'Café Pilão 500g');
    await expect(cartLink(agent, 2)).toBeVisible({ timeout: 1000 });
    await expect(agent.getByText('O cliente alterou o carrinho')).toBeVisible();
    await agent.screenshot({ path: `${SCREENS}/live-order-agent-1366.png` });
    await agent.context().close();
    await shopper.context().close();
  });

  test('a dropped connection resumes without losing the change made meanwhile', async ({ browser }) => {
    const phone = `1196${String(Date.now()).slice(-7)}`;
    const agentLink = await sessionLink(a, 'agent', phone);
    const shopper = await open(browser, b, await sessionLink(b, 'contact', phone), 375, 740);
    await expect(
      cartLink(shopper, 0)
        .or(shopper.getByRole('link', { name: /carrinho/ }))
        .first(),
    ).toBeVisible();

    await b.stop(); // the shopper's stream drops with its instance
    const agent = await open(browser, a, agentLink, 1366, 800);
    await add(agent, 'Banana Prata');
    await expect(cartLink(agent, 1)).toBeVisible();
    b = await startPrivateServer('live-b', { port: b.port }, env);
    // Reconnected with Last-Event-ID: the missed event itself is replayed (the note says who made it).
    await expect(cartLink(shopper, 1)).toBeVisible({ timeout: 20_000 });
    await expect(shopper.getByText('O atendente atualizou seu pedido')).toBeVisible({ timeout: 15_000 });
    await agent.context().close();
    await shopper.context().close();
  });

  test('a Pix paid through the sandbox webhook moves the shopper’s open page to /finish by itself', async ({
    browser,
  }) => {
    const phone = `1195${String(Date.now()).slice(-7)}`;
    const apiA = await apiRequest.newContext({ baseURL: a.origin });
    await confirmCardOrder(apiA, phone, PaymentMethod.Pix);
    const shopperLink = await sessionLink(b, 'contact', phone);
    const shopper = await open(browser, b, shopperLink, 375, 740);
    await shopper.goto('/change-payment');
    await expect(shopper.getByRole('heading', { name: 'Aguardando alteração...' })).toBeVisible();

    const code = shopperLink.split('#')[1]!;
    const charge = await apiA.post('/api/order/payment/charge', {
      headers: { authorization: `Bearer ${code}` },
    });
    expect(charge.ok(), await charge.text()).toBe(true);
    const { paymentId } = ((await charge.json()) as { data: { paymentId: string } }).data;
    const db = new pg.Client({ connectionString: env.DATABASE_URL });
    await db.connect();
    const { rows } = await db.query<{ provider_payment_id: string; shop_id: string }>(
      'select provider_payment_id, shop_id from payments where id = $1',
      [paymentId],
    );
    await db.end();
    const body = JSON.stringify({
      id: `evt-${paymentId}`,
      paymentId: rows[0]!.provider_payment_id,
      status: 'paid',
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const hook = await apiA.post(`/api/webhooks/payments/sandbox/${rows[0]!.shop_id}`, {
      headers: {
        'content-type': 'application/json',
        'x-vitrine-timestamp': timestamp,
        'x-vitrine-event-id': `evt-${paymentId}`,
        'x-vitrine-signature': `sha256=${createHmac('sha256', SANDBOX_SECRET).update(`${timestamp}.${body}`).digest('hex')}`,
      },
      data: body,
    });
    expect(hook.ok(), await hook.text()).toBe(true);
    await expect(shopper).toHaveURL(/\/finish$/, { timeout: 5000 });
    await expect(shopper.getByRole('heading', { name: 'Pedido finalizado' })).toBeVisible();
    await shopper.screenshot({ path: `${SCREENS}/live-order-paid-375.png` });
    await apiA.dispose();
    await shopper.context().close();
  });
});
