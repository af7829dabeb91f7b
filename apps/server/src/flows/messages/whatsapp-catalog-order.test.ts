/**
 * Orders placed from WhatsApp's own catalogue (issue 35): Meta's 'Order Message' webhook example, verbatim from the
 * Business Messaging OpenAPI v23.0, goes through the signed webhook and becomes a placed order at our prices with
 * its stock held; once per message across redeliveries and concurrent handling; items we do not sell or cannot
 * cover listed to the agent; bad input places nothing and still answers 200.
 */
import { expect, it } from 'vitest';
import { setOrderItem } from '../../modules/order/service.ts';
import { createContactSession } from '../../modules/session/service.ts';
import {
  APP_SECRET,
  bodyOf,
  drain,
  exampleShop,
  exampleValue,
  held,
  orderExample,
  orderValue,
  placedOrders,
  post,
  product,
  SENDER,
} from '../../test/catalog-order-kit.ts';
import { hubSignature } from '../../adapters/channels/whatsapp-webhook.ts';
import { describeEachDb, TEST_PLATFORM_KEY, testConfig } from '../../test/test-app.ts';
import { notPlacedCatalogOrders, orderDetail } from '../orders/board.ts';
import { eraseContactData } from '../contacts/data-rights.ts';
import { receiveCatalogOrders } from './whatsapp-catalog-order.ts';

