/**
 * Attacker's suite 1 — the authorisation matrix, generated from the route table (issue 14). Every route the app
 * declares must be classified below (a new route fails this test until it is); every route that names an object
 * or acts on an order, address, payment, document or shop is called, with a request that matches its schemas
 * and the victim's ids, by each attacker its access allows: another contact of the same shop, a session of
 * another shop, an agent of the same shop for another contact, a contact where an agent is required, a session
 * code where the platform key is required, an expired code, garbage, none. Pass: refused (401/403/404) — or,
 * where the route acts implicitly on the caller's own order, an answer about the attacker's own data only — and
 * the victim's data re-read unchanged, with nothing of the victim in any answer.
 */
import { DEFAULT_RECOVERY_RULE } from '@vitrine/contracts/console-recovery';
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { documentUrlSigner } from '../lib/signed-url.ts';
import { cardBody, seedPaymentSuite } from '../modules/payment/payment-test-kit.ts';
import { shirtBody } from '../test/catalog-kit.ts';
import { couponBodyOf, giftTierBodyOf } from '../test/sales-rules-kit.ts';
import { byNeighbourhood, everyDay, storeBody } from '../test/delivery-kit.ts';
import { describeEachDb } from '../test/test-app.ts';
import {
  attackerCodes,
  setUpVictim,
  victimSecrets,
  victimSnapshot,
  type AttackerName,
  type Victim,
} from './attack-kit.ts';
import { operationsOf, validRequest, type OpenApiDoc, type Operation } from './openapi-requests.ts';

type Access =
  | 'public'
  | 'session'
  | 'session-object'
  | 'agent'
  | 'agent-object'
  | 'platform'
  | 'signed'
  | 'webhook'
  | 'demo-local'
  | 'proof'
  | 'session-code'
  | 'console'
  | 'console-link';

