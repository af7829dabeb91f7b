/**
 * Price-table prices of order lines (spec §7 `POST /api/order/price-tables/{id}`): while the order has a table,
 * every non-gift line written — repriced when the table is chosen, or added and changed afterwards — takes the
 * table's price of its product in place of the catalogue's list and promotional prices.
 */
import type { Queryable } from '../../db/client.ts';

export type LinePrices = { unit_price_cents: number; promotional_price_cents: number | null };

/** `catalogue` under a table price: the table price is the list price, with no promotion; null keeps it. */
export function tablePriced<T extends LinePrices>(catalogue: T, tablePriceCents: number | null): T {
  if (tablePriceCents === null) return catalogue;
  return { ...catalogue, unit_price_cents: tablePriceCents, promotional_price_cents: null };
}

/** SQL of a product's price in the shop's table `provider_id` ($table), for a product id expression. */
export function tablePriceSql(table: string, productId: string, shopId: string): string {
  return `(select tp.price_cents from price_tables t
             join price_table_prices tp on tp.price_table_id = t.id and tp.product_id = ${productId}
            where t.shop_id = ${shopId} and t.provider_id = ${table})`;
}

/** The table price of one product, or null (no table chosen, or the table has no price for it). */
export async function tablePriceCents(
  tx: Queryable,
  shopId: string,
  tableProviderId: string | null | undefined,
  productId: string,
): Promise<number | null> {
  if (!tableProviderId) return null;
  const [row] = await tx.query<{ price_cents: number | null }>(
    `select ${tablePriceSql('$3', '$2', '$1')} as price_cents`,
    [shopId, productId, tableProviderId],
  );
  return row?.price_cents ?? null;
}
