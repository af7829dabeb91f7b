/**
 * Links that unfurl and the catalogue feeds (issue 35, docs/decisions/0054): a product and a catalogue link fetched
 * as WhatsApp's crawler does (plain HTTP, no JavaScript) give a chat bubble built from their tags alone; the owner
 * finds the feed addresses in Integrações, the products left out with why, and renews the address after a
 * confirmation; an order sent from WhatsApp's own catalogue reaches the board labelled as such. CONSOLE_SHOTS=<dir>
 * saves the bubble and the screens at 375 and 1366 px.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousViolations } from './axe';
import { signedHeaders } from '../apps/server/src/adapters/channels/webhook-signature.ts';
import { loadMetaReference } from '../apps/server/src/test/meta-reference.ts';
import { acceptInvitation, createShop, createShopWithId, shotBoth } from './console-owner';
import { PLATFORM_KEY, recordSecret } from './helpers';

const CRAWLER = { 'user-agent': 'WhatsApp/2.24.1 A', accept: 'text/html' };

/** The head's Open Graph / Twitter tags of a document (entities decoded). */
function tagsOf(html: string): Record<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  const decode = (t: string) =>
    t
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return Object.fromEntries(
    [...head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)].map((m) => [
      m[1]!,
      decode(m[2]!),
    ]),
  );
}

const escape = (t: string) =>
  t.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A WhatsApp-like chat with one sent message whose preview card is drawn from `tags` only. */