/** Every API route, by how a caller is allowed in. A route missing here fails the suite. */
const ACCESS: Record<string, Access> = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  // Storefront pages drawn by the server (docs/decisions/0019): shop-wide data only, the session never reaches them.
  'GET /catalog': 'public',
  'GET /products-found': 'public',
  'GET /product/:id': 'public',
  'GET /media/p/:file': 'public',
  'GET /media/logo/:file': 'public',
  'GET /media/shop-logos/:file': 'public',
  'GET /media/photos/:file': 'public',
  'GET /media/previews/photos/:file': 'public',
  'GET /media/previews/p/:file': 'public',
  'GET /media/previews/shops/:file': 'public',
  'GET /feeds/:shop/:token/meta.csv': 'proof',
  'GET /feeds/:shop/:token/google.xml': 'proof',
  'GET /api/tray/config': 'public',
  'GET /api/session/:code': 'session-code',
  'POST /api/platform/sessions': 'platform',
  'PUT /api/platform/sessions/:code/suggestions': 'platform',
  'POST /api/platform/chatbot-tokens': 'platform',
  'GET /api/platform/shops/:shop/messaging': 'platform',
  'PUT /api/platform/shops/:shop/messaging': 'platform',
  'GET /api/console/shops/:shop/integrations/messaging': 'console',
  'GET /api/console/shops/:shop/integrations/feeds': 'console',
  'POST /api/console/shops/:shop/integrations/feeds/address': 'console',
  'PUT /api/console/shops/:shop/integrations/messaging': 'console',
  'POST /api/console/shops/:shop/integrations/messaging/:channel/test': 'console',
  'GET /api/platform/shops/:shop/payments': 'platform',
  'PUT /api/platform/shops/:shop/payments': 'platform',
  'GET /api/shop/settings': 'session',
  'GET /api/order/current': 'session',
  'POST /api/order/items/': 'session',
  'POST /api/order/gift/': 'session',
  'GET /api/order/confirm': 'session',
  'GET /api/catalog/products/:id': 'session',
  'GET /api/catalog/categories': 'session',
  'GET /api/catalog/top': 'session',
  'POST /api/catalog/products/search': 'session',
  'POST /api/catalog/products/searchText': 'session',
  'GET /api/catalog/products/collections/:id': 'session',
  'GET /api/catalog/products/byids/*': 'session',
  'GET /api/catalog/products/facets': 'session',
  'POST /api/customer/update': 'session',
  'POST /api/order/address/': 'session',
  'GET /api/order/address/cep/:postalCode': 'session',
  'GET /api/order/logistic/': 'session',
  'POST /api/order/logistic/': 'session',
  'GET /api/order/stores/': 'session',
  'GET /api/order/schedule': 'session',
  'POST /api/order/schedule': 'session',
  'GET /api/order/payments/': 'session',
  'POST /api/order/payment/method': 'session',
  'POST /api/order/payment/delivery': 'session',
  'POST /api/order/coupon/': 'session',
  'GET /api/order/payment': 'session',
  'GET /api/order/payment/credit': 'session',
  'POST /api/order/payment/credit/installments': 'session',
  'POST /api/order/payment/credit': 'session',
  'GET /api/order/payment/update': 'session',
  'POST /api/order/payment/charge': 'session',
  'POST /api/order/payment/link': 'session',
  'POST /api/order/payment/mercadoPago': 'session',
  'GET /api/order/payment/status/:paymentId': 'session-object',
  'GET /api/order/:orderId/account/': 'session-object',
  'GET /api/order/:orderId/events': 'session-object',
  'GET /api/order/edits/:editId': 'session-object',
  'POST /api/order/edits/:editId/accept': 'session-object',
  'POST /api/order/edits/:editId/decline': 'session-object',
  'GET /api/order/placed/:orderId/delivery': 'session-object',
  'POST /api/order/placed/:orderId/delivery': 'session-object',
  'GET /api/order/placed/:orderId/payment': 'session-object',
  'POST /api/order/placed/:orderId/payment': 'session-object',
  'GET /api/order/seller/': 'agent',
  'POST /api/order/seller/': 'agent',
  'GET /api/order/price-tables': 'agent',
  'POST /api/order/price-tables/:id': 'agent',
  'POST /api/order/discount': 'agent',
  'POST /api/order/logistic/manual': 'agent',
  'POST /api/order/send/product/:id': 'agent',
  'GET /api/order/send/catalog': 'agent',
  'GET /api/order/send/resume': 'agent',
  'POST /api/order/semiautomatic': 'agent',
  'GET /api/order/messages': 'agent',
  'POST /api/order/pix/manual': 'agent',
  'GET /api/tray/import/status': 'agent',
  'POST /api/tray/import': 'agent',
  'POST /api/order/confirm': 'agent-object',
  'GET /api/order/cancel': 'agent-object',
  'GET /api/pix/qr.png': 'signed',
  'GET /api/dev/payments/boleto/:file': 'signed',
  'POST /api/webhooks/payments/:gateway/:shopId': 'webhook',
  // Meta's verification handshake: answers hub.challenge only for our verify token (routes/webhooks/whatsapp.test.ts).
  'GET /api/webhooks/whatsapp': 'public',
  'POST /api/webhooks/whatsapp': 'webhook',
  'POST /api/webhooks/whatsapp/chatbot/:shopId': 'webhook',
  'POST /api/webhooks/pix/:shopId/:secret': 'webhook',
  'POST /api/webhooks/pix/:shopId/:secret/pix': 'webhook',
  'GET /api/dev/inbox': 'demo-local',
  'POST /api/platform/shops': 'platform',
  'POST /api/platform/shops/:shop/console-links': 'platform',
  'GET /api/platform/shops/:shop/orders': 'platform',
  'GET /api/platform/shops/:shop/contacts/data': 'platform',
  'POST /api/platform/shops/:shop/contacts/erase': 'platform',
  'PUT /api/platform/shops/:shop/contacts/opt-out': 'platform',
  'GET /api/platform/shops/:shop/orders/:orderId': 'platform',
  'GET /api/platform/shops/:shop/inventory': 'platform',
  'PUT /api/platform/shops/:shop/inventory': 'platform',
  'GET /api/dev/mailbox': 'demo-local',
  // Demo only, this machine only: the providers' fakes 'Testar conexão' calls (routes/dev/providers.ts); no data.
  'GET /dev/providers/graph/:version/:id': 'public',
  'POST /dev/providers/graph/:version/:id/messages': 'public',
  'GET /dev/providers/mercadopago/v1/payment_methods': 'public',
  'GET /dev/providers/pagarme/core/v5/customers': 'public',
  // Console (cookie callers are attacked in console-authz.test.ts; here: bearer sessions are no console session).
  'POST /api/console/session': 'public',
  'POST /api/console/password/forgot': 'public',
  'DELETE /api/console/session': 'console',
  'DELETE /api/console/sessions': 'console',
  'GET /api/console/me': 'console',
  'GET /api/console/shops/:shop/team': 'console',
  'POST /api/console/shops/:shop/team/invitations': 'console',
  'DELETE /api/console/shops/:shop/team/invitations/:id': 'console',
  'PUT /api/console/shops/:shop/team/members/:userId': 'console',
  'DELETE /api/console/shops/:shop/team/members/:userId': 'console',
  'GET /api/console/shops/:shop/checklist': 'console',
  'POST /api/console/shops/:shop/agent-links': 'console',
  'GET /api/console/shops/:shop/audit': 'console',
  'GET /api/console/shops/:shop/settings': 'console',
  'GET /api/console/shops/:shop/collections': 'console',
  'PUT /api/console/shops/:shop/settings': 'console',
  'POST /api/console/shops/:shop/logo': 'console',
  'GET /api/console/shops/:shop/contacts': 'console',
  'GET /api/console/shops/:shop/contacts/:contactId/data': 'console',
  'POST /api/console/shops/:shop/contacts/:contactId/erase': 'console',
  'POST /api/console/shops/:shop/sales': 'console',
  'GET /api/console/shops/:shop/orders': 'console',
  'GET /api/console/shops/:shop/orders.csv': 'console',
  'GET /api/console/shops/:shop/catalog-orders/not-placed': 'console',
  'GET /api/console/shops/:shop/reports/funnel': 'console',
  'GET /api/console/shops/:shop/reports/funnel.csv': 'console',
  'GET /api/console/shops/:shop/reports/products': 'console',
  'GET /api/console/shops/:shop/reports/products.csv': 'console',
  'GET /api/console/shops/:shop/reports/sales': 'console',
  'GET /api/console/shops/:shop/reports/sales.csv': 'console',
  'GET /api/console/shops/:shop/reports/today': 'console',
  'GET /api/console/shops/:shop/events': 'console',
  'GET /api/console/shops/:shop/orders/:orderId': 'console',
  'POST /api/console/shops/:shop/orders/:orderId/finalize': 'console',
  'POST /api/console/shops/:shop/orders/:orderId/cancel': 'console',
  'POST /api/console/shops/:shop/orders/:orderId/fulfilment': 'console',
  'POST /api/console/shops/:shop/orders/:orderId/payments': 'console',
  'POST /api/console/shops/:shop/orders/:orderId/payments/:entryId/undo': 'console',
  'POST /api/console/shops/:shop/orders/:orderId/payments/:entryId/refund': 'console',
  'GET /api/console/shops/:shop/orders/:orderId/edits': 'console',
  'POST /api/console/shops/:shop/orders/:orderId/edits': 'console',
  'GET /api/console/shops/:shop/orders/:orderId/edits/products': 'console',
  'GET /api/console/shops/:shop/orders/:orderId/refunds': 'console',
  'POST /api/console/shops/:shop/orders/:orderId/refunds': 'console',
  'POST /api/console/shops/:shop/orders/:orderId/refunds/:refundId/send': 'console',
  'POST /api/console/shops/:shop/orders/:orderId/refunds/:refundId/return': 'console',
  'POST /api/console/shops/:shop/orders/:orderId/payment-link': 'console',
  'GET /api/console/shops/:shop/orders/:orderId/completion': 'console',
  'POST /api/console/shops/:shop/orders/:orderId/completion/payment-method': 'console',
  'GET /api/console/shops/:shop/pix-bank': 'console',
  'PUT /api/console/shops/:shop/pix-bank': 'console',
  'POST /api/console/shops/:shop/pix-bank/test': 'console',
  'POST /api/console/shops/:shop/pix-bank/reconcile': 'console',
  'GET /api/console/shops/:shop/catalog/categories': 'console',
  'POST /api/console/shops/:shop/catalog/categories': 'console',
  'PUT /api/console/shops/:shop/catalog/categories/:code': 'console',
  'PUT /api/console/shops/:shop/catalog/categories/:code/place': 'console',
  'GET /api/console/shops/:shop/catalog/products': 'console',
  'GET /api/console/shops/:shop/catalog/products/:code': 'console',
  'POST /api/console/shops/:shop/catalog/products': 'console',
  'PUT /api/console/shops/:shop/catalog/products/:code': 'console',
  'POST /api/console/shops/:shop/catalog/products/bulk': 'console',
  'GET /api/console/shops/:shop/catalog/sheet/sample.csv': 'console',
  'GET /api/console/shops/:shop/catalog/sheet/export.csv': 'console',
  'POST /api/console/shops/:shop/catalog/imports': 'console',
  'GET /api/console/shops/:shop/catalog/imports/latest': 'console',
  'GET /api/console/shops/:shop/catalog/imports/:importId': 'console',
  'POST /api/console/shops/:shop/catalog/imports/:importId/start': 'console',
  'POST /api/console/shops/:shop/catalog/imports/:importId/cancel': 'console',
  'GET /api/console/shops/:shop/catalog/imports/:importId/refused.csv': 'console',
  'GET /api/console/shops/:shop/catalog/collections': 'console',
  'POST /api/console/shops/:shop/catalog/collections': 'console',
  'GET /api/console/shops/:shop/catalog/collections/:code': 'console',
  'PUT /api/console/shops/:shop/catalog/collections/:code': 'console',
  'PUT /api/console/shops/:shop/catalog/collections/:code/place': 'console',
  'PUT /api/console/shops/:shop/catalog/collections/:code/products': 'console',
  'DELETE /api/console/shops/:shop/catalog/collections/:code': 'console',
  'GET /api/console/shops/:shop/products/:code/photos': 'console',
  'POST /api/console/shops/:shop/products/:code/photos': 'console',
  'PUT /api/console/shops/:shop/products/:code/photos/order': 'console',
  'DELETE /api/console/shops/:shop/products/:code/photos/:imageId': 'console',
  'GET /api/console/shops/:shop/coupons': 'console',
  'POST /api/console/shops/:shop/coupons': 'console',
  'PUT /api/console/shops/:shop/coupons/:couponId': 'console',
  'GET /api/console/shops/:shop/pix': 'console',
  'PUT /api/console/shops/:shop/pix': 'console',
  'GET /api/console/shops/:shop/gifts': 'console',
  'POST /api/console/shops/:shop/gifts': 'console',
  'PUT /api/console/shops/:shop/gifts/:tierId': 'console',
  'DELETE /api/console/shops/:shop/gifts/:tierId': 'console',
  'GET /api/console/shops/:shop/price-tables': 'console',
  'GET /api/console/shops/:shop/stock/products': 'console',
  'GET /api/console/shops/:shop/stock/products/:code': 'console',
  'GET /api/console/shops/:shop/stock/products/:code/movements': 'console',
  'PUT /api/console/shops/:shop/stock/products/:code/settings': 'console',
  'POST /api/console/shops/:shop/stock/adjustments': 'console',
  'GET /api/console/shops/:shop/stock/low': 'console',
  'POST /api/console/shops/:shop/price-tables': 'console',
  'PUT /api/console/shops/:shop/price-tables/:tableId': 'console',
  'DELETE /api/console/shops/:shop/price-tables/:tableId': 'console',
  'GET /api/console/shops/:shop/price-tables/:tableId/prices': 'console',
  'PUT /api/console/shops/:shop/price-tables/:tableId/prices': 'console',
  'GET /api/console/shops/:shop/price-tables/:tableId/prices.csv': 'console',
  'POST /api/console/shops/:shop/price-tables/:tableId/prices.csv': 'console',
  'GET /api/console/shops/:shop/payment-methods': 'console',
  'PUT /api/console/shops/:shop/payment-methods': 'console',
  'GET /api/console/shops/:shop/payment-account': 'console',
  'PUT /api/console/shops/:shop/payment-account': 'console',
  'POST /api/console/shops/:shop/payment-account/test': 'console',
  'GET /api/console/shops/:shop/delivery/cep/:cep': 'console',
  'GET /api/console/shops/:shop/delivery/external-logistic': 'console',
  'PUT /api/console/shops/:shop/delivery/external-logistic': 'console',
  'GET /api/console/shops/:shop/recovery/rule': 'console',
  'PUT /api/console/shops/:shop/recovery/rule': 'console',
  'GET /api/console/shops/:shop/recovery/reminders': 'console',
  'GET /api/console/shops/:shop/delivery/stores': 'console',
  'POST /api/console/shops/:shop/delivery/stores': 'console',
  'PUT /api/console/shops/:shop/delivery/stores/:storeId': 'console',
  'DELETE /api/console/shops/:shop/delivery/stores/:storeId': 'console',
  'GET /api/console/shops/:shop/delivery/options': 'console',
  'POST /api/console/shops/:shop/delivery/options': 'console',
  'PUT /api/console/shops/:shop/delivery/options/:optionId': 'console',
  'DELETE /api/console/shops/:shop/delivery/options/:optionId': 'console',
  'GET /api/console/shops/:shop/delivery/schedule': 'console',
  'PUT /api/console/shops/:shop/delivery/schedule': 'console',
  'POST /api/console/session/link': 'console-link',
  'POST /api/console/password/reset': 'console-link',
  'POST /api/console/invitations/preview': 'console-link',
  'POST /api/console/invitations/accept': 'console-link',
  'POST /tray/link-store': 'proof',
  'GET /tray/link-store/:store': 'proof',
  'GET /tray/link-store/:store/import-status': 'proof',
};

