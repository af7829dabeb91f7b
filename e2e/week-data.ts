/**
 * The shop of issue 38's walk ('Empório Sabiá'), written straight into a stopped private server's database: a
 * seller and a delivery option, a kilo product (500 g portions at R$ 6,45, R$ 12,90/kg) and a coffee on promotion,
 * and placed orders — one with both lines and a long e-mail, one from the customer link with nothing chosen, one
 * paid and out for delivery.
 */
import { randomBytes } from 'node:crypto';
import { openDb, type Queryable } from '../apps/server/src/db/client.ts';
import { insertStoreAndDelivery } from './shop-data';

export const BEANS = { code: 'FEIJAO-GRANEL', name: 'Feijão Carioca a Granel' };
export const COFFEE = { code: 'CAFE500', name: 'Café Especial Torrado 500 g' };
export const BUYER = {
  name: 'Maria Aparecida Nogueira',
  phone: '5511987650101',
  email: 'maria.aparecida.nogueira@exemplo-longo.com.br',
};
export const BARE = { name: 'Joana Link', phone: '5511987650102' };
/** A second store with a price table of its own (coffee at R$ 38,00) and a R$ 3,00 service fee. */
export const JARDINS = { name: 'Loja Jardins', table: 'Atacado', coffeeCents: 3800, feeCents: 300 };
/** A product with variants (3 sizes × 2 colours): the editor's height at 375 px (item 11). */
export const SHIRT = { code: 'CAMISETA-SABIA', name: 'Camiseta Sabiá' };
export const DELIVERED = { name: 'Paulo Entregas', phone: '5511987650103' };

type Line = { product: string; quantity: number; unitCents: number; promoCents?: number };

const id = (prefix: string) => `${prefix}_${randomBytes(13).toString('hex').slice(0, 26)}`;

