/**
 * Attacker's suite 3 — stored XSS in a real Chromium (issue 14). OWASP cheat-sheet payloads are saved, through
 * the API as a contact, an agent or a Tray store would, into every text a person later sees: the contact's name
 * (platform API), customer and company names, address fields, item preferences, the coupon typed, the search
 * text, the messages composed for the contact (catalogue search, summary, payment instructions) and the names
 * and descriptions of Tray-imported products. Then each screen that shows them is opened — with the page's CSP
 * bypassed, so what is tested is the rendering itself — and nothing may run: no dialog, no window flag.
 * Runs on its own server (e2e/private-server.ts) so the payloads stay out of the other specs' data.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { FakeTrayServer } from '../apps/server/src/adapters/tray/fake-tray-server.ts';
import type { FakeTrayProduct } from '../apps/server/src/adapters/tray/fake-tray-catalog.ts';
import {
  DEMO_TRAY_CHATBOT_TOKEN,
  DEMO_TRAY_CONSUMER_KEY,
  DEMO_TRAY_CONSUMER_SECRET,
} from '../apps/server/src/config.ts';
import { recordSecret } from './helpers';
import { PRIVATE_PLATFORM_KEY, startPrivateServer, type PrivateServer } from './private-server';

/** From the OWASP XSS Filter Evasion Cheat Sheet; each one, if it ran, calls alert or sets window.__xss. */
const PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<svg/onload=alert(1)>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  'javascript:alert(1)',
  '<a href="javascript:alert(1)">clique</a>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<details open ontoggle=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<IMG SRC="jav&#x09;ascript:alert(1);">',
  '<input autofocus onfocus=alert(1)>',
];
const SCREENS = [
  'cart',
  'checkout',
  'catalogue search',
  'Tray product page',
  'checkout with the coupon typed',
  'demo inbox',
];

test.describe.configure({ mode: 'serial' });
test.use({ bypassCSP: true });

let server: PrivateServer;
let fake: FakeTrayServer;
const products: FakeTrayProduct[] = PAYLOADS.map((payload, i) => ({
  id: String(9100 + i),
  name: `Produto ${i} ${payload}`,
  description: `<p>Descrição ${i}</p>${payload}`,
  reference: `XSS-${i}`,
  ean: '',
  brand: payload,
  category_id: '0',
  price: '10.00',
  promotional_price: '0.00',
  start_promotion: '0000-00-00',
  end_promotion: '0000-00-00',
  available: '1',
  stock: '10',
  has_variation: '0',
  ProductImage: [],
  variants: [],
}));

test.beforeAll(async ({ request }) => {
  test.skip(test.info().project.name !== 'desktop', 'one browser run is enough');
  test.setTimeout(180_000);
  server = await startPrivateServer('xss');
  fake = await FakeTrayServer.start({
    consumerKey: DEMO_TRAY_CONSUMER_KEY,
    consumerSecret: DEMO_TRAY_CONSUMER_SECRET,
    storeId: '880001',
    catalog: { categories: [], products },
  });
  const linked = await request.post(`${server.origin}/tray/link-store`, {
    data: {
      admUser: 'admin',
      code: fake.issueCode(),
      apiAddress: fake.apiAddress,
      storeHost: fake.origin,
      store: fake.storeId,
      chatbotId: 'moda',
      chatbotToken: DEMO_TRAY_CHATBOT_TOKEN,
    },
  });
  expect(linked.ok(), await linked.text()).toBe(true);
  await expect
    .poll(
      async () => {
        const status = await request.get(
          `${server.origin}/tray/link-store/${fake.storeId}/import-status?apiAddress=${encodeURIComponent(fake.apiAddress)}`,
        );
        return ((await status.json()) as { data: { status: string } | null }).data?.status;
      },
      { timeout: 60_000 },
    )
    .toBe('done');
});
test.afterAll(async () => {
  if (fake) recordSecret(...fake.issued);
  await fake?.close();
  await server?.stop();
});

