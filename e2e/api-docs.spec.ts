/**
 * The API documentation at /api/docs (issue 19): the platform routes and, under Webhooks (OpenAPI 3.1), every event
 * the chatbot platform receives, as an integrator reads them (docs/events.md says the same).
 */
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { CHATBOT_EVENTS } from '@vitrine/contracts/chatbot-events';

test('the API docs list the platform routes and every chatbot event under Webhooks', async ({
  page,
}, info) => {
  test.skip(info.project.name === 'mobile', 'the docs page is for integrators at a desk');
  test.setTimeout(120_000); // Swagger UI draws 100+ operations; slow on a busy machine
  await page.goto('/api/docs');
  await expect(page.getByText('Vitrine API', { exact: false }).first()).toBeVisible({ timeout: 30_000 });
  // 127 operations: the page opens with its sections closed (Swagger UI stops drawing a list that long when all
  // are open); the integrator opens 'platform'
  await page.locator('#operations-tag-platform').click();
  await expect(page.getByText('/api/platform/sessions/{code}/suggestions').first()).toBeVisible();
  await expect(page.getByText('/api/platform/shops/{shop}/orders/{orderId}').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible({ timeout: 30_000 });
  for (const kind of CHATBOT_EVENTS)
    await expect(page.getByRole('link', { name: kind, exact: true })).toBeAttached();
  const paid = page.getByText('The order was paid', { exact: true });
  await paid.scrollIntoViewIfNeeded();
  await paid.click();
  await expect(page.getByText('X-Vitrine-Signature').first()).toBeVisible();
  mkdirSync('test-results/screens/api-docs', { recursive: true });
  await page.screenshot({ path: 'test-results/screens/api-docs/order-paid-webhook.png' });
});
