/**
 * The shop of the reports journey ('Quitanda Relatório'), written straight into a stopped private server's
 * database: placed orders over the last days (São Paulo's noon), on two channels, one sold by an agent, one picked
 * up, one with a coupon, one paid, one cancelled — figures the journey reads back on 'Relatórios › Vendas'.
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
};

/** The orders the journey expects: the last 30 days hold all but the cancelled one in their revenue. */
export const SALES: Sale[] = [
  { daysAgo: 0, totalCents: 4590, paid: true },
  { daysAgo: 1, totalCents: 12000, agent: 'Bia Atendente' },
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
          [id('itm'), shop.id, orderId, productId, sale.totalCents],
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
