/**
 * Mercado Pago refunds (issue 34, decision 0050): "Criar reembolso",
 * https://www.mercadopago.com.br/developers/en/reference/chargebacks/_payments_id_refunds/post —
 * `POST /v1/payments/{id}/refunds` with `X-Idempotency-Key` (required: error 4292 without it) and body
 * `{ "amount": <reais> }` for a partial refund (an empty body refunds what is left). Several partial refunds may
 * follow one another up to the payment's amount. The answer (201) is the refund: `{ id, payment_id, amount,
 * status: "approved" | "in_process" | "rejected" | …, date_created }`. The reference's error causes are read into
 * pt-BR (2063 the payment's state, 2024/15016 too old, 3024 partial unsupported, 4040/4041 the amount, 2000 not
 * found); 423/424 are retried by the caller with the same key (mercadopago.ts).
 */
import { GatewayError, type RefundRequest, type RefundResult } from './gateway.ts';
import { callGateway, obj, str, toReais, type GatewayHttp } from './gateway-http.ts';

/** The reference's refund error causes, in pt-BR. */
const CAUSES: Record<string, string> = {
  '2000': 'pagamento não encontrado no Mercado Pago',
  '2024': 'pagamento antigo demais para ser reembolsado',
  '15016': 'pagamento antigo demais para ser reembolsado',
  '2063': 'o estado do pagamento não permite reembolso',
  '3024': 'este pagamento não aceita reembolso parcial',
  '4040': 'o valor do reembolso deve ser positivo',
  '4041': 'o valor do reembolso deve ser numérico',
  '4292': 'falta a chave de idempotência',
  '4296': 'a cobrança já foi reembolsada',
};

/** The pt-BR reason of a refund error body (the first cause the reference names, else its own message). */
export function mercadoPagoRefundError(body: unknown): string | null {
  const error = obj(body);
  const cause = Array.isArray(error.cause) ? obj(error.cause[0]) : {};
  const code = str(cause.code);
  return (code && CAUSES[code]) ?? str(cause.description) ?? str(error.message) ?? str(error.error);
}

/** `POST /v1/payments/{id}/refunds` of `amountCents`, keyed by our refund's id. */
export async function refundMercadoPagoPayment(
  http: GatewayHttp,
  request: RefundRequest,
): Promise<RefundResult> {
  const answer = await callGateway(
    { ...http, errorMessage: mercadoPagoRefundError },
    'POST',
    `/v1/payments/${encodeURIComponent(request.providerPaymentId)}/refunds`,
    { amount: toReais(request.amountCents) },
    { 'x-idempotency-key': request.idempotencyKey },
  );
  const id = str(answer.id);
  if (!id) throw new GatewayError('resposta sem id do reembolso', 'badResponse', true);
  const status = str(answer.status);
  if (status === 'rejected' || status === 'cancelled')
    throw new GatewayError(`reembolso ${status === 'rejected' ? 'recusado' : 'cancelado'}`, 'refused', false);
  return { providerRefundId: id, status: status === 'approved' ? 'approved' : 'pending', raw: answer };
}
