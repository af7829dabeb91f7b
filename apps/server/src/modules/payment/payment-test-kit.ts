/** Helpers of the payment suites: orders awaiting payment, card bodies, calls with an Idempotency-Key. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { seedCheckoutSuite, session, VALID_CPF } from '../checkout/checkout-test-kit.ts';
import { mintSession, shopId } from '../order/order-test-kit.ts';
import { resolveSession } from '../session/service.ts';

export { seedCheckoutSuite as seedPaymentSuite };

/** A card page body for `number` (expiry 12/2035; security code 4 digits for Amex). */
export function cardBody(number: string, extra: Record<string, unknown> = {}) {
  return {
    providerId: 'credit',
    installments: 1,
    number,
    securityCode: /^3[47]/.test(number) ? '7391' : '739',
    name: 'MARIA SILVA',
    expiryMonth: 12,
    expiryYear: 2035,
    document: VALID_CPF,
    zipCode: '01310-100',
    address: 'Avenida Paulista',
    addressNumber: '1000',
    complement: null,
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    ...extra,
  };
}

export type Payer = ReturnType<typeof payer>;

/** Calls of one contact session, with an Idempotency-Key when given. */
export function payer(app: FastifyInstance, code: string) {
  const s = session(app, code);
  const pay = async (body: object, key: string | null, url = '/api/order/payment/credit') => {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${code}`, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body,
    });
    return { status: res.statusCode, body: res.json(), raw: res.body };
  };
  return { ...s, code, pay };
}

let counter = 0;

/**
 * A contact session and an order of its user already confirmed (Received) with `method`, total `totalCents`,
 * written directly (the agent flow is exercised once in payment-card.test.ts).
 */
export async function awaitingOrder(
  app: FastifyInstance,
  db: Db,
  options: { shop?: string; method?: number | null; totalCents?: number } = {},
) {
  const shop = options.shop ?? 'hortifruti';
  const code = await mintSession(app, { shop, phone: `1198${String(++counter).padStart(7, '0')}` });
  const ctx = await resolveSession(db, code);
  const orderId = newId('ord');
  const total = options.totalCents ?? 10_000;
  await db.query(
    `insert into orders (id, shop_id, user_id, contact_id, channel_type, status, items_amount_cents, total_cents,
       checkout, confirmed_at)
     values ($1, $2, $3, $4, 1, 1, $5, $5, $6, now())`,
    [
      orderId,
      await shopId(db, shop),
      ctx!.userId,
      ctx!.contactId,
      total,
      JSON.stringify({ paymentMethod: options.method === undefined ? 0 : options.method }),
    ],
  );
  return { ...payer(app, code), orderId, userId: ctx!.userId };
}

/** The order's status and its payments (status, failure). */
export async function orderPayments(db: Db, orderId: string) {
  const [order] = await db.query<{ status: number }>('select status from orders where id = $1', [orderId]);
  const payments = await db.query<{ id: string; status: number; failure_type: number | null }>(
    'select id, status, failure_type from payments where order_id = $1 order by created_at',
    [orderId],
  );
  const [paid] = await db.query<{ n: number }>(
    `select count(*)::int as n from outbox where type = 'order.paid' and order_id = $1`,
    [orderId],
  );
  return { orderStatus: order!.status, payments, paidEvents: paid!.n };
}

/** Expects a 200 card answer and returns its data. */
export function expectAnswer(res: { status: number; body: { data: unknown; errors: unknown } }) {
  expect(res.status, JSON.stringify(res.body.errors)).toBe(200);
  return res.body.data as {
    status: number;
    failureType: number | null;
    recaptchaKey: string | null;
    paymentId: string;
  };
}