/** Counts what ran: dialogs opened and the window flag, on every screen. */
function watch(page: Page) {
  const ran: string[] = [];
  page.on('dialog', (dialog) => {
    ran.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return {
    ran,
    async check(screen: string) {
      await page.waitForTimeout(150); // onerror/onload/ontoggle handlers fire after paint
      const flag = await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);
      if (flag !== undefined) ran.push(`window.__xss on ${screen}`);
    },
  };
}

async function mint(
  request: APIRequestContext,
  payload: string,
  phone: string,
  shop: string,
): Promise<string> {
  const res = await request.post(`${server.origin}/api/platform/sessions`, {
    headers: { authorization: `Bearer ${PRIVATE_PLATFORM_KEY}` },
    data: { shop, sessionType: 'agent', channelType: 'whatsapp', contact: { name: payload, phone } },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { code } = ((await res.json()) as { data: { code: string } }).data;
  recordSecret(code);
  return code;
}

/** Stores `payload` in every text of a fresh contact's conversation, as its agent would. */
async function storePayload(request: APIRequestContext, payload: string, index: number): Promise<string> {
  const phone = `1197${String(7000000 + index)}`;
  const code = await mint(request, payload, phone, 'hortifruti');
  const headers = { authorization: `Bearer ${code}` };
  const call = async (method: 'get' | 'post', url: string, data?: object) => {
    const res = await request[method](`${server.origin}${url}`, { headers, ...(data ? { data } : {}) });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  };
  await call('post', '/api/customer/update', {
    name: payload,
    email: `xss${index}@example.com`,
    document: '529.982.247-25',
    isCorporate: true,
    corporateDocument: '11.222.333/0001-81',
    corporateName: payload,
    tradeName: payload,
  });
  await call('post', '/api/order/address/', {
    type: 'Casa',
    name: payload.slice(0, 80),
    zipCode: '01310-100',
    street: payload,
    number: '1000',
    complement: payload,
    neighborhood: payload,
    city: 'São Paulo',
    state: 'SP',
  });
  await call('post', '/api/order/items/', { providerId: 'P1101', quantity: 2, preferences: payload });
  await call(
    'get',
    `/api/order/send/catalog?catalogType=ShowQuery&searchTerm=${encodeURIComponent(payload)}`,
  );
  await call('get', '/api/order/send/resume');
  return code;
}

test('stored payloads never run on any screen that shows them', async ({ page, request }) => {
  test.setTimeout(300_000);
  const watcher = watch(page);
  const base = server.origin;
  let shown = 0;
  for (const [index, payload] of PAYLOADS.entries()) {
    const code = await storePayload(request, payload, index);
    await page.goto(`${base}/order#${code}`);
    await page.getByRole('banner').locator('a[href="/catalog"]').waitFor();
    await watcher.check(`cart #${index}`);

    await page.goto(`${base}/order/checkout`);
    await expect(page.getByRole('heading', { level: 1, name: 'Finalizar pedido' })).toBeVisible();
    await watcher.check(`checkout #${index}`);

    await page.goto(`${base}/catalog`);
    const search = page.getByRole('searchbox', { name: 'Pesquisar por produto' });
    await search.fill(payload.slice(0, 90));
    await search.press('Enter');
    await watcher.check(`search #${index}`);

    const moda = await mint(request, 'Cliente XSS', `1196${String(7000000 + index)}`, 'moda');
    await page.goto(`${base}/product/${products[index]!.id}#${moda}`);
    await expect(page.getByText(`Descrição ${index}`)).toBeVisible();
    await watcher.check(`product #${index}`);

    // The coupon typed on the checkout of a shop that takes coupons (moda; hortifruti takes a manual discount).
    const added = await request.post(`${base}/api/order/items/`, {
      headers: { authorization: `Bearer ${moda}` },
      data: { providerId: products[index]!.id, quantity: 1 },
    });
    expect(added.ok(), await added.text()).toBe(true);
    await page.goto(`${base}/order/checkout`);
    const coupon = page.getByLabel('Cupom');
    await coupon.fill(payload.slice(0, 60));
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.getByRole('dialog', { name: 'Cupom' }).getByRole('button', { name: 'Ok' }).click();
    await watcher.check(`coupon #${index}`);

    shown += SCREENS.length - 1;
  }
  await page.goto(`${base}/dev/inbox`);
  await expect(page.getByRole('heading', { name: 'Caixa de entrada (demo)' })).toBeVisible();
  // Each payload is on the page as text: the contact's name and the search term of the catalogue message.
  for (const payload of PAYLOADS) await expect(page.getByText(payload).first()).toBeAttached();
  await watcher.check('inbox');
  shown += PAYLOADS.length;
  console.log(
    `stored XSS: ${PAYLOADS.length} payloads × ${SCREENS.length} screens = ${shown} payload-screens opened; ` +
      `${watcher.ran.length} executions`,
  );
  expect(watcher.ran).toEqual([]);
});
