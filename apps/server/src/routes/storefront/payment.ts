import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { order } from '@vitrine/contracts/order';
import {
  cardOption,
  cardPaymentBody,
  cardPaymentResult,
  charge,
  installmentsBody,
  mercadoPagoBrickBody,
  mercadoPagoResult,
  paymentAccount,
} from '@vitrine/contracts/payment';
import { changePaymentMethod } from '../../flows/checkout/change-payment-method.ts';
import {
  paymentLinkOrder,
  pixOrBoletoCharge,
  type PaymentContext,
  payByCard,
  payByMercadoPago,
  chooseInstallments,
  getPaymentAccount,
  getPaymentOrder,
  listCardOptions,
  checkPaymentStatus,
  requiredIdempotencyKey,
} from '../../modules/payment/service.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';

const IDEMPOTENT =
  'Header `Idempotency-Key` required (8–200 of A-Z a-z 0-9 _ . : -; one per attempt): the same key answers the first answer, the same key with another body → 422, none → 400.';
const WHICH =
  "Pays the session user's most recently confirmed order still Received. 404 'Método de pagamento não encontrado' when there is none or it has no method; 422 'Método de pagamento não é cartão de crédito' when not by card.";

/** Spec §7 payment calls (docs/decisions/0010-payments.md). */
export function paymentRoutes(ctx: PaymentContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['payment'];
    r.get(
      '/api/order/payment',
      {
        schema: {
          tags,
          summary: 'The order being paid (any online method), with the chosen card plan and captcha site key',
          response: okSchema(order),
        },
      },
      async (request) => ok(await getPaymentOrder(ctx, requireSession(request))),
    );
    r.get(
      '/api/order/payment/credit',
      {
        schema: {
          tags,
          summary: 'Card options with installments',
          description: WHICH,
          response: okSchema(z.array(cardOption)),
        },
      },
      async (request) => ok(await listCardOptions(ctx, requireSession(request))),
    );
    r.post(
      '/api/order/payment/credit/installments',
      {
        schema: {
          tags,
          summary: 'Chooses card type and installments; the order total shows the plan',
          description: `${WHICH} 422 when the shop's rules do not offer the plan.`,
          body: installmentsBody,
          response: okSchema(order),
        },
      },
      async (request) => ok(await chooseInstallments(ctx, requireSession(request), request.body)),
    );
    r.post(
      '/api/order/payment/credit',
      {
        schema: {
          tags,
          summary: 'Pays the order by card (card data never stored nor logged)',
          description: `${WHICH} ${IDEMPOTENT} Outcomes are answers (status/failureType), not errors.`,
          body: cardPaymentBody,
          response: okSchema(cardPaymentResult),
        },
      },
      async (request) => {
        const session = requireSession(request);
        const key = requiredIdempotencyKey(request.headers['idempotency-key']);
        return ok(await payByCard(ctx, session, request.body, key, request.ip));
      },
    );
    r.get(
      '/api/order/payment/status/:paymentId',
      {
        schema: {
          tags,
          summary: "A payment's status (asks the gateway while Waiting)",
          params: z.object({ paymentId: z.string().max(60) }),
          response: okSchema(cardPaymentResult),
        },
      },
      async (request) => ok(await checkPaymentStatus(ctx, requireSession(request), request.params.paymentId)),
    );
    r.get(
      '/api/order/payment/update',
      {
        schema: {
          tags,
          summary:
            "Change of method: cancels the waiting charge, clears the order's method, tells the chatbot",
          response: okSchema(order),
        },
      },
      async (request) => ok(await changePaymentMethod(ctx, requireSession(request))),
    );
    r.post(
      '/api/order/payment/charge',
      {
        schema: {
          tags,
          summary: 'The Pix or boleto charge of the order being paid (made once, with an expiry)',
          response: okSchema(charge),
        },
      },
      async (request) => ok(await pixOrBoletoCharge(ctx, requireSession(request))),
    );
    r.post(
      '/api/order/payment/link',
      {
        schema: {
          tags,
          summary: "'link' accounts: the provider's payment page for the order being paid (made once)",
          description:
            'Creates the Mercado Pago Checkout Pro link of the order being paid (card, Pix or boleto) on first call, ' +
            'kept as its Waiting payment; later calls answer the same link. Answers the order with `payment.link` ' +
            "(the page redirects there). 422 'Forma de pagamento indisponível para este pedido.' when the shop's " +
            'account is not a link account; 503 when the provider is down. Paid by webhook or status check.',
          response: okSchema(order),
        },
      },
      async (request) => ok(await paymentLinkOrder(ctx, requireSession(request))),
    );
    r.get(
      '/api/order/:orderId/account/',
      {
        schema: {
          tags,
          summary: 'Payment account of an order of the session user (404 for any other)',
          params: z.object({ orderId: z.string().max(60) }),
          response: okSchema(paymentAccount),
        },
      },
      async (request) => ok(await getPaymentAccount(ctx, requireSession(request), request.params.orderId)),
    );
    r.post(
      '/api/order/payment/mercadoPago',
      {
        schema: {
          tags,
          summary:
            "Mercado Pago Card Payment Brick submit; redirectUrl is the shop's WhatsApp chat when paid",
          description: `${WHICH} ${IDEMPOTENT}`,
          body: mercadoPagoBrickBody,
          response: okSchema(mercadoPagoResult),
        },
      },
      async (request) => {
        const session = requireSession(request);
        const key = requiredIdempotencyKey(request.headers['idempotency-key']);
        return ok(await payByMercadoPago(ctx, session, request.body, key, request.ip));
      },
    );
  };
}