/** The SPA's files and the API docs (public by nature; the file list depends on the build). */
const isFileOrDocs = (url: string) =>
  url.startsWith('/assets/') ||
  /^\/(index|console)\.html(\.(br|gz))?$/.test(url) ||
  url.startsWith('/api/docs');

const ATTACKERS: Record<Access, AttackerName[]> = {
  public: [],
  session: ['otherContact', 'otherShop', 'expired', 'garbage', 'none'],
  'session-object': ['otherContact', 'otherShop', 'sameShopAgent', 'expired', 'garbage', 'none'],
  agent: ['otherContact', 'contactForAgent', 'otherShop', 'sameShopAgent', 'expired', 'garbage', 'none'],
  'agent-object': [
    'otherContact',
    'contactForAgent',
    'otherShop',
    'sameShopAgent',
    'expired',
    'garbage',
    'none',
  ],
  platform: ['sessionForKey', 'expired', 'garbage', 'none'],
  signed: ['otherContact', 'otherShop', 'expired', 'garbage', 'none'],
  webhook: ['garbage', 'none'],
  'demo-local': ['otherContact', 'sessionForKey', 'garbage', 'none'],
  proof: ['garbage'],
  'session-code': ['expired', 'garbage'],
  console: ['otherContact', 'otherShop', 'sameShopAgent', 'expired', 'garbage', 'none'],
  'console-link': ['otherContact', 'garbage', 'none'],
};

