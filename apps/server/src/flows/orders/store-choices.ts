/**
 * What 'Loja' of 'Editar pedido' may choose (issue 38, decision 0053's addendum 'The store'): the shop's stores,
 * beside 'Entrega''s choices (delivery-choices.ts).
 */
import type { OrderEdits } from '@vitrine/contracts/order-edits';
import type { Queryable } from '../../db/client.ts';
import { listSellers } from '../../modules/logistics/service.ts';
import type { OrderRow } from '../../modules/order/service.ts';
import { settingsOf, type ShopRow } from '../../modules/shop/service.ts';

/**
 * What 'Loja' of the edit dialog may choose: the order's store now (provider id), whether the shop's checkout asks
 * for one (its seller step, spec §4) and the shop's stores with their service fee and the table they price by.
 */
export async function storeChoices(
  db: Queryable,
  shop: ShopRow,
  order: OrderRow,
): Promise<OrderEdits['seller']> {
  const [sellers, tables] = await Promise.all([
    listSellers(db, shop.id),
    db.query<{ provider_id: string; name: string }>(
      'select provider_id, name from price_tables where shop_id = $1',
      [shop.id],
    ),
  ]);
  const tableName = (id: string | null) => tables.find((t) => t.provider_id === id)?.name ?? null;
  return {
    sellerId: order.checkout?.seller?.providerId ?? null,
    required: settingsOf(shop).steps.includes('Seller'),
    options: sellers.map((s) => ({
      id: s.provider_id,
      name: s.name,
      serviceFeeCents: s.service_tax_cents,
      priceTable: s.use_default_price_table ? tableName(s.default_price_table_id) : null,
    })),
  };
}
