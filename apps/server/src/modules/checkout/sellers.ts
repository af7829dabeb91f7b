import type { Order } from '@vitrine/contracts/order';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { listSellers } from '../logistics/service.ts';
import { tablePriced, tablePriceSql, type LinePrices } from '../order/service.ts';
import { findOpenOrderSeller } from '../order/service.ts';
import { itemsAmountCents, lineTotalCents } from '../order/service.ts';
import type { SessionContext } from '../session/service.ts';
import { changeCheckout, clearAfterSeller, type CheckoutChange } from './change.ts';

export type PriceTable = { id: string; name: string };

/** Price tables of the shop, limited to the chosen seller's allowed ones when a seller is set. */
export async function listPriceTables(db: Queryable, session: SessionContext): Promise<PriceTable[]> {
  const sellerId = await findOpenOrderSeller(db, session.shopId, session.userId);
  const tables = await db.query<PriceTable>(
    'select provider_id as id, name from price_tables where shop_id = $1 order by position, name',
    [session.shopId],
  );
  if (!sellerId) return tables;
  const seller = (await listSellers(db, session.shopId)).find((s) => s.id === sellerId);
  return seller?.allowed_price_tables.length
    ? tables.filter((t) => seller.allowed_price_tables.includes(t.id))
    : tables;
}

/** Rewrites every non-gift line's prices: the table's (tablePriced), else the catalogue's; null = no table. */
async function reprice(c: CheckoutChange, tableProviderId: string | null): Promise<void> {
  const { change } = c;
  const prices = await change.tx.query<LinePrices & { line_id: string; table_cents: number | null }>(
    `select i.id as line_id, coalesce(v.price_cents, p.price_cents) as unit_price_cents,
            case when v.id is null then p.promotional_price_cents else v.promotional_price_cents end
              as promotional_price_cents,
            ${tablePriceSql('$2', 'i.product_id', 'i.shop_id')} as table_cents
       from order_items i join products p on p.id = i.product_id
       left join product_variants v on v.id = i.variant_id
      where i.order_id = $1 and not i.is_gift`,
    [change.order.id, tableProviderId],
  );
  for (const { line_id, table_cents, ...catalogue } of prices) {
    const line = change.items.find((i) => i.id === line_id);
    if (!line) continue;
    Object.assign(line, tablePriced(catalogue, table_cents));
    line.total_cents = lineTotalCents(line.unit_price_cents, line.promotional_price_cents, line.quantity);
    await change.tx.query(
      'update order_items set unit_price_cents = $2, promotional_price_cents = $3, total_cents = $4 where id = $1',
      [line.id, line.unit_price_cents, line.promotional_price_cents, line.total_cents],
    );
  }
  c.itemsCents = itemsAmountCents(change.items);
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