/** Sessions allowed on a route that acts on the caller's own order: they may act, on their own data only. */
function mayActOnOwn(access: Access, attacker: AttackerName): boolean {
  if (access === 'session') return attacker === 'otherContact' || attacker === 'otherShop';
  if (access === 'agent') return attacker === 'otherShop' || attacker === 'sameShopAgent';
  return false;
}

const REFUSED = [401, 403, 404];
/** A console link route refuses a token it does not know as a bad link (400 linkInvalid). */
const linkRefused = (access: Access, status: number) => access === 'console-link' && status === 400;

/** Bodies whose validity JSON Schema cannot express (zod refinements): a valid one, written out. */
function bodyOverride(key: string, victim: Victim): unknown {
  switch (key) {
    case 'POST /api/customer/update':
      return { name: 'Intrusa', email: 'intrusa@example.com', document: '529.982.247-25' };
    case 'POST /api/order/address/':
      return {
        type: 'Casa',
        zipCode: '01310-100',
        street: 'Rua Intrusa',
        number: '1',
        neighborhood: 'Centro',
        city: 'São Paulo',
        state: 'SP',
      };
    case 'POST /api/platform/sessions':
      return {
        shop: victim.shop,
        sessionType: 'contact',
        channelType: 'whatsapp',
        contact: { name: 'Intrusa', phone: victim.phone },
      };
    case 'POST /api/order/payment/credit':
      return cardBody('4111111111111111');
    case 'POST /api/console/shops/:shop/catalog/products':
    case 'PUT /api/console/shops/:shop/catalog/products/:code':
      return shirtBody('INTRUSO', null);
    case 'POST /api/console/shops/:shop/catalog/collections':
    case 'PUT /api/console/shops/:shop/catalog/collections/:code':
      return { name: 'Intrusa' };
    case 'PUT /api/console/shops/:shop/catalog/collections/:code/place':
      return { position: 0 };
    case 'PUT /api/console/shops/:shop/catalog/collections/:code/products':
      return { codes: [] };
    case 'POST /api/console/shops/:shop/coupons':
    case 'PUT /api/console/shops/:shop/coupons/:couponId':
      return couponBodyOf('INTRUSO');
    case 'POST /api/console/shops/:shop/gifts':
    case 'PUT /api/console/shops/:shop/gifts/:tierId':
      return giftTierBodyOf(['CK-20']);
    case 'POST /api/console/shops/:shop/price-tables':
    case 'PUT /api/console/shops/:shop/price-tables/:tableId':
      return { name: 'Intrusa' };
    case 'PUT /api/console/shops/:shop/price-tables/:tableId/prices':
      return { prices: [{ productId: 'prd-x', variantId: null, priceCents: 1 }] };
    case 'POST /api/console/shops/:shop/stock/adjustments':
      return { items: [{ unitId: 'unit-x', delta: 1 }], note: 'Intrusa' };
    case 'PUT /api/console/shops/:shop/pix':
      return { keyType: 'email', key: 'intrusa@intrusa.example', merchantName: 'Intrusa', city: 'Recife' };
    case 'POST /api/console/shops/:shop/delivery/stores':
    case 'PUT /api/console/shops/:shop/delivery/stores/:storeId':
      return storeBody({ name: 'Intrusa' });
    case 'POST /api/console/shops/:shop/delivery/options':
    case 'PUT /api/console/shops/:shop/delivery/options/:optionId':
      return byNeighbourhood({ name: 'Intrusa' });
    case 'PUT /api/console/shops/:shop/delivery/schedule':
      return everyDay(9);
    case 'PUT /api/console/shops/:shop/delivery/external-logistic':
      return { externalLogistic: true };
    case 'PUT /api/console/shops/:shop/recovery/rule':
      return { ...DEFAULT_RECOVERY_RULE, enabled: true, template: 'Intrusa {nome}' };
    case 'PUT /api/platform/shops/:shop/contacts/opt-out':
      return { phone: '5511999990000', optedOut: true };
    case 'PUT /api/console/shops/:shop/payment-account':
      return {
        accountType: 'vitrine',
        installments: {
          maxInstallments: 12,
          minInstallmentValue: 5,
          interestFreeInstallments: 12,
          monthlyInterestRate: 0,
        },
      };
    case 'POST /api/console/shops/:shop/payment-account/test':
      return { accountType: 'vitrine' };
    case 'PUT /api/console/shops/:shop/integrations/messaging':
      return { whatsapp: { phoneNumberId: '1098765432', accessToken: 'EAAG-intrusa-token-000000000' } };
    case 'POST /api/platform/chatbot-tokens':
      return { shop: victim.shop };
    case 'POST /tray/link-store':
      return {
        admUser: 'intrusa',
        code: 'codigo-roubado',
        apiAddress: victim.trayApiAddress,
        storeHost: `${victim.trayStore}.example`,
        store: victim.trayStore,
        chatbotId: victim.shop,
        chatbotToken: randomBytes(16).toString('hex'),
      };
    default:
      return undefined;
  }
}

