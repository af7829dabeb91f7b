import type { Order } from '@vitrine/contracts/order';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { listSellers } from '../logistics/repository.ts';
import { lineTotalCents } from '../order/pricing.ts';
import type { SessionContext } from '../session/service.ts';
import { changeCheckout, clearAfterSeller, type CheckoutChange } from './change.ts';

export type PriceTable = { id: string; name: string };

/** Price tables of the shop, limited to the chosen seller's allowed ones when a seller is set. */
export async function listPriceTables(db: Queryable, session: SessionContext): Promise<PriceTable[]> {
  const [order] = await db.query<{ seller_id: string | null }>(
    `select checkout ->> 'sellerId' as seller_id from orders where shop_id = $1 and user_id = $2 and status = 0`,
    [session.shopId, session.userId],
  );
  const tables = await db.query<PriceTable>(
    'select provider_id as id, name from price_tables where shop_id = $1 order by position, name',
    [session.shopId],
  );
  if (!order?.seller_id) return tables;
  const seller = (await listSellers(db, session.shopId)).find((s) => s.id === order.seller_id);
  return seller?.allowed_price_tables.length
    ? tables.filter((t) => seller.allowed_price_tables.includes(t.id))
    : tables;
}

/** Rewrites every non-gift line's list price from the table (catalogue price when the table has none). */
async function reprice(c: CheckoutChange, tableProviderId: string | null): Promise<void> {
  const { change } = c;
  const prices = await change.tx.query<{ line_id: string; price_cents: number; promo: number | null }>(
    `select i.id as line_id, coalesce(tp.price_cents, v.price_cents, p.price_cents) as price_cents,
            case when tp.price_cents is null then coalesce(v.promotional_price_cents, p.promotional_price_cents) end as promo
       from order_items i join products p on p.id = i.product_id
       left join product_variants v on v.id = i.variant_id
       left join price_tables t on t.shop_id = i.shop_id and t.provider_id = $2
       left join price_table_prices tp on tp.price_table_id = t.id and tp.product_id = i.product_id
      where i.order_id = $1 and not i.is_gift`,
    [change.order.id, tableProviderId],
  );
  for (const price of prices) {
    const line = change.items.find((i) => i.id === price.line_id);
    if (!line) continue;
    line.unit_price_cents = price.price_cents;
    line.promotional_price_cents = price.promo;
    line.total_cents = lineTotalCents(price.price_cents, price.promo, line.quantity);
    await change.tx.query(
      'update order_items set unit_price_cents = $2, promotional_price_cents = $3, total_cents = $4 where id = $1',
      [line.id, line.unit_price_cents, line.promotional_price_cents, line.total_cents],
    );
  }
  c.itemsCents = change.items.reduce((sum, i) => (i.is_gift ? sum : sum + i.total_cents), 0);
  c.checkout.priceTableId = tableProviderId;
}

/** Applies a price table (agents): every line repriced under the order lock; 'none' / '' removes the table. */
export async function setPriceTable(db: Db, session: SessionContext, id: string): Promise<Order> {
  const tableId = id === '' || id === 'none' ? null : id;
  const allowed = tableId === null || (await listPriceTables(db, session)).some((t) => t.id === tableId);
  if (!allowed) throw new AppError('notFound', 'priceTableNotFound');
  return changeCheckout(db, session, (c) => reprice(c, tableId));
}

/** Chooses a seller (store); clears logistic, day, schedule and payment; applies its default price table. */
export async function setSeller(db: Db, session: SessionContext, providerId: string): Promise<Order> {
  const seller = (await listSellers(db, session.shopId)).find((s) => s.provider_id === providerId);
  if (!seller) throw new AppError('notFound', 'sellerNotFound');
  return changeCheckout(db, session, async (c) => {
    clearAfterSeller(c.checkout);
    c.checkout.sellerId = seller.id;
    c.checkout.seller = {
      providerId: seller.provider_id,
      name: seller.name,
      serviceTaxCents: seller.service_tax_cents,
    };
    if (seller.use_default_price_table && seller.default_price_table_id)
      await reprice(c, seller.default_price_table_id);
  });
}
