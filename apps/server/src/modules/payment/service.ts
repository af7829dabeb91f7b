/**
 * The payment module's public face: what flows and other modules use of it (docs/architecture.md). Routes call
 * the files that do the work (card-attempt via pay-by-card, charge, webhook, payment-page, methods, pix).
 */
export { hasPaymentAccount } from './account.ts';
export { cancelWaitingCharge } from './cancel.ts';
export { paymentContext, type PaymentContext } from './context.ts';
export { findShopPix } from './pix.ts';
export { deleteCardPlan } from './plan-repository.ts';
export { listOrderPaymentEvents, orderIsPaid } from './timeline.ts';
export { paymentChargeJobs } from './charge-job.ts';
export { queueOrderPayment } from './payment-message.ts';
export { methodOffered } from './methods.ts';