describeEachDb(
  'Orders from WhatsApp catalogue',
  (ctx) => {
    it("Meta's Order Message example becomes a placed order at our prices, with stock held, once", async () => {
      const c = ctx();
      const { shop, coffee } = await exampleShop(c);
      const body = JSON.stringify(orderExample);
      const res = await post(c, body);
      expect(res.statusCode, res.body).toBe(200);
      const received = await drain(c);

      const [order, ...more] = await placedOrders(c, shop);
      expect(more).toHaveLength(0);
      expect(order!.status).toBe(1); // Received
      expect(order!.total_cents).toBe(2 * 1290 + 4990); // ours, not the message's 2 × 30 + 25 USD
      expect(await held(c, coffee)).toBe(2);
      const [contact] = await c.db.query<{ name: string; phone: string }>(
        'select name, phone from contacts where id = $1',
        [order!.contact_id],
      );
      expect(contact).toEqual({ name: 'Sheena Nelson', phone: SENDER });

      const detail = await orderDetail(c.db, shop, order!.id);
      expect(detail.origin).toBe('whatsapp_catalog');
      expect(detail.channel).toBe('whatsapp');
      expect(detail.lines.map((l) => [l.sku, l.quantity, l.unitPriceCents])).toEqual([
        ['di9ozbzfi4', 2, 1290],
        ['nqryix03ez', 1, 4990],
      ]);
      expect(detail.originNotes).toEqual(['Preços do WhatsApp em USD: cobrados os preços da loja em reais.']);
      // The chatbot platform's look-up says where it came from, as its API document does.
      const slug = (await c.db.query<{ slug: string }>('select slug from shops where id = $1', [shop]))[0]!
        .slug;
      const lookUp = await c.app.inject({
        url: `/api/platform/shops/${slug}/orders/${order!.id}`,
        headers: { authorization: `Bearer ${TEST_PLATFORM_KEY}` },
      });
      expect(lookUp.json().data).toMatchObject({
        origin: 'whatsapp_catalog',
        originLabel: 'Pedido pelo catálogo do WhatsApp',
      });
      const doc = (await c.app.inject({ url: '/api/docs/json' })).json();
      const documented = JSON.stringify(
        doc.paths['/api/platform/shops/{shop}/orders/{orderId}'].get.responses,
      );
      expect(documented).toContain('"whatsapp_catalog"');
      expect(documented).toContain("WhatsApp's own catalogue");
      // The contact gets the order summary with the link to choose the delivery (a new session of theirs), once.
      const sent = await c.db.query<{ payload: { recipient: string } }>(
        `select payload from outbox where shop_id = $1 and kind = 'message'`,
        [shop],
      );
      expect(sent.map((row) => row.payload.recipient)).toEqual([SENDER]);
      expect(received).toHaveLength(1);
      expect(received[0]!.text).toMatch(/Resumo do pedido[\s\S]*Entrega: a combinar[\s\S]*Total: R\$/);
      expect(received[0]!.button).toMatchObject({ label: 'Ver pedido' });
      expect(received[0]!.button!.url).toMatch(
        /^http:\/\/vitrine\.test\/order\/delivery\/ord_\w{26}\?shop=cat-\w+&channel=whatsapp#\S{20,}$/,
      );

      // Meta retries: the same body, and the same message in another delivery, place nothing more.
      expect((await post(c, body)).statusCode).toBe(200);
      const regrouped = exampleValue();
      regrouped.statuses = [{ id: 'wamid.OTHER', status: 'read', timestamp: '1', recipient_id: SENDER }];
      expect((await post(c, bodyOf(regrouped))).statusCode).toBe(200);
      await drain(c);
      expect(await placedOrders(c, shop)).toHaveLength(1);
      expect(await held(c, coffee)).toBe(2);
    });

    it('the same message handled at once by several workers places one order', async () => {
      const c = ctx();
      const { shop, coffee } = await exampleShop(c);
      const value = orderValue('wamid.RACE', [
        { product_retailer_id: 'di9ozbzfi4', quantity: 3, item_price: 12.9, currency: 'BRL' },
      ]);
      const notes = await Promise.all([1, 2, 3].map(() => receiveCatalogOrders(c.db, null, shop, value)));
      expect(notes.flat().filter((n) => n.includes('já recebido'))).toHaveLength(2);
      expect(await placedOrders(c, shop)).toHaveLength(1);
      expect(await held(c, coffee)).toBe(3);
    });

    it('unknown and sold-out items are listed on the order, a different price is noted, the cart kept', async () => {
      const c = ctx();
      const { shop } = await exampleShop(c);
      await product(c.db, shop, 'azeite', 3000, 1);
      await product(c.db, shop, 'pao', 800);
      // The contact already has a storefront cart: it is set aside and comes back, not placed.
      await post(
        c,
        bodyOf(
          orderValue('wamid.FIRST', [
            { product_retailer_id: 'nada', quantity: 1, item_price: 1, currency: 'BRL' },
          ]),
        ),
      );
      await drain(c);
      const [contact] = await c.db.query<{ id: string }>('select id from contacts where shop_id = $1', [
        shop,
      ]);
      const session = await createContactSession(c.db, 60_000, {
        shopId: shop,
        contactId: contact!.id,
        channelType: 1,
        channelId: SENDER,
      });
      await setOrderItem(c.db, session.context, { providerId: 'pao', quantity: 2 });
      const cartLines = () =>
        c.db.query<{ id: string; sku: string; quantity: number }>(
          `select i.id, i.sku, i.quantity from order_items i join orders o on o.id = i.order_id
            where o.shop_id = $1 and o.status = 0`,
          [shop],
        );
      const [bread] = await cartLines();
      // A message with nothing we can place leaves the cart exactly as it was (the same line, the same index),
      // and the contact is told why, with a link to the catalogue (a new session), once per message.
      const nothing = [
        { product_retailer_id: 'nada', quantity: 1, item_price: 1, currency: 'BRL' },
        { product_retailer_id: 'azeite', quantity: 3, item_price: 30, currency: 'BRL' },
      ];
      await post(c, bodyOf(orderValue('wamid.NOTHING', nothing)));
      const [told, ...more] = await drain(c);
      expect(more).toEqual([]);
      expect(told!.text.replace(/\u00a0/g, ' ').replace(/Loja cat-\w+/, 'Loja X')).toBe(
        [
          '*Pedido pelo catálogo do WhatsApp — Loja X*',
          '',
          'Não conseguimos criar o seu pedido: nenhum dos itens pôde ser pedido.',
          '• 1 item não está mais no catálogo da loja.',
          '• Só resta 1 unidade de Produto azeite.',
          '',
          'Escolha outros produtos pelo link do catálogo.',
          'Se preferir, responda esta mensagem que a loja ajuda você.',
        ].join('\n'),
      );
      expect(told!.button!.label).toBe('Ver catálogo');
      expect(told!.button!.url).toMatch(
        /^http:\/\/vitrine\.test\/catalog\?shop=cat-\w+&channel=whatsapp#\S{20,}$/,
      );
      await post(c, bodyOf(orderValue('wamid.NOTHING', nothing)));
      expect(await drain(c)).toEqual([]);
      expect(await cartLines()).toEqual([bread]);

      const value = orderValue('wamid.MIXED', [
        { product_retailer_id: 'nao-existe', quantity: 1, item_price: 5, currency: 'BRL' },
        { product_retailer_id: 'azeite', quantity: 3, item_price: 30, currency: 'BRL' },
        { product_retailer_id: 'di9ozbzfi4', quantity: 1, item_price: 10, currency: 'BRL' },
      ]);
      (value.messages[0]!.order as { text: string }).text = 'Sem cebola';
      await post(c, bodyOf(value));
      await drain(c);
      const [order] = await placedOrders(c, shop);
      const detail = await orderDetail(c.db, shop, order!.id);
      expect(detail.lines.map((l) => l.sku)).toEqual(['di9ozbzfi4']);
      expect(detail.originNotes.map((n) => n.replace(/\u00a0/g, ' '))).toEqual([
        'Itens não encontrados no catálogo da loja: nao-existe',
        'Sem estoque: Só resta 1 unidade de Produto azeite.',
        'Preço diferente no WhatsApp, cobrado o da loja: Produto di9ozbzfi4 (WhatsApp R$ 10,00; cobrado R$ 12,90)',
        'Mensagem do cliente: Sem cebola',
      ]);
      expect((await cartLines()).map(({ sku, quantity }) => ({ sku, quantity }))).toEqual([
        { sku: 'pao', quantity: 2 },
      ]);
      // The first message, whose only item we do not sell, left no order and its reason.
      const [first] = await c.db.query<{ order_id: string | null; notes: string[] }>(
        `select order_id, notes from whatsapp_catalog_orders where shop_id = $1 and message_id = 'wamid.FIRST'`,
        [shop],
      );
      expect(first).toEqual({
        order_id: null,
        notes: ['Nenhum item pôde ser pedido.', 'Itens não encontrados no catálogo da loja: nada'],
      });
      // The board lists both to the agent, with who sent them, for a week.
      const listed = await notPlacedCatalogOrders(c.db, shop);
      expect(listed.messages.map((m) => [m.messageId, m.contactName, m.phone, m.notes.length])).toEqual([
        ['wamid.NOTHING', 'Sheena Nelson', SENDER, 3],
        ['wamid.FIRST', 'Sheena Nelson', SENDER, 2],
      ]);
      const later = new Date(Date.now() + 8 * 86_400_000);
      expect((await notPlacedCatalogOrders(c.db, shop, later)).messages).toEqual([]);

      // Erasing the contact empties what their messages left — their own words on the placed one included.
      await eraseContactData(
        c.db,
        shop,
        { contactId: contact!.id, keepInvoiceData: false },
        { userId: null, label: 'Teste' },
      );
      const left = await c.db.query<{ contact_id: string | null; notes: string[] }>(
        'select contact_id, notes from whatsapp_catalog_orders where shop_id = $1 order by message_id',
        [shop],
      );
      expect(left).toEqual(left.map(() => ({ contact_id: null, notes: [] })));
      expect(left.length).toBeGreaterThanOrEqual(3);
      expect(JSON.stringify((await notPlacedCatalogOrders(c.db, shop)).messages)).not.toMatch(
        /Sheena|Sem cebola/,
      );
    });

    it("an order under the shop's minimum is not placed: the confirm's reason is kept, the stock untouched", async () => {
      const c = ctx();
      const { shop, coffee } = await exampleShop(c);
      await c.db.query('update shops set min_order_value_cents = 100000 where id = $1', [shop]);
      const value = orderValue('wamid.SMALL', [
        { product_retailer_id: 'di9ozbzfi4', quantity: 1, item_price: 12.9, currency: 'BRL' },
      ]);
      await post(c, bodyOf(value));
      const [told, ...more] = await drain(c);
      expect(more).toEqual([]);
      expect(told!.text).toMatch(
        /Não conseguimos criar o seu pedido: .*mínimo[\s\S]*Complete o pedido pelo link/,
      );
      expect(told!.button!.label).toBe('Ver catálogo');
      expect(await placedOrders(c, shop)).toHaveLength(0);
      expect(await held(c, coffee)).toBe(0);
      const [row] = await c.db.query<{ order_id: string | null; notes: string[] }>(
        'select order_id, notes from whatsapp_catalog_orders where shop_id = $1',
        [shop],
      );
      expect(row!.order_id).toBeNull();
      expect(row!.notes[0]).toMatch(/^Pedido não criado: .*mínimo/i);
    });

    it('bad input places nothing and still answers 200; an unsigned body is refused', async () => {
      const c = ctx();
      const { shop } = await exampleShop(c);
      const item = { product_retailer_id: 'di9ozbzfi4', quantity: 1, item_price: 12.9, currency: 'BRL' };
      const bad = {
        many: Array.from({ length: 500 }, (_, i) => ({ ...item, product_retailer_id: `p${i}` })),
        negative: [{ ...item, quantity: -2 }],
        zero: [{ ...item, quantity: 0 }],
        fraction: [{ ...item, quantity: 1.5 }],
        currency: [{ ...item, currency: 'XYZ' }],
        noPrice: [{ product_retailer_id: 'di9ozbzfi4', quantity: 1, currency: 'BRL' }],
        noId: [{ ...item, product_retailer_id: '' }],
        none: [],
      };
      for (const [name, items] of Object.entries(bad)) {
        const res = await post(c, bodyOf(orderValue(`wamid.${name}`, items)));
        expect(res.statusCode, name).toBe(200);
      }
      const noOrder = exampleValue();
      delete noOrder.messages[0]!.order;
      expect((await post(c, bodyOf(noOrder))).statusCode).toBe(200);
      const unsigned = bodyOf(orderValue('wamid.UNSIGNED', [item]));
      expect((await post(c, unsigned, hubSignature('not-the-secret', unsigned))).statusCode).toBe(401);
      await drain(c);
      // Each refusal is kept, with its reason, as the job's note.
      const jobs = await c.db.query<{ status: string; note: string }>(
        `select status, provider_message_id as note from outbox where shop_id = $1 and kind = 'job'`,
        [shop],
      );
      expect(jobs.map((j) => j.status)).toEqual(Array(9).fill('sent'));
      expect(jobs.map((j) => j.note).join('\n')).toMatch(/500 itens; o máximo é 200/);
      for (const job of jobs) expect(job.note).toMatch(/recusado: /);
      expect(await placedOrders(c, shop)).toHaveLength(0);
      expect(
        await c.db.query('select 1 from whatsapp_catalog_orders where shop_id = $1', [shop]),
      ).toHaveLength(0);
      expect(await c.db.query('select 1 from contacts where shop_id = $1', [shop])).toHaveLength(0);
    });
  },
  {
    config: { messaging: { ...testConfig().messaging, whatsappAppSecret: APP_SECRET } },
  },
);