async function placeOrder(
  tx: Queryable,
  shopId: string,
  contact: { name: string; phone: string; email?: string },
  lines: Line[],
  checkout: object,
  extra: { fulfilment?: string; paid?: boolean } = {},
) {
  const contactId = id('con');
  await tx.query(`insert into contacts (id, shop_id, name, phone, email) values ($1, $2, $3, $4, $5)`, [
    contactId,
    shopId,
    contact.name,
    contact.phone,
    contact.email ?? null,
  ]);
  const userId = `user-${contact.phone}`;
  await tx.query(
    `insert into sessions (id, shop_id, token_hash, session_type, channel_type, channel_id, user_id, contact_id,
       expires_at) values ($1, $2, $3, 0, 1, $4, $5, $6, now() + interval '1 day')`,
    [id('ses'), shopId, randomBytes(16).toString('hex'), contact.phone, userId, contactId],
  );
  const totals = lines.map((l) => Math.round((l.promoCents ?? l.unitCents) * l.quantity));
  const total = totals.reduce((a, b) => a + b, 0);
  const orderId = id('ord');
  await tx.query(
    `insert into orders (id, shop_id, user_id, contact_id, channel_type, status, items_amount_cents, total_cents,
       checkout, confirmed_at, next_line_index, fulfilment)
     values ($1, $2, $3, $4, 1, $9, $5, $5, $6, now(), $7, $8)`,
    [
      orderId,
      shopId,
      userId,
      contactId,
      total,
      JSON.stringify(checkout),
      lines.length,
      extra.fulfilment ?? null,
      extra.paid ? 2 : 1, // a paid order is Finalized (decision 0046)
    ],
  );
  for (const [index, line] of lines.entries()) {
    const [product] = await tx.query<{ id: string; sku: string; name: string }>(
      'select id, sku, name from products where shop_id = $1 and provider_id = $2',
      [shopId, line.product],
    );
    await tx.query(
      `insert into order_items (id, shop_id, order_id, line_index, product_id, sku, name, quantity, unit_price_cents,
         promotional_price_cents, total_cents) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        id('itm'),
        shopId,
        orderId,
        index,
        product!.id,
        product!.sku,
        product!.name,
        line.quantity,
        line.unitCents,
        line.promoCents ?? null,
        totals[index],
      ],
    );
  }
  if (extra.paid)
    await tx.query(
      `insert into payment_ledger (id, shop_id, order_id, kind, amount_cents, source, method, received_at)
       values ($1, $2, $3, 'received', $4, 'manual', 3, now())`,
      [id('led'), shopId, orderId, total],
    );
  return orderId;
}

const DELIVERY = {
  paymentMethod: 3,
  logistic: {
    providerId: 'entrega',
    type: 1,
    name: 'Entrega no bairro',
    priceCents: 0,
    freeAboveCents: null,
    orderMinPriceCents: null,
    maxDistinctItems: null,
    maxItems: null,
    shippingTimeEstimative: null,
    storePickUpAddress: null,
    sellerId: null,
    manual: false,
  },
  address: { fullAddress: 'Rua das Flores, 12 - Centro, São Paulo - SP', zipCode: '01001000' },
  seller: { providerId: 'loja', name: 'Loja Centro', serviceTaxCents: 0 },
};

export async function seedWeekShop(dataDir: string, slug: string) {
  const db = await openDb({ dataDir });
  try {
    await db.transaction(async (tx) => {
      const [shop] = await tx.query<{ id: string }>('select id from shops where slug = $1', [slug]);
      if (!shop) throw new Error(`shop ${slug} not found`);
      await insertStoreAndDelivery(tx, shop.id, slug, { name: 'Entrega no bairro', priceCents: 0 });
      await tx.query(
        `insert into products (id, shop_id, provider_id, sku, name, price_cents, ranking, sold_in_kilo, amount_in_kilo,
           kilogram_price_cents) values ($1, $2, $3, $3, $4, 645, 100, true, 0.5, 1290)`,
        [`prd-${slug}-feijao`, shop.id, BEANS.code, BEANS.name],
      );
      await tx.query(
        `insert into products (id, shop_id, provider_id, sku, name, price_cents, promotional_price_cents, ranking)
         values ($1, $2, $3, $3, $4, 3990, 3490, 90)`,
        [`prd-${slug}-cafe`, shop.id, COFFEE.code, COFFEE.name],
      );
      // The seller step is on (orders from the customer link arrive without a store: item 3's 'Loja').
      await tx.query(
        `update shops set settings = jsonb_set(settings, '{steps}', '["Start","Catalog","Seller","Logistic","Payment"]')
          where id = $1`,
        [shop.id],
      );
      await tx.query(
        `insert into price_tables (id, shop_id, provider_id, name, position) values ($1, $2, 'atacado', $3, 0)`,
        [`ptb-${slug}-atacado`, shop.id, JARDINS.table],
      );
      await tx.query(
        `insert into price_table_prices (price_table_id, product_id, shop_id, price_cents) values ($1, $2, $3, $4)`,
        [`ptb-${slug}-atacado`, `prd-${slug}-cafe`, shop.id, JARDINS.coffeeCents],
      );
      await tx.query(
        `insert into sellers (id, shop_id, provider_id, name, street, number, neighborhood, city, state, zip_code,
           service_tax_cents, default_price_table_id, use_default_price_table)
         values ($1, $2, 'jardins', $3, 'Rua Oscar Freire', '500', 'Jardins', 'São Paulo', 'SP', '01426001', $4,
                 'atacado', true)`,
        [`sel-${slug}-jardins`, shop.id, JARDINS.name, JARDINS.feeCents],
      );
      const sizes = ['P', 'M', 'G'];
      const colours = [
        ['verde', 'Verde'],
        ['preto', 'Preto'],
      ];
      await tx.query(
        `insert into products (id, shop_id, provider_id, sku, name, price_cents, ranking)
         values ($1, $2, $3, $3, $4, 5990, 80)`,
        [`prd-${slug}-camiseta`, shop.id, SHIRT.code, SHIRT.name],
      );
      const attributes: [string, string, [string, string][]][] = [
        ['tamanho', 'Tamanho', sizes.map((size) => [size.toLowerCase(), size])],
        ['cor', 'Cor', colours as [string, string][]],
      ];
      for (const [at, [code, name, options]] of attributes.entries()) {
        const attributeId = `pat-${slug}-${code}`;
        await tx.query(
          `insert into product_attributes (id, shop_id, product_id, provider_id, name, position)
           values ($1, $2, $3, $4, $5, $6)`,
          [attributeId, shop.id, `prd-${slug}-camiseta`, code, name, at],
        );
        for (const [n, [option, label]] of options.entries())
          await tx.query(
            `insert into attribute_options (id, shop_id, attribute_id, provider_id, name, position)
             values ($1, $2, $3, $4, $5, $6)`,
            [`${attributeId}-${option}`, shop.id, attributeId, option, label, n],
          );
      }
      let position = 0;
      for (const size of sizes)
        for (const [colour] of colours) {
          const key = `${size.toLowerCase()}-${colour}`;
          await tx.query(
            `insert into product_variants (id, shop_id, product_id, provider_id, sku, options, price_cents, position)
             values ($1, $2, $3, $4, $5, $6, 5990, $7)`,
            [
              `var-${slug}-${key}`,
              shop.id,
              `prd-${slug}-camiseta`,
              key,
              `CAMISETA-SABIA-${key.toUpperCase()}`,
              JSON.stringify({ tamanho: size.toLowerCase(), cor: colour }),
              position++,
            ],
          );
        }
      await placeOrder(
        tx,
        shop.id,
        BUYER,
        [
          { product: BEANS.code, quantity: 2, unitCents: 645 },
          { product: COFFEE.code, quantity: 2, unitCents: 3990, promoCents: 3490 },
        ],
        DELIVERY,
      );
      await placeOrder(tx, shop.id, BARE, [{ product: COFFEE.code, quantity: 1, unitCents: 3990 }], {});
      await placeOrder(
        tx,
        shop.id,
        DELIVERED,
        [{ product: BEANS.code, quantity: 3, unitCents: 645 }],
        DELIVERY,
        {
          fulfilment: 'out_for_delivery',
          paid: true,
        },
      );
    });
  } finally {
    await db.close();
  }
}
