/**
 * The HTTP layer (docs/architecture.md): every route of the API, one file per area. A route declares its schema
 * and makes one call into a flow (work spanning modules) or a module's service; nothing below imports this folder.
 */
import type { FastifyInstance } from 'fastify';
import { catalogRoutes } from './catalog.ts';
import { checkoutRoutes } from './checkout.ts';
import { customerRoutes } from './customer.ts';
import { paymentDevRoutes } from './dev-boleto.ts';
import { devInboxRoutes } from './dev-inbox.ts';
import { firstViewRoutes } from './first-view.ts';
import { logisticsRoutes } from './logistics.ts';
import { mediaRoutes } from './media.ts';
import { messagingRoutes } from './messaging.ts';
import { orderRoutes } from './order.ts';
import { orderEventRoutes } from './order-events.ts';
import { paymentWebhookRoutes } from './payment-webhooks.ts';
import { paymentRoutes } from './payment.ts';
import { pixRoutes } from './pix.ts';
import { messagingSettingsRoutes } from './platform-messaging.ts';
import { paymentSettingsRoutes } from './platform-payments.ts';
import { productRoutes } from './product.ts';
import { sessionRoutes } from './session.ts';
import { shopRoutes } from './shop.ts';
import { trayRoutes } from './tray.ts';
import { consoleEventRoutes } from './console-events.ts';
import { consoleOrderRoutes } from './console-orders.ts';
import { consolePhotoRoutes } from './console-photos.ts';
import { consoleSalesRoutes } from './console-sales.ts';
import { consoleSalesRulesRoutes } from './console-sales-rules.ts';
import { consoleSessionRoutes } from './console-session.ts';
import { consoleCatalogRoutes } from './console-catalog.ts';
import { consoleCatalogSheetRoutes } from './console-catalog-sheets.ts';
import { consoleDeliveryRoutes } from './console-delivery.ts';
import { consoleSettingsRoutes } from './console-settings.ts';
import { consoleShopRoutes } from './console-shop.ts';
import { consoleTeamRoutes } from './console-team.ts';
import { devMailboxRoutes } from './dev-mailbox.ts';
import { platformOrderRoutes } from './platform-orders.ts';
import { platformShopRoutes } from './platform-shops.ts';

export async function registerRoutes(app: FastifyInstance) {
  await app.register(sessionRoutes);
  await app.register(shopRoutes);
  await app.register(orderRoutes);
  await app.register(orderEventRoutes);
  await app.register(productRoutes);
  await app.register(catalogRoutes);
  await app.register(mediaRoutes);
  await app.register(trayRoutes);
  await app.register(messagingRoutes);
  await app.register(devInboxRoutes);
  await app.register(messagingSettingsRoutes);
  await app.register(pixRoutes);
  await app.register(customerRoutes);
  await app.register(logisticsRoutes);
  await app.register(checkoutRoutes);
  await app.register(paymentSettingsRoutes);
  await app.register(paymentRoutes(app.payments));
  await app.register(paymentWebhookRoutes(app.payments));
  await app.register(paymentDevRoutes);
  await app.register(platformShopRoutes);
  await app.register(platformOrderRoutes);
  await app.register(consoleSessionRoutes);
  await app.register(consoleTeamRoutes);
  await app.register(consoleShopRoutes);
  await app.register(consoleSettingsRoutes);
  await app.register(consoleCatalogRoutes);
  await app.register(consoleCatalogSheetRoutes);
  await app.register(consoleDeliveryRoutes);
  await app.register(consoleSalesRoutes);
  await app.register(consoleSalesRulesRoutes);
  await app.register(consoleOrderRoutes);
  await app.register(consoleEventRoutes);
  await app.register(consolePhotoRoutes);
  await app.register(devMailboxRoutes);
  await app.register(firstViewRoutes);
}
