import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PaymentMethod } from '@vitrine/contracts/enums';
import { expectNoSeriousViolations } from './axe';
import { PLATFORM_KEY } from './helpers';
import { confirmCardOrder } from './payment-page';

/**
 * WhatsApp's own order messages in the demo inbox (issue 19, docs/decisions/0030): with the option on for the
 * shop, an agent-confirmed Pix order reaches the WhatsApp contact as an order card — items, total and a
 * "Copiar código Pix" button that puts the BR Code on the clipboard; an Instagram contact of the same shop gets
 * today's text + QR message, with the QR image itself. WA_SHOTS=<dir> keeps the screenshots. The option stays on
 * for hortifruti afterwards (the two projects run at once: switching it off would race the other one).
 */
const SHOTS = process.env.WA_SHOTS ?? '.tmp/wa-shots';

const setOption = (request: import('@playwright/test').APIRequestContext, on: boolean) =>
  request.put('/api/platform/shops/hortifruti/messaging', {
    headers: { authorization: `Bearer ${PLATFORM_KEY}` },
    data: { whatsappOrderMessages: on },
  });

const randomPhone = () => `5511${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

test('a Pix order shows as WhatsApp’s order card; its button copies the Pix code; Instagram gets text + QR', async ({
  page,
  request,
  context,
}, testInfo) => {
  expect((await setOption(request, true)).status()).toBe(200);
  const phone = randomPhone();
  const instagram = randomPhone();
  await confirmCardOrder(request, phone, PaymentMethod.Pix);
  await confirmCardOrder(request, instagram, PaymentMethod.Pix, 'instagram');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  await page.goto('/dev/inbox');
  const chat = page.getByRole('region', { name: new RegExp(`\\(${phone}\\)`) });
  const card = chat.getByRole('group', { name: 'Pedido do WhatsApp' });
  await expect(card).toContainText('Pedido · 5 itens');
  await expect(card).toContainText(/Total\s*R\$\s*\d/);
  await card.getByRole('button', { name: 'Copiar código Pix' }).click();
  await expect(card.getByRole('status')).toHaveText('Copiado!');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);

  const text = page.getByRole('region', { name: new RegExp(`\\(${instagram}\\)`) });
  await expect(text).toContainText('Pague');
  const qr = text.locator('img[src*="/api/pix/qr.png"]');
  await expect(qr).toBeVisible();
  await expect
    .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

  await expectNoSeriousViolations(page, 'caixa de entrada com pedido do WhatsApp');

  mkdirSync(SHOTS, { recursive: true });
  await chat.scrollIntoViewIfNeeded();
  await chat.screenshot({ path: `${SHOTS}/order-card-${testInfo.project.name}.png` });
  await text.screenshot({ path: `${SHOTS}/text-qr-${testInfo.project.name}.png` });
});