function bubbleHtml(tags: Record<string, string>, text: string, link: string): string {
  const host = new URL(tags['og:url']!).host;
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><style>
    body{margin:0;background:#efeae2;font:15px/1.35 system-ui,sans-serif;color:#111b21}
    header{background:#008069;color:#fff;padding:14px 16px;font-weight:600}
    .chat{padding:16px 10px;display:flex;flex-direction:column;align-items:flex-end}
    .bubble{background:#d9fdd3;border-radius:8px;max-width:330px;padding:4px;box-shadow:0 1px .5px rgba(11,20,26,.13)}
    .card{background:#d1f4cc;border-radius:6px;overflow:hidden}
    .card img{display:block;width:100%;aspect-ratio:1200/630;object-fit:cover}
    .card div{padding:8px 10px}
    .title{font-weight:600;margin:0 0 2px}
    .desc{margin:0;color:#3b4a54;font-size:13px;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
    .host{margin:4px 0 0;color:#667781;font-size:12px}
    .text{padding:6px 6px 2px;white-space:pre-line;word-break:break-word}
    .text a{color:#027eb5}
    .time{text-align:right;color:#667781;font-size:11px;padding:0 6px 2px}
  </style></head><body><header>${escape(tags['og:site_name']!)}</header><main class="chat"><div class="bubble">
    <div class="card"><img alt="${escape(tags['og:image:alt'] ?? '')}" src="${escape(tags['og:image']!)}">
    <div><p class="title">${escape(tags['og:title']!)}</p><p class="desc">${escape(tags['og:description']!)}</p>
    <p class="host">${escape(host)}</p></div></div>
    <div class="text">${escape(text)}\n<a href="#">${escape(link)}</a></div><div class="time">10:42 ✓✓</div>
  </div></main></body></html>`;
}

/** Fetches `path` as the crawler does and checks the tags every preview needs. */
async function previewOf(request: APIRequestContext, path: string) {
  const res = await request.get(path, { headers: CRAWLER });
  expect(res.status()).toBe(200);
  const tags = tagsOf(await res.text());
  for (const key of [
    'og:title',
    'og:description',
    'og:image',
    'og:url',
    'og:type',
    'og:site_name',
    'twitter:card',
  ])
    expect(tags[key], key).toBeTruthy();
  expect(tags['og:locale']).toBe('pt_BR');
  expect(tags['og:url']).not.toContain('#');
  expect(tags['og:url']).not.toContain('channel=');
  const image = await request.get(tags['og:image']!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/jpeg');
  expect((await image.body()).length).toBeLessThanOrEqual(300 * 1024);
  return tags;
}

async function showBubble(
  page: Page,
  tags: Record<string, string>,
  text: string,
  link: string,
  name: string,
) {
  await page.setViewportSize({ width: 375, height: 560 });
  // Served on the server's origin (its images are same-origin resources: Cross-Origin-Resource-Policy).
  const html = bubbleHtml(tags, text, link);
  await page.route('**/mock-chat.html', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto('/mock-chat.html');
  await expect(page.locator('.card img')).toHaveJSProperty('complete', true);
  expect(await page.locator('.card img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  const dir = process.env.CONSOLE_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

/** A product as the console's editor saves it (`POST …/catalog/products`). */
const product = (code: string, name: string, description: string | null) => ({
  code,
  sku: code,
  name,
  description,
  brandName: 'Sítio Boa Vista',
  sellerName: null,
  categoryCode: null,
  priceCents: 3490,
  listPriceCents: null,
  promotionalPriceCents: code === 'CAFE-500' ? 2990 : null,
  isActive: true,
  isRestrictedSale: false,
  hasShippingRestriction: false,
  shippingRestrictionMessage: null,
  soldInKilo: false,
  amountInKilo: null,
  kilogramPriceCents: null,
  clusterHighlights: [],
  offerDescription: null,
  specifications: [],
  subscriptionOffers: [],
  attributes: [],
  variants: [],
});
test('a product link and a catalogue link unfurl from their HTML alone', async ({ page, request }) => {
  const product = await previewOf(request, '/product/P1001?shop=hortifruti&channel=whatsapp');
  expect(product['og:type']).toBe('product');
  expect(product['og:description']).toMatch(/R\$\s\d+,\d{2}/);
  const link = `${new URL(product['og:url']!).origin}/product/P1001?shop=hortifruti&channel=whatsapp#…`;
  await showBubble(page, product, `*${product['og:title']}*\n\nVer produto:`, link, 'chat-bubble-product');
  await expect(page.locator('.title')).toHaveText(product['og:title']!);

  const catalogue = await previewOf(request, '/catalog?shop=hortifruti&channel=whatsapp');
  expect(catalogue['og:type']).toBe('website');
  await showBubble(
    page,
    catalogue,
    `Olá! Confira nosso catálogo da ${catalogue['og:site_name']}.\n\nVer catálogo:`,
    `${new URL(catalogue['og:url']!).origin}/catalog?shop=hortifruti&channel=whatsapp#…`,
    'chat-bubble-catalog',
  );
});

test('the owner finds the feed addresses, the products left out and renews the address', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const slug = `feeds-${Date.now().toString(36)}`;
  const invitation = await createShop(baseURL!, PLATFORM_KEY, {
    slug,
    name: 'Café do Sítio',
    owner: { email: `dona@${slug}.example`, name: 'Dona Rosa' },
  });
  await acceptInvitation(page, invitation, 'Dona Rosa', 'senha-forte-123');
  const me = await page.request.get('/api/console/me');
  const csrf = ((await me.json()) as { data: { csrfToken: string } }).data.csrfToken;
  const photo = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#6f4e37' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"><rect x="250" y="180" width="400" height="560" rx="40" fill="#f5e6c8"/><text x="450" y="480" font-size="72" text-anchor="middle" font-family="sans-serif" fill="#6f4e37">CAFÉ</text></svg>',
        ),
      },
    ])
    .jpeg()
    .toBuffer();
  const category = await page.request.post(`/api/console/shops/${slug}/catalog/categories`, {
    headers: { 'x-csrf-token': csrf },
    data: { name: 'Cafés', parentCode: null },
  });
  expect(category.status()).toBe(201);
  const categoryCode = ((await category.json()) as { data: { code: string } }).data.code;
  for (const [code, name, description, withPhoto] of [
    ['CAFE-500', 'Café Torrado 500 g', 'Grãos arábica, torra média.', true],
    ['CAFE-1K', 'Café em Grãos 1 kg', null, true],
    ['CHA-MATE', 'Chá Mate 250 g', 'Folhas tostadas.', false],
  ] as const) {
    const saved = await page.request.post(`/api/console/shops/${slug}/catalog/products`, {
      headers: { 'x-csrf-token': csrf },
      data: { ...product(code, name, description), categoryCode },
    });
    expect(saved.status()).toBe(201);
    if (withPhoto) {
      const uploaded = await page.request.post(`/api/console/shops/${slug}/products/${code}/photos`, {
        headers: { 'x-csrf-token': csrf, 'content-type': 'image/jpeg' },
        data: photo,
      });
      expect(uploaded.status()).toBe(201);
    }
  }

  await page.goto(`/console/lojas/${slug}/integracoes`);
  const card = page.getByRole('region', { name: 'Catálogo no WhatsApp, Instagram e Google' });
  await expect(card.getByText('1 item de 1 produto nos feeds.', { exact: false })).toBeVisible();
  const meta = card.getByLabel('Meta (WhatsApp, Instagram e Facebook)');
  const before = await meta.inputValue();
  expect(before).toMatch(new RegExp(`/feeds/${slug}/[A-Za-z0-9_-]{32}/meta\\.csv$`));
  await expect(card.getByLabel('Google Merchant Center')).toHaveValue(
    before.replace('meta.csv', 'google.xml'),
  );
  const feed = await page.request.get(before);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('CAFE-500,Café Torrado 500 g,');
  await expect(card.getByRole('heading', { name: 'Produtos fora dos feeds (2)' })).toBeVisible();
  await expect(card.getByRole('row', { name: /Café em Grãos 1 kg.*Sem descrição/ })).toBeVisible();
  await expect(card.getByRole('row', { name: /Chá Mate 250 g.*Sem foto/ })).toBeVisible();
  await card.getByText('Como adicionar no Meta e no Google').click();
  await expect(card.getByText('Feed de dados', { exact: false })).toBeVisible();
  await expectNoSeriousViolations(page, 'Integrações › feeds');
  await shotBoth(page, 'console-feeds');
  const dir = process.env.CONSOLE_SHOTS;
  if (dir)
    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: 860 });
      await card.screenshot({ path: `${dir}/console-feeds-card-${width}.png` });
    }

  // Catálogo › Categorias: Google's category for Cafés, refused at the field when it is no id nor path.
  await page.goto(`/console/lojas/${slug}/catalogo`);
  const tree = page.getByRole('list', { name: 'Árvore de categorias' });
  await tree
    .locator('summary')
    .filter({ hasText: /^Ações de Cafés$/ })
    .click();
  await page.getByRole('button', { name: 'Categoria do Google de Cafés' }).click();
  const google = page.getByLabel('Categoria do Google de Cafés');
  await google.fill('1234567');
  await google.press('Enter');
  await expect(page.getByText('Informe o número da categoria do Google (até 6 dígitos)')).toBeVisible();
  await expect(google).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousViolations(page, 'Catálogo › categoria do Google');
  await shotBoth(page, 'console-google-category');
  const path = 'Alimentos, bebidas e tabaco > Alimentos > Café';
  await google.fill(path);
  await google.press('Enter');
  await expect(page.getByText('Cafés: categoria do Google salva.')).toBeVisible();
  await expect(tree.locator('.catalog-tree__name')).toHaveText([`Cafés · 3 produtos · Google: ${path}`]);
  const withCategory = await (await page.request.get(before)).text();
  expect(withCategory.split('\n')[0]).toContain(',google_product_category');
  expect(withCategory).toContain(`,Cafés,"${path}"`);
  await page.goto(`/console/lojas/${slug}/integracoes`);

  // 'Gerar novo endereço' asks first; cancelling keeps the address, confirming replaces it and ends the old one.
  await card.getByRole('button', { name: 'Gerar novo endereço' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gerar novo endereço?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(meta).toHaveValue(before);
  await card.getByRole('button', { name: 'Gerar novo endereço' }).click();
  await dialog.getByRole('button', { name: 'Gerar novo endereço' }).click();
  await expect(card.getByText('Novos endereços gerados.', { exact: false })).toBeVisible();
  await expect(meta).not.toHaveValue(before);
  expect((await page.request.get(before)).status()).toBe(404);
});

test("an order sent from WhatsApp's own catalogue shows on the board as 'Pedido pelo catálogo do WhatsApp'", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const slug = `wa-cat-${Date.now().toString(36)}`;
  const { shopId, invitationUrl } = await createShopWithId(baseURL!, PLATFORM_KEY, {
    slug,
    name: 'Empório do Catálogo',
    owner: { email: `dona@${slug}.example`, name: 'Dona Lia' },
  });
  await acceptInvitation(page, invitationUrl, 'Dona Lia', 'senha-forte-123');
  const me = await page.request.get('/api/console/me');
  const csrf = ((await me.json()) as { data: { csrfToken: string } }).data.csrfToken;
  const saved = await page.request.post(`/api/console/shops/${slug}/catalog/products`, {
    headers: { 'x-csrf-token': csrf },
    data: product('CAFE-500', 'Café Torrado 500 g', 'Grãos arábica, torra média.'),
  });
  expect(saved.status()).toBe(201);
  // The chatbot platform owns the number's webhook and forwards Meta's notifications, signed with its secret.
  const secret = `segredo-do-chatbot-${slug}`;
  recordSecret(secret);
  const messaging = await page.request.put(`/api/platform/shops/${slug}/messaging`, {
    headers: { authorization: `Bearer ${PLATFORM_KEY}` },
    data: { chatbot: { eventsUrl: 'http://127.0.0.1:9/eventos', signingSecret: secret } },
  });
  expect(messaging.status()).toBe(200);
  // Meta's 'Order Message' example, its first retailer id one of ours (the second stays unknown).
  const example = loadMetaReference().examples.find((e) => e.name === 'Order Message')!.payload;
  const body = JSON.stringify(example).replace('di9ozbzfi4', 'CAFE-500');
  const forwarded = await page.request.post(`/api/webhooks/whatsapp/chatbot/${shopId}`, {
    headers: { 'content-type': 'application/json', ...signedHeaders(secret, `evt-${slug}`, body) },
    data: body,
  });
  expect(forwarded.status()).toBe(200);
  // A second message of which nothing can be placed (every retailer id unknown): no order, the board lists it.
  const nothing = JSON.parse(body) as typeof example & {
    entry: { changes: { value: { messages: { id: string; order: { product_items: object[] } }[] } }[] }[];
  };
  const message = nothing.entry[0]!.changes[0]!.value.messages[0]!;
  message.id = `wamid.NADA-${slug}`;
  message.order.product_items = [
    { product_retailer_id: 'NAO-VENDEMOS', quantity: 1, item_price: 9, currency: 'BRL' },
  ];
  const nothingBody = JSON.stringify(nothing);
  const forwardedNothing = await page.request.post(`/api/webhooks/whatsapp/chatbot/${shopId}`, {
    headers: {
      'content-type': 'application/json',
      ...signedHeaders(secret, `evt-nada-${slug}`, nothingBody),
    },
    data: nothingBody,
  });
  expect(forwardedNothing.status()).toBe(200);

  await page.goto(`/console/lojas/${slug}/pedidos`);
  // The worker places it from the queued notification; the board shows it without a reload.
  const row = page.getByRole('row').filter({ hasText: 'Pedido pelo catálogo do WhatsApp' });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('Sheena Nelson');
  const notPlaced = page.getByRole('region', { name: 'Pedidos do WhatsApp não criados' });
  await expect(async () => {
    await page.reload();
    await expect(notPlaced).toContainText('Itens não encontrados no catálogo da loja: NAO-VENDEMOS', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(notPlaced).toContainText('Sheena Nelson');
  await expect(notPlaced.getByRole('link', { name: 'Conversar no WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\d+$/,
  );
  await expectNoSeriousViolations(page, 'quadro com pedido pelo catálogo do WhatsApp');
  await shotBoth(page, 'console-whatsapp-catalog-board');
  await row.getByRole('link', { name: 'nº 1' }).click();
  const origin = page.getByRole('region', { name: 'Pedido pelo catálogo do WhatsApp' });
  await expect(origin).toContainText('Itens não encontrados no catálogo da loja: nqryix03ez');
  await expect(page.locator('.order-line__name')).toHaveText(['2 × Café Torrado 500 g']);
  await expectNoSeriousViolations(page, 'pedido pelo catálogo do WhatsApp');
  await shotBoth(page, 'console-whatsapp-catalog-order');
});
