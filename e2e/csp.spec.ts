/**
 * Security headers in the browser (issue 14): every page carries its CSP (third-party payment hosts only on the
 * card payment pages), and the screens a shopper and an agent use run under it without a single violation —
 * the inline boot script and styles of index.html are allowed by hash, nothing else inline.
 */
import { expect, test, type Page } from '@playwright/test';
import { openStore } from './helpers';

async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCsp', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCsp: (t: string) => void }).__reportCsp(
        `${event.violatedDirective} ${event.blockedURI} on ${location.pathname}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('each page has its CSP; payment hosts only on the payment pages', async ({ request }) => {
  for (const path of ['/catalog', '/order', '/order/checkout', '/dev/inbox', '/tray/register']) {
    const res = await request.get(path, { headers: { accept: 'text/html' } });
    const csp = res.headers()['content-security-policy'] ?? '';
    expect(csp, path).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).not.toMatch(/mercadopago|google|pagar\.me|unsafe-inline|unsafe-eval/);
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
  }
  const payment = (await request.get('/order/payment')).headers()['content-security-policy'] ?? '';
  expect(payment).toContain('https://sdk.mercadopago.com');
  expect(payment).toContain('https://www.google.com/recaptcha/');
  const api = await request.get('/api/catalog/top');
  expect(api.headers()['content-security-policy']).toContain("default-src 'none'");
});

test('shopper and agent screens run without a CSP violation', async ({ page, request }) => {
  const violations = await watchViolations(page);
  await openStore(page, request, { shop: 'hortifruti', type: 'agent' });
  await expect(page.getByRole('button', { name: /Adicionar .* ao carrinho/ }).first()).toBeVisible();
  await page
    .getByRole('button', { name: /Adicionar .* ao carrinho/ })
    .first()
    .click();
  const product = page.locator('a[href^="/product/"]').first();
  await product.click();
  await expect(page).toHaveURL(/\/product\//);
  await page.goto('/order');
  await page.goto('/order/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar pedido' })).toBeVisible();
  await page.goto('/dev/inbox');
  await expect(page.getByRole('heading', { name: 'Caixa de entrada (demo)' })).toBeVisible();
  await page.goto('/recaptcha');
  await page.goto('/tray/register');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
