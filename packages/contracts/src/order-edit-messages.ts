/**
 * pt-BR messages of the order edits' refusals (issue 34, decision 0053) and of 'Enviar link de pagamento' and 'Completar pedido' (issue 38), spread into the server's error catalogue.
 * Kept free of zod like refund-messages.ts.
 */
export const ORDER_EDIT_MESSAGES = {
  orderEditNotAllowed: 'Só o dono, um gerente ou o atendente que está com este pedido pode editá-lo.',
  orderEditStatus: 'Este pedido está {status}: só pedidos ainda não entregues podem ser editados.',
  orderEditStaleVersion:
    'O pedido mudou depois que você o abriu (agora na versão {version}). Veja o pedido atualizado e refaça a alteração.',
  orderEditProposalStale:
    'O pedido mudou depois desta proposta. Peça à loja uma nova proposta com o pedido atualizado.',
  orderEditNotFound: 'Alteração não encontrada neste pedido.',
  orderEditDecided: 'Esta alteração já foi {state}.',
  orderEditSuperseded: 'Esta proposta foi substituída por outra mais recente da loja.',
  orderEditExpired: 'Esta proposta expirou sem resposta. Peça à loja uma nova proposta.',
  orderEditNothing: 'A alteração não muda nada no pedido.',
  orderEditEmpty: 'O pedido não pode ficar sem itens. Para desfazer o pedido inteiro, cancele-o.',
  orderEditRefundedLine: 'O item "{name}" tem reembolso registrado e não pode ser removido.',
  orderEditPricesChanged:
    'Os preços mudaram desde a proposta (o total seria {total}). Peça à loja uma nova proposta.',
  orderEditContactOnly: 'Só o cliente do pedido pode aceitar ou recusar a alteração.',
  orderEditNoContact: 'Este pedido não tem um contato para receber a proposta.',
  paymentLinkNotAllowed:
    'Só o dono, um gerente ou o atendente que está com este pedido pode enviar o link de pagamento.',
  paymentLinkStatus: 'Só pedidos ainda não entregues nem cancelados recebem link de pagamento.',
  paymentLinkPaid: 'Este pedido já está pago: não há valor a receber.',
  paymentLinkNoMethod:
    'O cliente ainda não escolheu a forma de pagamento: combine com ele ou complete o pedido antes de enviar o link.',
  paymentLinkOffline:
    'Este pedido é pago direto à loja (na entrega ou combinado): não há link de pagamento online para enviar.',
  paymentLinkWithCharge:
    'O boleto ou o Pix deste pedido vai ao cliente com a cobrança, assim que ela é gerada: não há outro link para enviar.',
  paymentLinkNotSetUp:
    'A loja não tem pagamento online configurado para a forma deste pedido. Configure em Pagamentos › Pix ou Conta de pagamento.',
  paymentLinkNoContact: 'Este pedido não tem uma conversa com o cliente para receber o link.',
  orderCompleteNotAllowed: 'Só o dono, um gerente ou o atendente que está com este pedido pode completá-lo.',
  orderCompleteStatus: 'Só pedidos recebidos (ainda não finalizados nem cancelados) podem ser completados.',
  orderCompleteHasMethod:
    'Este pedido já tem forma de pagamento. Para trocá-la, o cliente pede a troca na página de pagamento.',
  orderCompleteMethodUnavailable:
    'Esta forma de pagamento não pode ser definida neste pedido. Escolha uma das formas oferecidas.',
  // The contact's own delivery choice on a WhatsApp catalogue order (issue 35, decision 0054).
  placedDeliveryNotFound: 'Pedido não encontrado.',
  placedDeliveryContactOnly: 'Só o cliente do pedido pode escolher a entrega por este link.',
  placedDeliveryStatus:
    'Este pedido está {status}: a entrega só pode ser escolhida enquanto ele está recebido.',
  placedDeliveryPaid: 'Este pedido já tem pagamento: para mudar a entrega, fale com a loja.',
  placedDeliveryChosen:
    'A entrega deste pedido já foi escolhida. Para mudá-la, fale com a loja pela conversa.',
  // The contact's own payment choice on it (issue 35, decision 0062).
  placedPaymentContactOnly: 'Só o cliente do pedido pode escolher o pagamento por este link.',
  placedPaymentStatus:
    'Este pedido está {status}: o pagamento só pode ser escolhido enquanto ele está recebido.',
  placedPaymentPaid: 'Este pedido já está pago.',
  placedPaymentNoDelivery: 'Escolha a entrega antes da forma de pagamento.',
} as const;
export type OrderEditMessageCode = keyof typeof ORDER_EDIT_MESSAGES;
