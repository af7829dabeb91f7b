/**
 * Per-order documents (issue 14): a boleto PDF or a Pix QR image is served only to the order's own session or
 * through a signed URL that expires — in every mode; an id published somewhere is not enough.
 */
import { expect, it } from 'vitest';
import { PaymentMethod } from '@vitrine/contracts/enums';
import { fakeRegistry, type FakeDelivery } from '../adapters/channels/fake-channel.ts';
import { readyAgentOrder } from '../flows/checkout/agent-confirm-test-kit.ts';
import { documentUrlSigner } from '../lib/signed-url.ts';
import { seedPaymentSuite, awaitingOrder } from '../modules/payment/payment-test-kit.ts';
import { mintSession } from '../modules/order/order-test-kit.ts';
import { drainOutbox } from '../modules/outbox/worker.ts';
import { describeEachDb } from '../test/test-app.ts';
import { expectRefusal } from '../test/refusal.ts';

const ORIGIN = 'http://vitrine.test';
const STRANGER = '203.0.113.9';

describeEachDb(
  'per-order documents',
  (ctx) => {
    const get = (url: string, headers: Record<string, string> = {}) =>
      ctx().app.inject({ method: 'GET', url, headers, remoteAddress: STRANGER });

    it('boleto PDF: the signed link or the order’s own session; nobody holding only the id', async () => {
      const { app, db, config } = ctx();
      const victim = await awaitingOrder(app, db, { method: PaymentMethod.Boleto });
      const charge = await victim.okCall('POST', '/api/order/payment/charge');
      const link = String(charge.boletoUrl);
      expect(link.startsWith(`${ORIGIN}/api/dev/payments/boleto/${charge.paymentId}.pdf?`)).toBe(true);
      const signed = link.slice(ORIGIN.length);

      const pdf = await get(signed);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['cache-control']).toMatch(/private|no-store/);

      const bare = `/api/dev/payments/boleto/${charge.paymentId}.pdf`;
      expectRefusal(await get(bare), 403);
      expect((await get(bare, { authorization: `Bearer ${victim.code}` })).statusCode).toBe(200);
      const other = await mintSession(app);
      expectRefusal(await get(bare, { authorization: `Bearer ${other}` }), 404);
      expectRefusal(await get(`${signed.slice(0, -3)}abc`), 403);

      const sign = documentUrlSigner(config);
      const expired = sign(bare, new Date(Date.now() - 1000));
      expect(expectRefusal(await get(expired), 403).code).toBe('documentLinkInvalid');
      const otherPayment = await awaitingOrder(app, db, { method: PaymentMethod.Boleto });
      const theirs = await otherPayment.okCall('POST', '/api/order/payment/charge');
      const swapped = signed.replace(String(charge.paymentId), String(theirs.paymentId));
      expectRefusal(await get(swapped), 403);
    });

    it('Pix QR image: only through the signed link the contact received', async () => {
      const { app, db } = ctx();
      const phone = '5511955550001';
      const agent = await readyAgentOrder(app, phone, PaymentMethod.Pix);
      await agent.okCall('POST', '/api/order/confirm', {});
      const registry = fakeRegistry();
      await drainOutbox(db, registry, {
        retryBaseMs: 0,
        links: { publicUrl: ORIGIN, sessionTtlMs: 60_000, signDocument: documentUrlSigner(ctx().config) },
      });
      const parts = registry.delivered
        .filter((d): d is Extract<FakeDelivery, { kind: 'message' }> => d.kind === 'message')
        .filter((d) => d.message.recipient === phone)
        .map((d) => d.message.part);
      const image = parts.find((p) => p.imageUrl)?.imageUrl ?? '';
      expect(image).toMatch(/^http:\/\/vitrine\.test\/api\/pix\/qr\.png\?code=.+&exp=\d+&sig=[\w-]+$/);
      const png = await get(image.slice(ORIGIN.length));
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      const unsigned = image.slice(ORIGIN.length).replace(/&exp=.*$/, '');
      expectRefusal(await get(unsigned), 403);
    });
  },
  { setup: seedPaymentSuite },
);
