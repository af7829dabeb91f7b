/** The messaging module's public face: what other modules may use of it (docs/architecture.md). */
export { databaseRegistry } from './channel-registry.ts';
export { CredentialCipher, credentialContext } from './credential-cipher.ts';
export { enqueueOrderEvent } from './events.ts';
export { CANCELED_STATUS, enqueueOrderStatus, PAID_STATUS } from './order-status.ts';
export { orderMessagesEnabled } from './whatsapp-options.ts';
export { orderDetailsPart } from './compose-order.ts';
export { paymentMessage, type PaymentInstructions } from './compose-payment.ts';