/** Path parameters: the victim's objects wherever a route names one. */
function pathParams(key: string, victim: Victim, code: string | null): Record<string, string> {
  return {
    orderId: victim.confirmedOrderId,
    paymentId: victim.paymentId,
    entryId: 'led_00000000000000000000000000',
    refundId: 'rfd_00000000000000000000000000',
    editId: 'oed_00000000000000000000000000',
    shop: victim.shop,
    shopId: victim.shopId,
    gateway: 'vitrine',
    store: victim.trayStore,
    file: `${victim.paymentId}.pdf`,
    postalCode: '01310-100',
    '*': 'CK-20',
    code: code ?? 'anonymous',
    token: 'x'.repeat(32), // a feed token that is not the shop's
    userId: `stu_${'0'.repeat(26)}`,
    imageId: `img_${'0'.repeat(26)}`,
    importId: `cij_${'0'.repeat(26)}`,
    couponId: `cpn-${victim.shop}-bemvindo10`,
    tierId: 'gft-x',
    tableId: `ptb-${victim.shop}-atacado`,
    cep: '01310-100',
    channel: 'whatsapp',
    storeId: `sel-${victim.shop}-loja-paulista`,
    optionId: `lgo-${victim.shop}-loja-paulista-delivery`,
    id: key.includes('price-tables')
      ? 'ptb-hortifruti-atacado'
      : key.includes('invitations')
        ? `inv_${'0'.repeat(26)}`
        : key.includes('collections')
          ? 'col-x'
          : 'CK-20',
  };
}

