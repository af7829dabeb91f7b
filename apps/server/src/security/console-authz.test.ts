/**
 * Attacker's suite for the console (issue 16): every `/api/console/shops/:shop/…` route of the route table has a
 * minimum role below (a new one fails until classified), and is called on the victim shop by each cookie
 * attacker: no cookie, a garbage cookie, an expired session, another shop's owner, each role below the minimum,
 * and — on unsafe methods — the victim's own owner without the CSRF header. Pass: refused with the expected
 * status, and the victim's team, invitations and audit log re-read unchanged.
 */
import { DEFAULT_RECOVERY_RULE } from '@vitrine/contracts/console-recovery';
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { StaffRole } from '@vitrine/contracts/console';
import { describeEachDb } from '../test/test-app.ts';
import { placeTestOrder } from '../test/board-kit.ts';
import { asStaff, inviteAndAccept, shopWithOwner, type Staff } from '../test/console-kit.ts';
import { imageBase64, validSettingsBody } from '../test/settings-kit.ts';
import { catalogCall, createdCategory, shirtBody } from '../test/catalog-kit.ts';
import { couponBodyOf, giftTierBodyOf } from '../test/sales-rules-kit.ts';
import { byNeighbourhood, deliveryCalls, everyDay, storeBody } from '../test/delivery-kit.ts';

