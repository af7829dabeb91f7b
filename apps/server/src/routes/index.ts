/**
 * The HTTP layer (docs/architecture.md): every route of the API, one folder per caller and one file per area —
 * `storefront/` (the shopper's and the agent's storefront), `console/<section>.ts` (the shop's console, in the
 * console's sections: decision 0042), `platform/` (the chatbot platform's API), `webhooks/` (providers calling
 * in) and `dev/` (demo and development only). A route declares its schema and makes one call into a flow (work
 * spanning modules) or a module's service face; nothing below imports this folder.
 */
import type { FastifyInstance } from 'fastify';
import { consoleCatalogRoutes } from './console/catalog.ts';
import { consolePhotoRoutes } from './console/catalog-photos.ts';
import { consoleCatalogSheetRoutes } from './console/catalog-sheets.ts';
import { consoleDeliveryRoutes } from './console/delivery.ts';
import { consoleExternalLogisticRoutes } from './console/delivery-external-logistic.ts';
import { consoleRecoveryRoutes } from './console/recovery.ts';
import { consoleEventRoutes } from './console/events.ts';
import { consoleHomeRoutes } from './console/home.ts';
import { consoleStartSaleRoutes } from './console/home-start-sale.ts';
import { consoleIntegrationRoutes } from './console/integrations.ts';
import { consoleOrderRoutes } from './console/orders.ts';
import { consoleOrderEditRoutes } from './console/orders-edits.ts';
import { consoleOrderRefundRoutes } from './console/orders-refunds.ts';
import { consoleReportRoutes } from './console/reports.ts';
import { consoleSalesRoutes } from './console/sales.ts';
import { consolePaymentAccountRoutes } from './console/sales-payment-account.ts';
import { consolePixBankRoutes } from './console/sales-pix-bank.ts';
import { consolePriceTableRoutes } from './console/sales-price-tables.ts';
import { consoleSessionRoutes } from './console/session.ts';
import { consoleSettingsRoutes } from './console/settings.ts';
import { consoleStockRoutes } from './console/stock.ts';
import { consoleTeamRoutes } from './console/team.ts';
import { consoleContactDataRoutes } from './console/contacts-data.ts';
import { devBoletoRoutes } from './dev/boleto.ts';
import { devInboxRoutes } from './dev/inbox.ts';
import { devMailboxRoutes } from './dev/mailbox.ts';
import { devProviderRoutes } from './dev/providers.ts';
import { platformInventoryRoutes } from './platform/inventory.ts';
import { platformMessagingRoutes } from './platform/messaging.ts';
import { platformOrderRoutes } from './platform/orders.ts';
import { platformContactDataRoutes } from './platform/contacts-data.ts';
import { platformPaymentRoutes } from './platform/payments.ts';
import { platformShopRoutes } from './platform/shops.ts';
import { catalogRoutes } from './storefront/catalog.ts';
import { checkoutRoutes } from './storefront/checkout.ts';
import { customerRoutes } from './storefront/customer.ts';
import { feedRoutes } from './storefront/feeds.ts';
import { firstViewRoutes } from './storefront/first-view.ts';
import { logisticsRoutes } from './storefront/logistics.ts';
import { mediaRoutes } from './storefront/media.ts';
import { messagingRoutes } from './storefront/messaging.ts';
import { orderRoutes } from './storefront/order.ts';
import { orderEditRoutes } from './storefront/order-edits.ts';
import { orderEventRoutes } from './storefront/order-events.ts';
import { paymentRoutes } from './storefront/payment.ts';
import { pixRoutes } from './storefront/pix.ts';
import { productRoutes } from './storefront/product.ts';
import { sessionRoutes } from './storefront/session.ts';
import { shopRoutes } from './storefront/shop.ts';
import { trayRoutes } from './storefront/tray.ts';
import { paymentWebhookRoutes } from './webhooks/payment.ts';
import { pixWebhookRoutes } from './webhooks/pix.ts';
import { whatsappWebhookRoutes } from './webhooks/whatsapp.ts';

export async function registerRoutes(app: FastifyInstance) {
  // Registered in the order the API's document lists them.
  await app.register(sessionRoutes);
  await app.register(shopRoutes);
  await app.register(orderRoutes);
  await app.register(orderEventRoutes);
  await app.register(orderEditRoutes);
  await app.register(productRoutes);
  await app.register(catalogRoutes);
  await app.register(mediaRoutes);
  await app.register(feedRoutes);
  await app.register(trayRoutes);
  await app.register(messagingRoutes);
  await app.register(devInboxRoutes);
  await app.register(devProviderRoutes);
  await app.register(platformMessagingRoutes);
  await app.register(pixRoutes);
  await app.register(customerRoutes);
  await app.register(logisticsRoutes);
  await app.register(checkoutRoutes);
  await app.register(platformPaymentRoutes);
  await app.register(paymentRoutes(app.payments));
  await app.register(paymentWebhookRoutes(app.payments));
  await app.register(whatsappWebhookRoutes);
  await app.register(pixWebhookRoutes);
  await app.register(devBoletoRoutes);
  await app.register(platformShopRoutes);
  await app.register(platformOrderRoutes);
  await app.register(platformContactDataRoutes);
  await app.register(platformInventoryRoutes);
  await app.register(consoleSessionRoutes);
  await app.register(consoleTeamRoutes);
  await app.register(consoleContactDataRoutes);
  await app.register(consoleHomeRoutes);
  await app.register(consoleSettingsRoutes);
  await app.register(consoleCatalogRoutes);
  await app.register(consoleCatalogSheetRoutes);
  await app.register(consoleStockRoutes);
  await app.register(consoleDeliveryRoutes);
  await app.register(consoleExternalLogisticRoutes);
  await app.register(consoleStartSaleRoutes);
  await app.register(consoleSalesRoutes);
  await app.register(consolePriceTableRoutes);
  await app.register(consoleIntegrationRoutes);
  await app.register(consolePaymentAccountRoutes);
  await app.register(consolePixBankRoutes);
  await app.register(consoleOrderRoutes);
  await app.register(consoleOrderRefundRoutes);
  await app.register(consoleOrderEditRoutes);
  await app.register(consoleReportRoutes);
  await app.register(consoleEventRoutes);
  await app.register(consoleRecoveryRoutes);
  await app.register(consolePhotoRoutes);
  await app.register(devMailboxRoutes);
  await app.register(firstViewRoutes);
}