type Attack = {
  key: string;
  access: Access;
  attacker: AttackerName;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  remoteAddress: string;
};

describeEachDb(
  'authorisation matrix from the route table',
  (ctx) => {
    it('every declared route is classified; each attacker is refused or acts on its own data only', async () => {
      const { app, db, config } = ctx();
      const declared = app.routeTable.filter((r) => !isFileOrDocs(r.url)).map((r) => `${r.method} ${r.url}`);
      const unclassified = declared.filter((key) => !(key in ACCESS));
      expect(unclassified, 'routes missing from ACCESS (classify them)').toEqual([]);
      const gone = Object.keys(ACCESS).filter((key) => !declared.includes(key));
      expect(gone, 'ACCESS lists routes the app no longer declares').toEqual([]);

      const doc = (await app.inject({ url: '/api/docs/json' })).json() as OpenApiDoc;
      const operations = new Map(operationsOf(doc).map((op) => [`${op.method} ${op.url}`, op]));
      const victim = await setUpVictim(app, db);
      const codes = await attackerCodes(app, db, victim);
      const sign = documentUrlSigner(config);
      const baseline = await victimSnapshot(db, victim);
      const secrets = victimSecrets(victim);

      const attacks: Attack[] = [];
      let address = 0;
      for (const key of declared) {
        const access = ACCESS[key]!;
        const op: Operation | undefined = operations.get(key);
        for (const attacker of ATTACKERS[access]) {
          expect(op, `${key} is not in the OpenAPI document`).toBeDefined();
          const [sample] = fc.sample(validRequest(op!, doc, { requiredOnly: true }), {
            seed: 1414,
            numRuns: 1,
          });
          const code = codes[attacker];
          const template = key.slice(key.indexOf(' ') + 1);
          const params = pathParams(key, victim, access === 'session-code' ? code : null);
          let url = template.replace(/:([A-Za-z0-9_]+)|\*$/g, (_m, name?: string) =>
            encodeURIComponent(params[name ?? '*']!),
          );
          const query = new URLSearchParams(sample!.url.split('?')[1] ?? '');
          if (query.has('orderId') || /confirm|cancel/.test(key))
            query.set('orderId', victim.confirmedOrderId);
          if (access === 'proof') query.set('apiAddress', 'https://intrusa.example/web_api');
          if (key === 'GET /api/console/shops/:shop/stock/products') query.set('codes', 'CK-20');
          if (key === 'GET /api/pix/qr.png')
            query.set(
              'code',
              '00020126360014br.gov.bcb.pix0114+5511999990001520400005303986540569.905802BR5913Hortifruti Bom6009Sao Paulo62070503***6304ABCD',
            );
          if (query.size > 0) url += `?${query.toString()}`;
          const headers: Record<string, string> = {
            'idempotency-key': `matrix-${randomBytes(6).toString('hex')}`,
          };
          if (access === 'signed' && (attacker === 'garbage' || attacker === 'expired')) {
            url =
              attacker === 'garbage'
                ? `${url}${url.includes('?') ? '&' : '?'}exp=9999999999&sig=${randomBytes(32).toString('base64url')}`
                : sign(url, new Date(Date.now() - 60_000));
          } else if (access === 'webhook' && attacker === 'garbage') {
            headers['x-vitrine-signature'] = `sha256=${randomBytes(32).toString('hex')}`;
            headers['x-vitrine-timestamp'] = String(Math.floor(Date.now() / 1000));
          } else if (access !== 'session-code' && access !== 'proof' && code) {
            headers.authorization = `Bearer ${code}`;
          }
          const body =
            bodyOverride(key, victim) ?? (sample!.payload ? JSON.parse(sample!.payload) : undefined);
          const payload =
            access === 'webhook'
              ? JSON.stringify({ id: victim.paymentId, status: 'paid' })
              : body === undefined
                ? undefined
                : JSON.stringify(body);
          if (payload !== undefined) headers['content-type'] = 'application/json';
          address++;
          attacks.push({
            key,
            access,
            attacker,
            method: sample!.method,
            url,
            headers,
            ...(payload === undefined ? {} : { payload }),
            // A fresh client address per request: the matrix tests authorisation, rate limits have their own suite.
            remoteAddress: `198.18.${address >> 8}.${address & 255}`,
          });
        }
      }

      const failures: string[] = [];
      for (const attack of attacks) {
        const res = await app.inject({
          method: attack.method as 'GET',
          url: attack.url,
          headers: attack.headers,
          remoteAddress: attack.remoteAddress,
          ...(attack.payload === undefined ? {} : { payload: attack.payload }),
        });
        const own = mayActOnOwn(attack.access, attack.attacker);
        const label = `${attack.key} as ${attack.attacker} → ${res.statusCode}`;
        if (res.statusCode >= 500) failures.push(`${label}: server error ${res.body.slice(0, 200)}`);
        else if (!own && !REFUSED.includes(res.statusCode) && !linkRefused(attack.access, res.statusCode))
          failures.push(`${label}: not refused ${res.body.slice(0, 200)}`);
        const leaked = secrets.filter((s) => res.body.includes(s));
        if (leaked.length) failures.push(`${label}: answer shows the victim's ${leaked.join(', ')}`);
        if ((await victimSnapshot(db, victim)) !== baseline) {
          failures.push(`${label}: the victim's data changed`);
          break;
        }
      }
      const routes = new Set(attacks.map((a) => a.key)).size;
      const attackerKinds = new Set(attacks.map((a) => a.attacker)).size;
      console.log(
        `[${ctx().kind}] authorisation matrix: ${declared.length} routes classified, ${routes} attacked × up to ` +
          `${attackerKinds} attackers = ${attacks.length} requests; ${failures.length} failures`,
      );
      expect(failures).toEqual([]);
    }, 180_000);
  },
  { setup: seedPaymentSuite, oneDatabase: true },
);
