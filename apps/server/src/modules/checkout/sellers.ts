import type { Order } from '@vitrine/contracts/order';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { listSellers, type SellerRow } from '../logistics/service.ts';
import { findOpenOrderSeller, itemsAmountCents, repriceLines, type CheckoutState } from '../order/service.ts';
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

/** Re-prices the lines from table `tableProviderId` (null = the catalogue's prices) and keeps the choice. */
async function reprice(c: CheckoutChange, tableProviderId: string | null): Promise<void> {
  await repriceLines(c.change, tableProviderId);
  c.itemsCents = itemsAmountCents(c.change.items);
  c.checkout.priceTableId = tableProviderId;
}

/** Applies a price table (agents): every line repriced under the order lock; 'none' / '' removes the table. */
export async function setPriceTable(db: Db, session: SessionContext, id: string): Promise<Order> {
  const tableId = id === '' || id === 'none' ? null : id;
  const allowed = tableId === null || (await listPriceTables(db, session)).some((t) => t.id === tableId);
  if (!allowed) throw new AppError('notFound', 'priceTableNotFound');
  return changeCheckout(db, session, (c) => reprice(c, tableId));
}

/** The shop's store `providerId`; 404 'Loja não encontrada para este pedido.' (another shop's, unknown). */
export async function findStore(db: Queryable, shopId: string, providerId: string): Promise<SellerRow> {
  const seller = (await listSellers(db, shopId)).find((s) => s.provider_id === providerId);
  if (!seller) throw new AppError('notFound', 'sellerNotFound');
  return seller;
}

/**
 * Sets the store on `checkout` (its service fee) and answers the price table its lines are to be re-priced by —
 * the store's default table when it uses one — or null (the checkout's own table stays). The assisted checkout's
 * 'Loja' and an order edit's (edit.ts) both choose through it.
 */
export function chooseStore(checkout: CheckoutState, seller: SellerRow): string | null {
  checkout.sellerId = seller.id;
  checkout.seller = {
    providerId: seller.provider_id,
    name: seller.name,
    serviceTaxCents: seller.service_tax_cents,
  };
  return seller.use_default_price_table ? seller.default_price_table_id : null;
}

/** Chooses a seller (store); clears logistic, day, schedule and payment; applies its default price table. */
export async function setSeller(db: Db, session: SessionContext, providerId: string): Promise<Order> {
  const seller = await findStore(db, session.shopId, providerId);
  return changeCheckout(db, session, async (c) => {
    clearAfterSeller(c.checkout);
    const table = chooseStore(c.checkout, seller);
    if (table) await reprice(c, table);
  });
}
