import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { acceptInvitation } from './console-owner';
import { recordSecret } from './helpers';
import { startPrivateServerWithShop } from './prepared-server';
import type { PrivateServer } from './private-server';
import { addProductAndDelivery } from './shop-data';

/**
 * Product photos (issue 17, decision 0032): the owner drops two photos and a text file renamed .jpg on a product,
 * sees each file's progress and the refusal in pt-BR, makes the second the cover and deletes the first; a 375 px
 * phone then gets the cover at the width its card needs (WebP), never the desktop size. PHOTO_SHOTS=<dir> keeps
 * screenshots.
 */
const SLUG = `fotos-e2e-${Date.now().toString(36)}`;
const PASSWORD = 'senha-da-dona-fotos';
recordSecret(PASSWORD);
const PRODUCT = { providerId: 'vaso-azul', name: 'Vaso azul de cerâmica', priceCents: 4990 };

let server: PrivateServer | undefined;
test.afterAll(async () => {
  await server?.stop();
});

async function shot(page: Page, name: string) {
  const dir = process.env.PHOTO_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const photo = (background: string, format: 'jpeg' | 'png') =>
  sharp({ create: { width: 2400, height: 1800, channels: 3, background } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="2400" height="1800"><circle cx="1200" cy="900" r="600" fill="#fff" fill-opacity="0.6"/></svg>',
        ),
      },
    ])
    .toFormat(format)
    .toBuffer();

test('the owner uploads, orders and deletes photos; a 375 px phone downloads the small WebP', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one journey; it looks at 1366 and 375 px itself');
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 860 });
  // The shop is created (platform API) and its data written before the server's one start (e2e/prepared-server.ts).
  const prepared = await startPrivateServerWithShop(
    'product-photos',
    { slug: SLUG, name: 'Casa Azul', owner: { email: `dona@${SLUG}.example`, name: 'Rita' } },
    (dataDir) => addProductAndDelivery(dataDir, SLUG, PRODUCT),
  );
  server = prepared.server;
  const { invitationUrl } = prepared;
  const at = (path: string) => `${server!.origin}${path}`;

  await acceptInvitation(page, invitationUrl, 'Rita', PASSWORD);

  await page.goto(at(`/console/lojas/${SLUG}/produtos/${PRODUCT.providerId}/fotos`));
  await expect(page.getByRole('heading', { name: 'Fotos do produto' })).toBeVisible();
  await expect(page.getByText('Este produto ainda não tem fotos.')).toBeVisible();
  await page.getByLabel('Escolher fotos').setInputFiles([
    { name: 'vaso-frente.jpg', mimeType: 'image/jpeg', buffer: await photo('#1565c0', 'jpeg') },
    { name: 'vaso-lado.png', mimeType: 'image/png', buffer: await photo('#ef6c00', 'png') },
    { name: 'lista.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('arroz, feijão, café\n') },
  ]);
  const grid = page.getByRole('list', { name: 'Fotos do produto' });
  await expect(grid.getByRole('listitem')).toHaveCount(2, { timeout: 60_000 });
  const uploads = page.getByRole('list', { name: 'Envios' });
  await expect(uploads.getByText('Enviada')).toHaveCount(2, { timeout: 30_000 });
  await expect(uploads.getByRole('alert')).toHaveText(
    'O arquivo não é uma imagem JPEG, PNG, WebP, AVIF ou GIF válida.',
  );
  await expect(grid.getByRole('listitem').first().getByText('Capa')).toBeVisible();
  await shot(page, 'console-photos-1366');

  const images = grid.locator('img');
  const second = await images.nth(1).getAttribute('src');
  await page.getByRole('button', { name: 'Usar como capa (foto 2)' }).click();
  await expect(images.first()).toHaveAttribute('src', second!);
  await page.getByRole('button', { name: 'Excluir foto 2' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Foto excluída.')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(grid.getByRole('listitem')).toHaveCount(1);
  await expect(images.first()).toHaveAttribute('src', second!);
  await page.setViewportSize({ width: 375, height: 740 });
  await shot(page, 'console-photos-375');

  // A phone (375 px, 2× screen) opens the catalogue: the card's cover comes as the 400 px WebP.
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2 });
  const shopper = await phone.newPage();
  const photoBytes = new Map<string, number>();
  shopper.on('response', async (response) => {
    if (!response.url().includes('/media/photos/')) return;
    photoBytes.set(new URL(response.url()).pathname, (await response.body()).length);
  });
  await shopper.goto(at(`/catalog?shop=${SLUG}`));
  const card = shopper.locator('.product-card__media img').first();
  await expect(card).toBeVisible();
  await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-400\.webp$/);
  await shot(shopper, 'storefront-catalog-375');
  const base = second!.replace(/-800\.jpg$/, '');
  await expect.poll(() => photoBytes.get(`${base}-400.webp`) ?? 0).toBeGreaterThan(0);
  expect([...photoBytes.keys()]).toEqual([`${base}-400.webp`]);
  const desktop = (await (await fetch(at(second!))).arrayBuffer()).byteLength;
  console.log(
    `[product-photos] 375 px catalogue card: ${photoBytes.get(`${base}-400.webp`)} bytes (400 px WebP) instead of ${desktop} bytes (the 800 px JPEG every screen used before srcset)`,
  );

  await shopper.goto(at(`/product/${PRODUCT.providerId}?shop=${SLUG}`));
  const slide = shopper.locator('.gallery__slide img').first();
  await expect(slide).toBeVisible();
  await expect.poll(() => slide.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-800\.webp$/);
  await shot(shopper, 'storefront-product-375');
  await phone.close();
});