const MIN_ROLE: Record<string, StaffRole> = {
  'GET /api/console/shops/:shop/team': 'owner',
  'POST /api/console/shops/:shop/team/invitations': 'owner',
  'DELETE /api/console/shops/:shop/team/invitations/:id': 'owner',
  'PUT /api/console/shops/:shop/team/members/:userId': 'owner',
  'DELETE /api/console/shops/:shop/team/members/:userId': 'owner',
  'GET /api/console/shops/:shop/checklist': 'agent',
  'POST /api/console/shops/:shop/agent-links': 'agent',
  'GET /api/console/shops/:shop/audit': 'owner',
  'GET /api/console/shops/:shop/settings': 'manager',
  'GET /api/console/shops/:shop/collections': 'manager',
  'PUT /api/console/shops/:shop/settings': 'manager',
  'GET /api/console/shops/:shop/integrations/messaging': 'owner',
  'PUT /api/console/shops/:shop/integrations/messaging': 'owner',
  'POST /api/console/shops/:shop/integrations/messaging/:channel/test': 'owner',
  'GET /api/console/shops/:shop/payment-account': 'owner',
  'PUT /api/console/shops/:shop/payment-account': 'owner',
  'POST /api/console/shops/:shop/payment-account/test': 'owner',
  'POST /api/console/shops/:shop/logo': 'manager',
  'GET /api/console/shops/:shop/contacts': 'agent',
  'GET /api/console/shops/:shop/integrations/feeds': 'owner',
  'POST /api/console/shops/:shop/integrations/feeds/address': 'owner',
  'GET /api/console/shops/:shop/contacts/:contactId/data': 'owner',
  'POST /api/console/shops/:shop/contacts/:contactId/erase': 'owner',
  'POST /api/console/shops/:shop/sales': 'agent',
  'GET /api/console/shops/:shop/orders': 'agent',
  'GET /api/console/shops/:shop/catalog-orders/not-placed': 'agent',
  'GET /api/console/shops/:shop/orders.csv': 'agent',
  // Relatórios, issue 37 (decision 0056): every role, an atendente's own figures.
  'GET /api/console/shops/:shop/reports/funnel': 'manager',
  'GET /api/console/shops/:shop/reports/funnel.csv': 'manager',
  'GET /api/console/shops/:shop/reports/products': 'manager',
  'GET /api/console/shops/:shop/reports/products.csv': 'manager',
  'GET /api/console/shops/:shop/reports/sales': 'agent',
  'GET /api/console/shops/:shop/reports/sales.csv': 'agent',
  'GET /api/console/shops/:shop/reports/today': 'agent',
  'GET /api/console/shops/:shop/events': 'agent',
  'GET /api/console/shops/:shop/orders/:orderId': 'agent',
  'POST /api/console/shops/:shop/orders/:orderId/finalize': 'agent',
  'POST /api/console/shops/:shop/orders/:orderId/cancel': 'agent',
  'POST /api/console/shops/:shop/orders/:orderId/fulfilment': 'agent',
  // Atendentes only when the shop allows it (off here), issue 32.
  'POST /api/console/shops/:shop/orders/:orderId/payments': 'manager',
  'POST /api/console/shops/:shop/orders/:orderId/payments/:entryId/undo': 'manager',
  'POST /api/console/shops/:shop/orders/:orderId/payments/:entryId/refund': 'manager',
  // Refunds and returns, issue 34 (decision 0050): the list for every role, the writes for managers.
  'GET /api/console/shops/:shop/orders/:orderId/edits': 'agent',
  'POST /api/console/shops/:shop/orders/:orderId/edits': 'agent',
  'GET /api/console/shops/:shop/orders/:orderId/edits/products': 'agent',
  'GET /api/console/shops/:shop/orders/:orderId/refunds': 'agent',
  'POST /api/console/shops/:shop/orders/:orderId/refunds': 'manager',
  'POST /api/console/shops/:shop/orders/:orderId/refunds/:refundId/send': 'manager',
  'POST /api/console/shops/:shop/orders/:orderId/refunds/:refundId/return': 'manager',
  'POST /api/console/shops/:shop/orders/:orderId/payment-link': 'agent',
  'GET /api/console/shops/:shop/orders/:orderId/completion': 'agent',
  'POST /api/console/shops/:shop/orders/:orderId/completion/payment-method': 'agent',
  'GET /api/console/shops/:shop/pix-bank': 'owner',
  'PUT /api/console/shops/:shop/pix-bank': 'owner',
  'POST /api/console/shops/:shop/pix-bank/test': 'owner',
  'POST /api/console/shops/:shop/pix-bank/reconcile': 'owner',
  'GET /api/console/shops/:shop/catalog/categories': 'manager',
  'POST /api/console/shops/:shop/catalog/categories': 'manager',
  'PUT /api/console/shops/:shop/catalog/categories/:code': 'manager',
  'PUT /api/console/shops/:shop/catalog/categories/:code/place': 'manager',
  'GET /api/console/shops/:shop/catalog/products': 'manager',
  'GET /api/console/shops/:shop/catalog/products/:code': 'manager',
  'POST /api/console/shops/:shop/catalog/products': 'manager',
  'PUT /api/console/shops/:shop/catalog/products/:code': 'manager',
  'POST /api/console/shops/:shop/catalog/products/bulk': 'manager',
  'GET /api/console/shops/:shop/catalog/sheet/sample.csv': 'manager',
  'GET /api/console/shops/:shop/catalog/sheet/export.csv': 'manager',
  'POST /api/console/shops/:shop/catalog/imports': 'manager',
  'GET /api/console/shops/:shop/catalog/imports/latest': 'manager',
  'GET /api/console/shops/:shop/catalog/imports/:importId': 'manager',
  'POST /api/console/shops/:shop/catalog/imports/:importId/start': 'manager',
  'POST /api/console/shops/:shop/catalog/imports/:importId/cancel': 'manager',
  'GET /api/console/shops/:shop/catalog/imports/:importId/refused.csv': 'manager',
  'GET /api/console/shops/:shop/catalog/collections': 'manager',
  'POST /api/console/shops/:shop/catalog/collections': 'manager',
  'GET /api/console/shops/:shop/catalog/collections/:code': 'manager',
  'PUT /api/console/shops/:shop/catalog/collections/:code': 'manager',
  'PUT /api/console/shops/:shop/catalog/collections/:code/place': 'manager',
  'PUT /api/console/shops/:shop/catalog/collections/:code/products': 'manager',
  'DELETE /api/console/shops/:shop/catalog/collections/:code': 'manager',
  'GET /api/console/shops/:shop/products/:code/photos': 'manager',
  'POST /api/console/shops/:shop/products/:code/photos': 'manager',
  'PUT /api/console/shops/:shop/products/:code/photos/order': 'manager',
  'DELETE /api/console/shops/:shop/products/:code/photos/:imageId': 'manager',
  'GET /api/console/shops/:shop/coupons': 'manager',
  'POST /api/console/shops/:shop/coupons': 'manager',
  'PUT /api/console/shops/:shop/coupons/:couponId': 'manager',
  'GET /api/console/shops/:shop/pix': 'manager',
  'PUT /api/console/shops/:shop/pix': 'manager',
  'GET /api/console/shops/:shop/gifts': 'manager',
  'POST /api/console/shops/:shop/gifts': 'manager',
  'PUT /api/console/shops/:shop/gifts/:tierId': 'manager',
  'DELETE /api/console/shops/:shop/gifts/:tierId': 'manager',
  'GET /api/console/shops/:shop/price-tables': 'manager',
  'GET /api/console/shops/:shop/stock/products': 'agent',
  'GET /api/console/shops/:shop/stock/products/:code': 'agent',
  'GET /api/console/shops/:shop/stock/products/:code/movements': 'agent',
  'PUT /api/console/shops/:shop/stock/products/:code/settings': 'manager',
  'POST /api/console/shops/:shop/stock/adjustments': 'manager',
  'GET /api/console/shops/:shop/stock/low': 'agent',
  'POST /api/console/shops/:shop/price-tables': 'manager',
  'PUT /api/console/shops/:shop/price-tables/:tableId': 'manager',
  'DELETE /api/console/shops/:shop/price-tables/:tableId': 'manager',
  'GET /api/console/shops/:shop/price-tables/:tableId/prices': 'manager',
  'PUT /api/console/shops/:shop/price-tables/:tableId/prices': 'manager',
  'GET /api/console/shops/:shop/price-tables/:tableId/prices.csv': 'manager',
  'POST /api/console/shops/:shop/price-tables/:tableId/prices.csv': 'manager',
  'GET /api/console/shops/:shop/payment-methods': 'manager',
  'PUT /api/console/shops/:shop/payment-methods': 'manager',
  'GET /api/console/shops/:shop/delivery/cep/:cep': 'manager',
  'GET /api/console/shops/:shop/delivery/external-logistic': 'manager',
  'PUT /api/console/shops/:shop/delivery/external-logistic': 'manager',
  'GET /api/console/shops/:shop/recovery/rule': 'manager',
  'PUT /api/console/shops/:shop/recovery/rule': 'manager',
  'GET /api/console/shops/:shop/recovery/reminders': 'manager',
  'GET /api/console/shops/:shop/delivery/stores': 'manager',
  'POST /api/console/shops/:shop/delivery/stores': 'manager',
  'PUT /api/console/shops/:shop/delivery/stores/:storeId': 'manager',
  'DELETE /api/console/shops/:shop/delivery/stores/:storeId': 'manager',
  'GET /api/console/shops/:shop/delivery/options': 'manager',
  'POST /api/console/shops/:shop/delivery/options': 'manager',
  'PUT /api/console/shops/:shop/delivery/options/:optionId': 'manager',
  'DELETE /api/console/shops/:shop/delivery/options/:optionId': 'manager',
  'GET /api/console/shops/:shop/delivery/schedule': 'manager',
  'PUT /api/console/shops/:shop/delivery/schedule': 'manager',
};
const BELOW: Record<StaffRole, ('manager' | 'agent')[]> = {
  owner: ['manager', 'agent'],
  manager: ['agent'],
  agent: [],
};

