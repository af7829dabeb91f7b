/**
 * Pagar.me refunds (issue 34, decision 0050): "Cancelar cobrança" of API v5 — `DELETE /core/v5/charges/{charge_id}`
 * with `{ "amount": <centavos> }` for a partial cancel (the SDK's `ChargesController.cancelCharge(chargeId,
 * CreateCancelChargeRequest { amount, … })`, pagarme/pagarme-nodejs-sdk; the request without a body cancels
 * what is left) and the `Idempotency-Key` header ("Idempotência", https://docs.pagar.me/docs/o-que-é). The answer
 * is the charge: `{ id, status: "canceled" | "paid" (partly cancelled), canceled_amount, last_transaction }`.
 * Our provider id of a Pagar.me payment is its order (`or_…`): its paid charge is read from `GET /orders/{id}`.
 */
import { GatewayError, type RefundRequest, type RefundResult } from './gateway.ts';
import { assertCents, callGateway, obj, str, type GatewayHttp } from './gateway-http.ts';

/** The order's (or the named charge's) paid charge id. */
async function paidChargeOf(http: GatewayHttp, providerPaymentId: string): Promise<string> {
  if (providerPaymentId.startsWith('ch_')) return providerPaymentId;
  const order = await callGateway(http, 'GET', `/orders/${encodeURIComponent(providerPaymentId)}`);
  const charges = Array.isArray(order.charges) ? order.charges.map(obj) : [];
  const paid = charges.find((c) => ['paid', 'overpaid'].includes(str(c.status) ?? ''));
  const id = str(paid?.id);
  if (!id) throw new GatewayError('o pedido não tem cobrança paga no Pagar.me', 'refused', false);
  return id;
}

export async function refundPagarmeCharge(http: GatewayHttp, request: RefundRequest): Promise<RefundResult> {
  assertCents(request.amountCents);
  const chargeId = await paidChargeOf(http, request.providerPaymentId);
  const charge = await callGateway(
    http,
    'DELETE',
    `/charges/${encodeURIComponent(chargeId)}`,
    { amount: request.amountCents },
    { 'idempotency-key': request.idempotencyKey },
  );
  const status = str(charge.status);
  if (status === 'failed') throw new GatewayError('cancelamento recusado pelo Pagar.me', 'refused', false);
  const transaction = obj(charge.last_transaction);
  const refundId = str(transaction.id) ?? `${chargeId}:${request.idempotencyKey}`;
  const done = status === 'canceled' || status === 'paid' || status === 'overpaid';
  return { providerRefundId: refundId, status: done ? 'approved' : 'pending', raw: charge };
}
