/**
 * The shop of the reports journey ('Quitanda Relatório'), written straight into a stopped private server's
 * database: placed orders over the last days (São Paulo's noon), on two channels, one sold by an agent, one picked
 * up, one with a coupon, one paid, one cancelled — figures the journey reads back on 'Relatórios › Vendas' — and
 * the stock, views and searches 'Relatórios › Produtos' reads.
 */
import { randomBytes } from 'node:crypto';
import { addDays, localDay, zonedInstant } from '../packages/contracts/src/shop-time.ts';
import { openDb } from '../apps/server/src/db/client.ts';

const id = (prefix: string) => `${prefix}_${randomBytes(13).toString('hex').slice(0, 26)}`;
const ZONE = 'America/Sao_Paulo';

type Sale = {
  daysAgo: number;
  totalCents: number;
  channel?: number;
  status?: number;
  pickup?: boolean;
  agent?: string;
  coupon?: string;
  paid?: boolean;
  /** A second line: 1,5 kg of cheese (3 portions of 500 g) out of the order's total. */
  cheese?: boolean;
};

const CHEESE_CENTS = 4590;

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof openDb>>['transaction']>[0]>[0];

/**
 * What 'Relatórios › Produtos' reads besides the orders: a kilo product whose stock ran out 5 days ago and came
 * back 3 days ago (3 sold-out days), a product opened 25 times today and never bought, and a search that found
 * nothing 3 times today; and four links sent two days ago, three opened. Answers the kilo product's id.
 */
async function seedCatalogueEvents(tx: Tx, shopId: string, today: string): Promise<string> {
  const cheeseId = id('prd');
  const palmito = id('prd');
  await tx.query(
    `insert into products (id, shop_id, provider_id, sku, name, price_cents, sold_in_kilo, amount_in_kilo)
     values ($1, $3, 'QUEIJO', 'QUEIJO', 'Queijo minas', 1530, true, 0.5),
            ($2, $3, 'PALMITO', 'PALMITO', 'Palmito pupunha', 2290, false, null)`,
    [cheeseId, palmito, shopId],
  );
  await tx.query(`insert into stock_settings (product_id, shop_id, track) values ($1, $2, true)`, [
    cheeseId,
    shopId,
  ]);
  for (const [daysAgo, delta] of [
    [10, 5],
    [5, -5],
    [3, 4],
  ] as const)
    await tx.query(
      `insert into stock_movements (shop_id, unit_id, product_id, reason, on_hand_delta, actor, note, created_at)
       values ($1, $2, $2, 'adjustment', $3, 'staff', 'contagem', $4)`,
      [shopId, cheeseId, delta, zonedInstant(addDays(today, -daysAgo), '12:00', ZONE)],
    );
  // The day's row and its month's, as the recorder's upsert adds to both (decision 0063).
  await tx.query(`insert into product_view_days (shop_id, day, product_id, views) values ($1, $2, $3, 25)`, [
    shopId,
    today,
    palmito,
  ]);
  await tx.query(
    `insert into product_view_months (shop_id, month, product_id, views)
     values ($1, date_trunc('month', $2::date)::date, $3, 25)`,
    [shopId, today, palmito],
  );
  await tx.query(
    `insert into search_misses (shop_id, day, term, searches) values ($1, $2, 'tapioca granulada', 3)`,
    [shopId, today],
  );
  // Funil: four links the chat sent two days ago, three opened.
  for (const opened of [true, true, true, false])
    await tx.query(
      `insert into sessions (id, shop_id, token_hash, session_type, channel_type, channel_id, user_id, expires_at,
         created_at, opened_at) values ($1, $2, $3, 0, 1, $4, $4, now() + interval '1 day', $5, $6)`,
      [
        id('ses'),
        shopId,
        randomBytes(16).toString('hex'),
        `5511900000${randomBytes(2).toString('hex')}`,
        zonedInstant(addDays(today, -2), '10:00', ZONE),
        opened ? zonedInstant(addDays(today, -2), '10:05', ZONE) : null,
      ],
    );
  return cheeseId;
}

