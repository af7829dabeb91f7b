/**
 * Security headers (issue 14): helmet's headers on every answer (API, errors, framework refusals, files), a
 * strict CSP for API answers, per-page CSPs that allow exactly the hosts a page loads from, HSTS only when
 * PUBLIC_URL is https.
 */
import { expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { describeEachDb, testConfig } from '../test/test-app.ts';
import { inlineHashes, pageCsp } from './security-headers.ts';

function expectBaseHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(String(headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  expect(headers['x-powered-by']).toBeUndefined();
}

describeEachDb('security headers', (ctx) => {
  it('API answers, errors and framework refusals carry the headers and the API CSP; no HSTS on http', async () => {
    const { app } = ctx();
    for (const url of [
      '/api/catalog/top',
      '/api/nada',
      '/api/session/%C0%AE',
      `/api/catalog/products/${'a'.repeat(5000)}`,
      '/healthz',
    ]) {
      const res = await app.inject({ url });
      expectBaseHeaders(res.headers);
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'",
      );
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('HSTS when PUBLIC_URL is https', async () => {
    const app = await buildApp({
      db: ctx().db,
      config: testConfig({ publicUrl: 'https://loja.example' }),
      logger: false,
    });
    const res = await app.inject({ url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await app.close();
  });
});

it('page CSP: hashes of the inline script and styles; payment hosts only on the payment pages', () => {
  const html =
    '<html><head><style>body{margin:0}</style><script>var a = 1;</script>' +
    '<script type="module" src="/assets/x.js"></script></head></html>';
  const hashes = inlineHashes(html);
  expect(hashes.scripts).toEqual(["'sha256-+dZ6udsWxNVoGfScAq7t5IIF5UJb4F6RhjbN6oe1p4w='"]);
  expect(hashes.styles).toHaveLength(1);
  const catalog = pageCsp('/catalog', hashes, { https: false });
  expect(catalog).toContain(`script-src 'self' ${hashes.scripts[0]}`);
  expect(catalog).toContain(`style-src 'self' ${hashes.styles[0]}`);
  expect(catalog).toContain("frame-ancestors 'none'");
  expect(catalog).toContain("object-src 'none'");
  expect(catalog).not.toMatch(/mercadopago|google|pagar\.me|unsafe-eval/);
  expect(catalog).not.toContain('upgrade-insecure-requests');
  const payment = pageCsp('/order/payment', hashes, { https: true });
  expect(payment).toMatch(/script-src [^;]*https:\/\/sdk\.mercadopago\.com/);
  expect(payment).toMatch(/script-src [^;]*https:\/\/www\.google\.com\/recaptcha\//);
  expect(payment).toMatch(/connect-src [^;]*https:\/\/api\.pagar\.me/);
  expect(payment).toMatch(/frame-src [^;]*https:\/\/www\.google\.com\/recaptcha\//);
  expect(payment).toContain('upgrade-insecure-requests');
  expect(pageCsp('/recaptcha', hashes, { https: false })).toMatch(/https:\/\/www\.gstatic\.com\/recaptcha\//);
  expect(pageCsp('/recaptcha', hashes, { https: false })).not.toContain('mercadopago');
});
