/**
 * The payment module's public face: what routes, flows and other modules use of it (docs/architecture.md); the
 * work is in the files it names (card-attempt via pay-by-card, charge, webhook, payment-page, methods, pix).
 */
export { hasPaymentAccount } from './account.ts';
export { cancelWaitingCharge, paymentCancelJobs } from './cancel.ts';
export { startPaymentSweeper, stopPaymentSweeper } from './sweeper.ts';
export { startPixReconciler, stopPixReconciler } from './pix-reconciler.ts';
export { paymentContext, type PaymentContext } from './context.ts';
export { findShopPix } from './pix.ts';
export { deleteCardPlan } from './plan-repository.ts';
export { orderIsPaid, orderPaymentTimeline } from './timeline.ts';
export { chargeAndSend, paymentChargeJobs } from './charge-job.ts';
export {
  chosenOptionId,
  queueChosenPayment,
  remotePaymentHow,
  remotePaymentOptions,
} from './placed-payment.ts';
export { chargeInstructions, queueNewCharge, queueOrderPayment } from './payment-message.ts';
export { conversationOf, expireCharge } from './settle.ts';
export { resendPaymentMessage } from './payment-link-resend.ts';
export { methodOffered } from './methods.ts';
export { completionPaymentOptions } from './complete-method.ts';
export { recordManualPayment, undoManualPayment } from './manual.ts';
export { requiredIdempotencyKey } from './idempotency.ts';
export { receiveBankPix, reconcileShop, refundBankReceipt } from './pix-bank.ts';
export {
  bankPixShops,
  loadPixBank,
  savePixBank,
  webhookSecretMatches,
  type PixBankAccount,
} from './pix-bank-account.ts';

// What routes, flows and plugins use of the module (issue 30: they import it through this face only).
export { loadPaymentAccount, savePaymentSettings } from './account.ts';
export { paymentAccountChanges } from './account-audit.ts';
export { boletoPdf } from './boleto-pdf.ts';
export { gatewayUnavailable, paymentLinkOrder, pixOrBoletoCharge } from './charge.ts';
export { testPaymentConnection } from './connection-test.ts';
export { listPaymentOptions, setDeliveryPayment, setPaymentMethod } from './methods.ts';
export { payByCard, payByMercadoPago } from './pay-by-card.ts';
export { chooseInstallments, getPaymentAccount, getPaymentOrder, listCardOptions } from './payment-page.ts';
export { mergeSettings, settingsView } from './payment-settings.ts';
export { manualPixForCurrentOrder, qrPng } from './pix.ts';
export { saveShopPix, shopPixReceiver } from './pix-receiver.ts';
export { findOtherCharge, findPayment, replacePayerUserIds, type PaymentRow } from './repository.ts';
export { checkPaymentStatus, receivePaymentWebhook } from './webhook.ts';

// Refunds and returns (issue 34, decision 0050).
export { grantLowerTotal, grantRefund, withdrawEditGrants, type RefundActor } from './refund-grant.ts';
export { sendRefund, REFUND_LEASE_MS } from './refund-send.ts';
export { receiveReturn } from './refund-return.ts';
export { orderRefundsView } from './refund-view.ts';
export { findRefund, refundedQuantities } from './refund-repository.ts';
export { orderDueCents, orderPaidCents } from './ledger.ts';
export { duePaymentView, queueDuePayment, type DuePayment } from './due-payment.ts';