/** The orders the journey expects: the last 30 days hold all but the cancelled one in their revenue. */
export const SALES: Sale[] = [
  { daysAgo: 0, totalCents: 4590, paid: true },
  { daysAgo: 1, totalCents: 12000, agent: 'Bia Atendente', cheese: true },
  { daysAgo: 1, totalCents: 3000, channel: 3, pickup: true },
  { daysAgo: 3, totalCents: 8000, coupon: 'BEMVINDO' },
  { daysAgo: 5, totalCents: 7000, status: 3 },
  { daysAgo: 8, totalCents: 5410, channel: 2 },
  // the previous period (31–60 days ago)
  { daysAgo: 40, totalCents: 20000 },
];

export async function seedReportsShop(dataDir: string, slug: string) {
  const db = await openDb({ dataDir });
  const today = localDay(new Date(), ZONE);
  try {
    await db.transaction(async (tx) => {
      const [shop] = await tx.query<{ id: string }>('select id from shops where slug = $1', [slug]);
      if (!shop) throw new Error(`shop ${slug} not found`);
      const productId = id('prd');
      await tx.query(
        `insert into products (id, shop_id, provider_id, sku, name, price_cents) values ($1, $2, 'CESTA', 'CESTA', 'Cesta da semana', 1000)`,
        [productId, shop.id],
      );
      const cheeseId = await seedCatalogueEvents(tx, shop.id, today);
      for (const [i, sale] of SALES.entries()) {
        const phone = `55119876502${String(i).padStart(2, '0')}`;
        const contactId = id('con');
        await tx.query(`insert into contacts (id, shop_id, name, phone) values ($1, $2, $3, $4)`, [
          contactId,
          shop.id,
          `Cliente ${i + 1}`,
          phone,
        ]);
        const orderId = id('ord');
        const checkout = {
          paymentMethod: 3,
          logistic: {
            providerId: 'l',
            type: sale.pickup ? 0 : 1,
            name: sale.pickup ? 'Retirada' : 'Entrega no bairro',
          },
          seller: { providerId: 'loja', name: 'Loja Centro', serviceTaxCents: 0 },
          ...(sale.agent ? { agent: { id: id('agt'), name: sale.agent, staffUserId: null } } : {}),
          ...(sale.coupon ? { couponCode: sale.coupon } : {}),
        };
        const at = zonedInstant(addDays(today, -sale.daysAgo), '12:00', ZONE);
        const placed = at.getTime() > Date.now() ? new Date(Date.now() - 60_000) : at;
        await tx.query(
          `insert into orders (id, shop_id, user_id, contact_id, channel_type, status, items_amount_cents, total_cents,
             checkout, confirmed_at, next_line_index)
           values ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, 1)`,
          [
            orderId,
            shop.id,
            `user-${phone}`,
            contactId,
            sale.channel ?? 1,
            sale.status ?? 1,
            sale.totalCents,
            JSON.stringify(checkout),
            placed,
          ],
        );
        await tx.query(
          `insert into order_items (id, shop_id, order_id, line_index, product_id, sku, name, quantity, unit_price_cents,
             total_cents) values ($1, $2, $3, 0, $4, 'CESTA', 'Cesta da semana', 1, $5, $5)`,
          [id('itm'), shop.id, orderId, productId, sale.totalCents - (sale.cheese ? CHEESE_CENTS : 0)],
        );
        if (sale.cheese)
          await tx.query(
            `insert into order_items (id, shop_id, order_id, line_index, product_id, sku, name, quantity,
               unit_price_cents, total_cents) values ($1, $2, $3, 1, $4, 'QUEIJO', 'Queijo minas', 3, 1530, $5)`,
            [id('itm'), shop.id, orderId, cheeseId, CHEESE_CENTS],
          );
        if (sale.paid)
          await tx.query(
            `insert into payment_ledger (id, shop_id, order_id, kind, amount_cents, source, method, received_at)
             values ($1, $2, $3, 'received', $4, 'manual', 3, now())`,
            [id('led'), shop.id, orderId, sale.totalCents],
          );
      }
    });
  } finally {
    await db.close();
  }
}
