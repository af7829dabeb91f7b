/**
 * The payment module's public face: what flows and other modules use of it (docs/architecture.md). Routes call
 * the files that do the work (card-attempt via pay-by-card, charge, webhook, payment-page, methods, pix).
 */
export { hasPaymentAccount } from './account.ts';
export { cancelWaitingCharge } from './cancel.ts';
export { chargeOrder } from './charge.ts';
export { paymentContext, type PaymentContext } from './context.ts';
export { ON_DELIVERY_OPTIONS } from './methods.ts';
export { findShopPix, orderTxid, pixFor } from './pix.ts';
export { deleteCardPlan } from './plan-repository.ts';
export { conversationOf } from './settle.ts';
export { listOrderPaymentEvents, orderIsPaid } from './timeline.ts';
