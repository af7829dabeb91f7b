import { expect, test } from '@playwright/test';
import { mintSession, openStore } from './helpers';

/**
 * Agent sends (spec §4 "Send-product", "Send catalogue/summary") and the demo inbox (/dev/inbox): what the
 * contact receives. The semi-automatic toggle lives on the agent checkout, which does not exist yet: it is
 * exercised through the API here.
 */

test('the agent sends the catalogue, a product and the summary; the demo inbox shows all three', async ({
  page,
  request,
}) => {
  const phone = `1197${Math.floor(Math.random() * 1e7)
    .toString()
    .padStart(7, '0')}`;
  await openStore(page, request, { shop: 'hortifruti', type: 'agent', phone });

  await page.getByRole('button', { name: 'Enviar catálogo' }).click();
  await expect(page.getByText('Catálogo enviado para o contato')).toBeVisible();

  await page.getByRole('button', { name: 'Enviar Banana Prata para o contato' }).click();
  await expect(page.getByText('Produto enviado para o contato')).toBeVisible();

  await page.getByRole('button', { name: 'Adicionar Banana Prata ao carrinho' }).click();
  await page.getByRole('button', { name: 'Enviar resumo do pedido' }).click();
  await expect(page.getByText('Resumo do pedido enviado para o contato')).toBeVisible();

  await page.goto('/dev/inbox');
  await expect(page.getByRole('heading', { name: 'Caixa de entrada (demo)' })).toBeVisible();
  const chat = page.getByRole('region', { name: new RegExp(`\\(${phone}\\)`) });
  await expect(chat.locator('li[data-type="catalog"]')).toContainText('Hortifruti Bom Preço');
  await expect(chat.locator('li[data-type="product"]')).toContainText('Banana Prata');
  await expect(chat.locator('li[data-type="resume"]')).toContainText('Total');
  await expect(chat.getByRole('link', { name: 'Ver catálogo' })).toHaveAttribute(
    'href',
    /\/catalog\?shop=hortifruti&channel=whatsapp#[A-Za-z0-9_-]+$/, // the shop where the server reads it: its first view
  );
  await expect(chat.getByRole('link', { name: 'Ver produto' })).toHaveAttribute(
    'href',
    /\/product\/[^#?]+\?shop=hortifruti&channel=whatsapp#/,
  );
});

test('semi-automatic toggles on and back off through the API; a retried toggle with the same key changes nothing', async ({
  request,
}) => {
  const link = await mintSession(request, { shop: 'hortifruti', type: 'agent' });
  const headers = { authorization: `Bearer ${link.split('#')[1]!}` };
  const on = await request.post('/api/order/semiautomatic', {
    headers: { ...headers, 'idempotency-key': 'e2e-toggle-1' },
  });
  expect(((await on.json()) as { data: { isInSemiAutomatic: boolean } }).data.isInSemiAutomatic).toBe(true);
  const retried = await request.post('/api/order/semiautomatic', {
    headers: { ...headers, 'idempotency-key': 'e2e-toggle-1' },
  });
  expect(((await retried.json()) as { data: { isInSemiAutomatic: boolean } }).data.isInSemiAutomatic).toBe(
    true,
  );
  const off = await request.post('/api/order/semiautomatic', {
    headers: { ...headers, 'idempotency-key': 'e2e-toggle-2' },
  });
  expect(((await off.json()) as { data: { isInSemiAutomatic: boolean } }).data.isInSemiAutomatic).toBe(false);
});
