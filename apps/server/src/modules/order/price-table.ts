/**
 * Price-table prices of order lines (spec §7 `POST /api/order/price-tables/{id}`): while the order has a table,
 * every non-gift line written — repriced when the table is chosen, or added and changed afterwards — takes the
 * table's price in place of the catalogue's list and promotional prices: its variant's row when the table has one
 * (decision 0039), else its product's.
 */
import type { Queryable } from '../../db/client.ts';
import { repriceLine } from './cart-repository.ts';
import type { LinePrices } from './line-repository.ts';
import { lineTotalCents } from './pricing.ts';
import type { OrderChange } from './change.ts';

/** `catalogue` under a table price: the table price is the list price, with no promotion; null keeps it. */
export function tablePriced<T extends LinePrices>(catalogue: T, tablePriceCents: number | null): T {
  if (tablePriceCents === null) return catalogue;
  return { ...catalogue, unit_price_cents: tablePriceCents, promotional_price_cents: null };
}

/**
 * SQL of a line's price in the shop's table `provider_id` ($table): the variant's row (`variantId` may be a null
 * expression), else the product's.
 */
export function tablePriceSql(table: string, productId: string, variantId: string, shopId: string): string {
  return `(select coalesce(
             (select tp.price_cents from price_table_prices tp
               where tp.price_table_id = t.id and tp.variant_id = ${variantId}),
             (select tp.price_cents from price_table_prices tp
               where tp.price_table_id = t.id and tp.product_id = ${productId} and tp.variant_id is null))
             from price_tables t where t.shop_id = ${shopId} and t.provider_id = ${table})`;
}

/** The table price of one product or variant, or null (no table chosen, or the table has no price for it). */
export async function tablePriceCents(
  tx: Queryable,
  shopId: string,
  tableProviderId: string | null | undefined,
  productId: string,
  variantId: string | null = null,
): Promise<number | null> {
  if (!tableProviderId) return null;
  const [row] = await tx.query<{ price_cents: number | null }>(
    `select ${tablePriceSql('$3', '$2', '$4::text', '$1')} as price_cents`,
    [shopId, productId, tableProviderId, variantId],
  );
  return row?.price_cents ?? null;
}

/**
 * Re-prices every non-gift line of a locked change (a price table chosen or removed, a seller's default table):
 * the table's price of its variant or product when `tableProviderId` has one, else the catalogue's. The line writes are
 * queued on the change, so settle() writes them with the new totals in one statement — only for lines whose price
 * changes (an order edit's lines written earlier in the same change were priced by the table already: a second
 * write of one row in the statement is refused by its one snapshot). Lines the change has not written yet (none
 * in the database) keep their prices.
 */
export async function repriceLines(change: OrderChange, tableProviderId: string | null): Promise<void> {
  const prices = await change.tx.query<LinePrices & { line_id: string; table_cents: number | null }>(
    `select i.id as line_id, coalesce(v.price_cents, p.price_cents) as unit_price_cents,
            case when v.id is null then p.promotional_price_cents else v.promotional_price_cents end
              as promotional_price_cents,
            ${tablePriceSql('$2', 'i.product_id', 'i.variant_id', 'i.shop_id')} as table_cents
       from order_items i join products p on p.id = i.product_id
       left join product_variants v on v.id = i.variant_id
      where i.order_id = $1 and not i.is_gift`,
    [change.order.id, tableProviderId],
  );
  for (const { line_id, table_cents, ...catalogue } of prices) {
    const line = change.items.find((i) => i.id === line_id);
    if (!line) continue;
    const priced = tablePriced(catalogue, table_cents);
    if (
      priced.unit_price_cents === line.unit_price_cents &&
      priced.promotional_price_cents === line.promotional_price_cents
    )
      continue;
    Object.assign(line, priced);
    line.total_cents = lineTotalCents(line.unit_price_cents, line.promotional_price_cents, line.quantity);
    change.writes.push(repriceLine(line));
  }
}