describeEachDb(
  'console authorisation matrix (cookie callers)',
  (ctx) => {
    it('every shop route is classified; each cookie attacker is refused and the victim shop is unchanged', async () => {
      const { app, db } = ctx();
      const declared = app.routeTable
        .filter((r) => r.url.startsWith('/api/console/shops/:shop/'))
        .map((r) => `${r.method} ${r.url}`);
      expect(
        declared.filter((key) => !(key in MIN_ROLE)),
        'unclassified console routes',
      ).toEqual([]);

      const { owner, shop: victim } = await shopWithOwner(app, 'vitima');
      const orderId = await placeTestOrder(db, victim.id, { name: 'Cliente', phone: '5511955550005' });
      const staff: Record<'manager' | 'agent', Staff> = {
        manager: await inviteAndAccept(app, db, 'vitima', owner, 'gerente@vitima.example', 'manager'),
        agent: await inviteAndAccept(app, db, 'vitima', owner, 'atendente@vitima.example', 'agent'),
      };
      const { owner: stranger } = await shopWithOwner(app, 'intrusa');
      const expired = await inviteAndAccept(app, db, 'vitima', owner, 'antigo@vitima.example', 'owner');
      await db.query(
        `update staff_sessions set expires_at = now() - interval '1 second'
        where user_id = (select id from staff_users where email = 'antigo@vitima.example')`,
      );
      const [member] = await db.query<{ id: string }>(
        `select id from staff_users where email = 'gerente@vitima.example'`,
      );
      const invite = await asStaff(app, owner, {
        method: 'POST',
        url: '/api/console/shops/vitima/team/invitations',
        payload: { email: 'pendente@vitima.example', role: 'agent' },
      });
      const snapshot = async () =>
        JSON.stringify(
          await db.query(
            `select (select json_agg(m order by user_id) from shop_staff m where shop_id = s.id) as team,
                  (select json_agg(i.id || i.role || coalesce(i.revoked_at::text, '') order by id)
                     from staff_invitations i where shop_id = s.id) as invitations,
                  (select count(*) from audit_log where shop_id = s.id) as audit,
                  (select json_agg(o.status || coalesce(o.fulfilment, '') || o.version) from orders o
                    where shop_id = s.id) as orders,
                  (select count(*) from outbox where shop_id = s.id) as outbox,
                  (select json_agg(coalesce(c.name, '') || coalesce(c.phone, '') order by c.id) from contacts c
                    where shop_id = s.id) as contacts,
                  (select count(*) from payment_ledger where shop_id = s.id) as ledger,
                  (select count(*) from order_refunds where shop_id = s.id) as refunds,
                  (select json_agg(x) from shop_pix_bank x where shop_id = s.id) as pix_bank,
                  (select count(*) from shop_logos where shop_id = s.id) as logos,
                  (select json_agg(i.id || i.position) from product_images i where shop_id = s.id) as images,
                  (select count(*) from photo_files where shop_id = s.id) as photo_files,
                  (select count(*) from stock_movements where shop_id = s.id) as stock_movements,
                  (select json_agg(x.track::text || x.allow_backorder::text || x.low_threshold) from stock_settings x
                    where shop_id = s.id) as stock_settings,
                  (select json_agg(j.id || j.status order by j.id) from catalog_import_jobs j
                    where shop_id = s.id) as imports,
                  (select count(*) from contacts where shop_id = s.id) as contacts,
                  (select count(*) from sessions where shop_id = s.id) as sessions,
                  (select json_agg(p.provider_id || p.price_cents || p.is_active || p.updated_at order by p.id)
                     from products p where shop_id = s.id) as products,
                  (select json_agg(c.name || c.position || c.is_hidden || coalesce(c.parent_id, '') order by c.id)
                     from categories c where shop_id = s.id) as categories,
                  (select json_agg(c.provider_id || c.name || c.position order by c.id)
                     from collections c where shop_id = s.id) as collections,
                  (select json_agg(x.collection_id || x.product_id || x.position order by x.product_id)
                     from collection_products x where shop_id = s.id) as collection_products,
                  (select json_agg(x order by x.id) from sellers x where shop_id = s.id) as stores,
                  (select json_agg(x order by x.id) from price_tables x where shop_id = s.id) as price_tables,
                  (select json_agg(x.price_table_id || x.product_id || coalesce(x.variant_id, '') || x.price_cents
                     order by 1) from price_table_prices x where shop_id = s.id) as table_prices,
                  (select json_agg(x order by x.id) from logistic_options x where shop_id = s.id) as delivery,
                  (select count(*) from schedule_windows x where shop_id = s.id) as schedule,
                  (select json_agg(c order by c.id) from coupons c where shop_id = s.id) as coupons,
                  (select json_agg(x) from shop_pix x where shop_id = s.id) as pix,
                  (select json_agg(x.kind || x.secret_enc order by x.kind) from shop_channels x
                    where shop_id = s.id) as channels,
                  (select json_agg(x) from shop_payment_settings x where shop_id = s.id) as payment_account,
                  (select json_agg(g.id || g.min_order_cents || g.available_quantity order by g.id)
                     from gift_rules g where shop_id = s.id) as gifts,
                  (select json_agg(gp.rule_id || gp.product_id order by gp.rule_id, gp.product_id)
                     from gift_rule_products gp where shop_id = s.id) as gift_products,
                  s.settings::text || coalesce(s.min_order_value_cents, -1) as settings
             from shops s where slug = 'vitima'`,
          ),
        );
      await createdCategory(app, owner, 'vitima', 'Bebidas');
      const product = await catalogCall(
        app,
        owner,
        'vitima',
        'POST',
        '/products',
        shirtBody('ALVO-1', 'bebidas'),
      );
      expect(product.status, product.message).toBe(201);
      // a collection named like the product (the routes' `:code`), holding it
      await db.query(
        `insert into collections (id, shop_id, provider_id, name, position)
         select 'col-alvo', id, 'ALVO-1', 'Alvo', 0 from shops where slug = 'vitima'`,
      );
      await db.query(
        `insert into collection_products (collection_id, product_id, shop_id, position)
         select 'col-alvo', p.id, p.shop_id, 0 from products p join shops s on s.id = p.shop_id
          where s.slug = 'vitima' and p.provider_id = 'ALVO-1'`,
      );
      const photo = Buffer.from(await imageBase64(64, 64, 'jpeg'), 'base64');
      const photoUrl = '/api/console/shops/vitima/products/ALVO-1/photos';
      const uploaded = await asStaff(app, owner, {
        method: 'POST',
        url: photoUrl,
        payload: photo,
        headers: { 'content-type': 'image/jpeg' },
      });
      const imageId = uploaded.json().data.id as string;
      const coupon = await asStaff(app, owner, {
        method: 'POST',
        url: '/api/console/shops/vitima/coupons',
        payload: couponBodyOf('ALVO10'),
      });
      const gift = await asStaff(app, owner, {
        method: 'POST',
        url: '/api/console/shops/vitima/gifts',
        payload: giftTierBodyOf(['ALVO-1']),
      });
      const delivery = deliveryCalls(app, 'vitima');
      const store = await delivery.call(owner, 'POST', '/stores', storeBody());
      const option = await delivery.call(owner, 'POST', '/options', byNeighbourhood());
      const priceTable = await asStaff(app, owner, {
        method: 'POST',
        url: '/api/console/shops/vitima/price-tables',
        payload: { name: 'Alvo' },
      });
      const tableId = priceTable.json().data.id as string;
      const [target] = await db.query<{ id: string }>(
        `select p.id from products p join shops s on s.id = p.shop_id where s.slug = 'vitima' and p.provider_id = 'ALVO-1'`,
      );
      await asStaff(app, owner, {
        method: 'PUT',
        url: `/api/console/shops/vitima/price-tables/${tableId}/prices`,
        payload: { prices: [{ productId: target!.id, variantId: null, priceCents: 990 }] },
      });
      const sheetImport = await asStaff(app, owner, {
        method: 'POST',
        url: '/api/console/shops/vitima/catalog/imports?name=alvo.csv',
        payload: 'Código;Nome;SKU;Preço\nALVO-2;Alvo;ALVO-2;1,00',
        headers: { 'content-type': 'text/csv' },
      });
      const sale = await asStaff(app, owner, {
        method: 'POST',
        url: '/api/console/shops/vitima/sales',
        payload: { name: 'Contato Alvo', phone: '5511955550001' },
      });
      expect(sale.statusCode, sale.body).toBe(201);
      const [contact] = await db.query<{ id: string }>(
        `select c.id from contacts c join shops s on s.id = c.shop_id where s.slug = 'vitima' and c.phone = '5511955550001'`,
      );
      const baseline = await snapshot();

      const params: Record<string, string> = {
        shop: 'vitima',
        userId: member!.id,
        id: invite.json().data.id,
        orderId,
        imageId,
        code: 'ALVO-1',
        couponId: coupon.json().data.id,
        tierId: gift.json().data.id,
        importId: sheetImport.json().data.id,
        cep: '01310-100',
        channel: 'whatsapp',
        storeId: store.json().data.id,
        optionId: option.json().data.id,
        tableId,
        entryId: 'led_00000000000000000000000000',
        refundId: 'rfd_00000000000000000000000000',
        productId: target!.id,
        contactId: contact!.id,
      };
      const bodies: Record<string, unknown> = {
        'POST /api/console/shops/:shop/team/invitations': { email: 'intrusa@intrusa.example', role: 'owner' },
        'PUT /api/console/shops/:shop/team/members/:userId': { role: 'agent' },
        'POST /api/console/shops/:shop/contacts/:contactId/erase': { confirmation: 'APAGAR' },
        'POST /api/console/shops/:shop/orders/:orderId/cancel': { reason: 'Intrusão' },
        'POST /api/console/shops/:shop/orders/:orderId/refunds': { amountCents: 100, reason: 'Intrusão' },
        'POST /api/console/shops/:shop/orders/:orderId/edits': {
          version: 0,
          changes: [{ providerId: 'intruso', quantity: 1 }],
          sellerId: 'intruso',
        },
        'POST /api/console/shops/:shop/orders/:orderId/completion/payment-method': {
          version: 0,
          optionId: 'cash',
        },
        'POST /api/console/shops/:shop/orders/:orderId/refunds/:refundId/send': { reference: 'Intrusão' },
        'POST /api/console/shops/:shop/orders/:orderId/refunds/:refundId/return': {
          lines: [{ itemId: 'itm_intruso', sellable: 1 }],
        },
        'POST /api/console/shops/:shop/orders/:orderId/fulfilment': { step: 'separating' },
        'PUT /api/console/shops/:shop/pix-bank': {
          baseUrl: 'https://intrusa.example/api',
          clientId: 'intrusa',
          clientSecret: 'intrusa-secret',
          pixKey: 'intrusa@intrusa.example',
        },
        'POST /api/console/shops/:shop/orders/:orderId/payments': {
          amountCents: 1990,
          method: 4,
          receivedAt: new Date().toISOString(),
        },
        'PUT /api/console/shops/:shop/settings': validSettingsBody(),
        'PUT /api/console/shops/:shop/integrations/messaging': {
          whatsapp: { phoneNumberId: '1098765432', accessToken: 'EAAG-intrusa-token-000000000' },
        },
        'PUT /api/console/shops/:shop/payment-account': {
          accountType: 'mercadopago',
          publicKey: 'APP_USR-intrusa-public',
          secretKey: 'APP_USR-intrusa-secret-0000',
          webhookSecret: 'intrusa-webhook-secret',
          installments: {
            maxInstallments: 12,
            minInstallmentValue: 1,
            interestFreeInstallments: 12,
            monthlyInterestRate: 0,
          },
        },
        'POST /api/console/shops/:shop/payment-account/test': { accountType: 'vitrine' },
        'POST /api/console/shops/:shop/sales': { name: 'Intrusa', phone: '5511955550009' },
        'POST /api/console/shops/:shop/logo': { contentType: 'image/png', data: await imageBase64(40, 10) },
        'POST /api/console/shops/:shop/catalog/categories': { name: 'Intrusa', parentCode: null },
        'PUT /api/console/shops/:shop/catalog/categories/:code': { name: 'Intrusa', isHidden: true },
        'PUT /api/console/shops/:shop/catalog/categories/:code/place': { parentCode: null, position: 3 },
        'POST /api/console/shops/:shop/catalog/products': shirtBody('INTRUSO', null),
        'PUT /api/console/shops/:shop/catalog/products/:code': shirtBody('ALVO-1', null, 1),
        'POST /api/console/shops/:shop/catalog/products/bulk': {
          codes: ['ALVO-1'],
          action: { kind: 'deactivate' },
        },
        'POST /api/console/shops/:shop/catalog/collections': { name: 'Intrusa' },
        'PUT /api/console/shops/:shop/catalog/collections/:code': { name: 'Intrusa' },
        'PUT /api/console/shops/:shop/catalog/collections/:code/place': { position: 3 },
        'PUT /api/console/shops/:shop/catalog/collections/:code/products': { codes: [] },
        'PUT /api/console/shops/:shop/products/:code/photos/order': { ids: [imageId] },
        'POST /api/console/shops/:shop/coupons': couponBodyOf('INTRUSO'),
        'PUT /api/console/shops/:shop/coupons/:couponId': { ...couponBodyOf('ALVO10'), active: false },
        'POST /api/console/shops/:shop/gifts': giftTierBodyOf(['ALVO-1']),
        'PUT /api/console/shops/:shop/payment-methods': {
          creditCard: false,
          pix: true,
          boleto: false,
          link: false,
          nubank: false,
          pagaleve: false,
          onDelivery: ['cash'],
        },
        'PUT /api/console/shops/:shop/gifts/:tierId': { ...giftTierBodyOf(['ALVO-1']), availableQuantity: 3 },
        'PUT /api/console/shops/:shop/pix': {
          keyType: 'email',
          key: 'intrusa@intrusa.example',
          merchantName: 'Intrusa',
          city: 'Recife',
        },
        'POST /api/console/shops/:shop/delivery/stores': storeBody({ name: 'Intrusa' }),
        'PUT /api/console/shops/:shop/delivery/stores/:storeId': storeBody({ name: 'Intrusa' }),
        'POST /api/console/shops/:shop/delivery/options': byNeighbourhood({ name: 'Intrusa' }),
        'PUT /api/console/shops/:shop/delivery/options/:optionId': byNeighbourhood({ name: 'Intrusa' }),
        'POST /api/console/shops/:shop/price-tables': { name: 'Intrusa' },
        'PUT /api/console/shops/:shop/price-tables/:tableId': { name: 'Intrusa' },
        'PUT /api/console/shops/:shop/price-tables/:tableId/prices': {
          prices: [{ productId: target!.id, variantId: null, priceCents: 1 }],
        },
        'PUT /api/console/shops/:shop/stock/products/:code/settings': {
          track: true,
          allowBackorder: true,
          lowThreshold: 3,
        },
        'POST /api/console/shops/:shop/stock/adjustments': {
          items: [{ unitId: target!.id, delta: 5 }],
          note: 'Intrusão',
        },
        'PUT /api/console/shops/:shop/delivery/schedule': everyDay(9),
        'PUT /api/console/shops/:shop/delivery/external-logistic': { externalLogistic: true },
        'PUT /api/console/shops/:shop/recovery/rule': {
          ...DEFAULT_RECOVERY_RULE,
          template: 'Intrusa {nome}',
        },
      };
      /** Uploads are the file's bytes, not JSON: a different photo than the victim's, so a success would show. */
      const rawBodies: Record<string, Buffer> = {
        'POST /api/console/shops/:shop/products/:code/photos': Buffer.from(
          await imageBase64(80, 80, 'jpeg'),
          'base64',
        ),
      };
      rawBodies['POST /api/console/shops/:shop/catalog/imports'] = Buffer.from(
        'Código;Nome;SKU;Preço\nINTRUSO;Intruso;INT-1;1,00',
      );
      rawBodies['POST /api/console/shops/:shop/price-tables/:tableId/prices.csv'] = Buffer.from(
        'SKU;Preço na tabela\nSKU-ALVO-1;0,01',
      );
      const rawTypes: Record<string, string> = {
        'POST /api/console/shops/:shop/catalog/imports': 'text/csv',
      };
      rawTypes['POST /api/console/shops/:shop/price-tables/:tableId/prices.csv'] = 'text/csv';
      const QUERIES: Record<string, string> = {
        'GET /api/console/shops/:shop/stock/products': '?codes=ALVO-1',
        'GET /api/console/shops/:shop/stock/products/:code/movements': '?before=1',
        'GET /api/console/shops/:shop/reports/funnel': '?from=2026-11-01&to=2026-11-30',
        'GET /api/console/shops/:shop/reports/funnel.csv': '?from=2026-11-01&to=2026-11-30&table=channels',
        'GET /api/console/shops/:shop/reports/products': '?from=2026-11-01&to=2026-11-30',
        'GET /api/console/shops/:shop/reports/products.csv': '?from=2026-11-01&to=2026-11-30&table=searches',
        'GET /api/console/shops/:shop/reports/sales': '?from=2026-11-01&to=2026-11-30',
        'GET /api/console/shops/:shop/reports/sales.csv': '?from=2026-11-01&to=2026-11-30&chart=agent',
      };
      const failures: string[] = [];
      let requests = 0;
      for (const key of declared) {
        const [method, template] = key.split(' ') as ['GET', string];
        const url = template.replace(/:(\w+)/g, (_m, name: string) => params[name]!) + (QUERIES[key] ?? '');
        const attackers: [string, Staff | null, number, boolean][] = [
          ['no cookie', null, 401, true],
          [
            'garbage cookie',
            { cookie: `vitrine_console=${randomBytes(32).toString('base64url')}`, csrf: 'x', email: '' },
            401,
            true,
          ],
          ['expired session', expired, 401, true],
          ["another shop's owner", stranger, 404, true],
          ...BELOW[MIN_ROLE[key]!].map((role): [string, Staff, number, boolean] => [
            role,
            staff[role],
            403,
            true,
          ]),
        ];
        if (method !== 'GET') attackers.push(['owner without CSRF', owner, 403, false]);
        for (const [name, caller, status, csrf] of attackers) {
          requests++;
          const res = await asStaff(app, caller, {
            method,
            url,
            csrf,
            ...(bodies[key] ? { payload: bodies[key] as object } : {}),
            ...(rawBodies[key]
              ? { payload: rawBodies[key], headers: { 'content-type': rawTypes[key] ?? 'image/jpeg' } }
              : {}),
            remoteAddress: `198.19.0.${requests & 255}`,
          });
          if (res.statusCode !== status)
            failures.push(`${key} as ${name} → ${res.statusCode} (want ${status}) ${res.body.slice(0, 160)}`);
          if ((await snapshot()) !== baseline) {
            failures.push(`${key} as ${name}: the victim shop changed`);
            break;
          }
        }
      }
      console.log(
        `[${ctx().kind}] console matrix: ${declared.length} routes × cookie attackers = ${requests} requests; ${failures.length} failures`,
      );
      expect(failures).toEqual([]);
    }, 180_000); // ~1,100 requests, each followed by a snapshot of the victim shop
  },
  { oneDatabase: true },
);
