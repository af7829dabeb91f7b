/**
 * pt-BR messages of the refunds' refusals (issue 34, decision 0050), spread into the server's error catalogue.
 * Kept free of zod like stock.ts.
 */
export const REFUND_MESSAGES = {
  refundNotAllowed: 'Só o dono ou um gerente da loja pode reembolsar.',
  refundNotFound: 'Reembolso não encontrado neste pedido.',
  refundNothingPaid: 'Nada foi pago neste pedido: não há o que reembolsar.',
  refundAbovePaid: 'O reembolso passa do que foi pago: no máximo {max}.',
  refundAboveEntry:
    'O reembolso passa do que resta deste pagamento ({max}). Divida em reembolsos de cada pagamento.',
  refundEntryNotRefundable: 'Este pagamento não pode ser reembolsado (já foi desfeito ou devolvido).',
  refundLineUnknown: 'Um dos itens não é deste pedido.',
  refundLineAbove: 'A quantidade de "{name}" passa do que resta do item ({left}).',
  refundEmpty: 'Informe os itens ou o valor do reembolso.',
  refundTokenReused: 'Esta chave de idempotência já foi usada em outro reembolso.',
  refundAlreadySent: 'Este reembolso já foi enviado.',
  refundSending: 'Este reembolso está sendo enviado. Aguarde um instante e recarregue.',
  refundReferenceRequired:
    'Informe a referência do reembolso feito fora do sistema (comprovante, id do Pix ou observação).',
  refundRailUnavailable: 'A conta de pagamento deste pedido não está configurada para reembolsar.',
  refundNoReturn: 'Este reembolso não pede a volta dos itens ao estoque.',
  refundReturnReceived: 'A devolução deste reembolso já foi recebida.',
  refundReturnAbove: 'A quantidade recebida de "{name}" passa da devolvida ({left}).',
  refundReturnNotSold:
    'O estoque deste pedido não foi baixado (pedido não finalizado): nada volta ao estoque.',
  refundEntryHasRefunds: 'Este pagamento já tem reembolsos: use a lista de reembolsos do pedido.',
} as const;
export type RefundMessageCode = keyof typeof REFUND_MESSAGES;
