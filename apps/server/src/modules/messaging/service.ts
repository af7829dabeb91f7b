/** The messaging module's public face: what routes, flows and other modules use of it (docs/architecture.md). */
export { chatbotSigningSecret, databaseRegistry, shopOfWhatsAppNumber } from './channel-registry.ts';
export { CredentialCipher, credentialContext } from './credential-cipher.ts';
export { enqueueOrderEvent } from './events.ts';
export { CANCELED_STATUS, enqueueOrderStatus, PAID_STATUS } from './order-status.ts';
export { orderMessagesEnabled } from './whatsapp-options.ts';
export { orderDetailsPart } from './compose-order.ts';
export { paymentMessage, type PaymentInstructions } from './compose-payment.ts';

// What routes, flows and plugins use of the module (issue 30: they import it through this face only).
export { absoluteUrl, catalogParts, notPlacedParts, productParts, resumeParts } from './compose.ts';
export type { NotPlaced } from './compose.ts';
export type { OrderStatusChange } from './compose-order.ts';
export { testChannelConnection } from './connection-test.ts';
export { messagingChanges } from './messaging-audit.ts';
export {
  assertWebhookUrls,
  readMessagingSettings,
  saveMessagingSettings,
  writeMessagingSettings,
} from './messaging-settings.ts';
