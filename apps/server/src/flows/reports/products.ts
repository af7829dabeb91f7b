/**
 * 'Relatórios › Produtos' (issue 37, docs/decisions/0058-product-reports.md): over a range of the shop's days, the
 * best sellers by value, by units and by weight (kilo products), the products viewed but rarely bought, the
 * sold-out days from the stock ledger and the searches that found nothing. Owners and managers only (the route).
 */
import {
  PRODUCT_LIST_SIZE,
  RARELY_BOUGHT_VIEWS,
  type ProductSales,
  type ProductsReport,
  type ProductsReportQuery,
} from '@vitrine/contracts/console-reports-products';
import type { Db } from '../../db/client.ts';
import { productViews, searchMisses } from '../../modules/analytics/service.ts';
import { productSalesIn, type ProductSalesRow } from '../../modules/order/service.ts';
import { soldOutDays } from '../../modules/stock/service.ts';
import { checkRange, type ReportViewer } from './range.ts';

/** The searches the report lists (the CSV has them all up to this). */
const SEARCH_TERMS = 200;

const salesOf = (r: ProductSalesRow): ProductSales => ({
  productId: r.product_id,
  name: r.name,
  soldInKilo: r.sold_in_kilo,
  orders: r.orders,
  valueCents: r.value_cents,
  units: r.units,
  weightKg: r.weight_kg,
});

/** The first PRODUCT_LIST_SIZE of `rows` by `key`, ties by name. */
function top<T extends { name: string }>(rows: T[], key: (r: T) => number): T[] {
  return rows
    .filter((r) => key(r) > 0)
    .sort((a, b) => key(b) - key(a) || a.name.localeCompare(b.name, 'pt-BR'))
    .slice(0, PRODUCT_LIST_SIZE);
}

export async function productsReport(
  db: Db,
  viewer: ReportViewer,
  q: ProductsReportQuery,
): Promise<ProductsReport> {
  checkRange(q);
  const zone = viewer.shop.timeZone;
  const shopId = viewer.shop.id;
  const [sales, views, soldOut, misses] = await Promise.all([
    productSalesIn(db, shopId, q.from, q.to, zone),
    productViews(db, shopId, q.from, q.to),
    soldOutDays(db, shopId, q.from, q.to, zone),
    searchMisses(db, shopId, q.from, q.to, SEARCH_TERMS),
  ]);
  const sold = sales.map(salesOf);
  const ordersOf = new Map(sold.map((s) => [s.productId, s.orders]));
  const viewed = views.map((v) => ({
    productId: v.product_id,
    name: v.name,
    views: v.views,
    orders: ordersOf.get(v.product_id) ?? 0,
  }));
  return {
    from: q.from,
    to: q.to,
    timeZone: zone,
    totals: {
      productsSold: sold.length,
      valueCents: sold.reduce((sum, s) => sum + s.valueCents, 0),
      views: viewed.reduce((sum, v) => sum + v.views, 0),
      searchMisses: misses.reduce((sum, m) => sum + m.searches, 0),
    },
    byValue: top(sold, (s) => s.valueCents),
    byUnits: top(
      sold.filter((s) => !s.soldInKilo),
      (s) => s.units,
    ),
    byWeight: top(
      sold.filter((s) => s.soldInKilo),
      (s) => s.weightKg,
    ),
    viewed: top(
      viewed.filter((v) => v.orders * RARELY_BOUGHT_VIEWS < v.views),
      (v) => v.views,
    ),
    soldOut: top(
      soldOut.map((s) => ({ productId: s.product_id, name: s.name, days: s.days })),
      (s) => s.days,
    ),
    searchMisses: misses.map((m) => ({
      term: m.term,
      searches: m.searches,
      days: m.days,
      lastDay: m.last_day,
    })),
  };
}
