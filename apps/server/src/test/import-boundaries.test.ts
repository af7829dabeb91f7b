/**
 * The server's import-boundary rule (apps/server/eslint-boundaries.js) can fail: each upward or sideways import
 * below, linted as if it sat at the given path, must be reported; the allowed directions must not be. No file of the
 * server or the web app imports one that imports it back, even through others: their file graphs have no circle
 * (decisions 0024, 0059).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  circlesOf,
  cyclesOf,
  fileGraph,
  moduleGraph,
  productionFiles,
  sourceFiles,
  SRC,
  tablesWritten,
  tableWriters,
} from './architecture-scan.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
/** The web app's files and how its imports name them (the web's own rules: a lazy page import counts, types do not). */
const WEB_SRC = `${root}apps/web/src`;
const WEB_GRAPH = { suffixes: ['', '.ts', '.tsx', '/index.ts', '/index.tsx'], lazy: true, types: false };
const eslint = new ESLint({ cwd: root });

/** The boundaries rules' messages for `code` placed at `path` (relative to apps/server/src). */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}apps/server/src/${path}` });
  return (result?.messages ?? []).filter((m) => m.ruleId?.startsWith('boundaries/')).map((m) => m.message);
}

// The first lint loads the whole config (plugins, the TypeScript resolver): seconds on a quiet machine, up to a
// minute on a busy one; done once here so no single case pays it against its own timeout.
beforeAll(() => boundaryErrors('lib/fixture.ts', 'export const warm = 1;'), 180_000);

describe('server import boundaries', () => {
  it.each([
    [
      'a module importing a flow (upward)',
      'modules/order/fixture.ts',
      "import { agentConfirmOrder } from '../../flows/checkout/agent-confirm.ts';",
    ],
    [
      'a module importing a route (upward)',
      'modules/order/fixture.ts',
      "import { orderRoutes } from '../../routes/storefront/order.ts';",
    ],
    [
      "a module importing another module's repository (sideways)",
      'modules/order/fixture.ts',
      "import { findProductByProviderId } from '../catalog/product-repository.ts';",
    ],
    [
      "a module importing another module's SQL (sideways)",
      'modules/checkout/fixture.ts',
      "import { orderItemsJsonSql } from '../order/line-repository.ts';",
    ],
    [
      'a flow importing a route',
      'flows/fixture.ts',
      "import { orderRoutes } from '../routes/storefront/order.ts';",
    ],
    ['db importing a module', 'db/fixture.ts', "import { settle } from '../modules/order/service.ts';"],
    ['lib importing a module', 'lib/fixture.ts', "import { getShop } from '../modules/shop/service.ts';"],
    [
      'an adapter importing a flow',
      'adapters/fixture.ts',
      "import { changePaymentMethod } from '../flows/checkout/change-payment-method.ts';",
    ],
    ['a file outside every layer', 'helpers/fixture.ts', 'export const one = 1;'],
  ])('reports %s', async (_name, path, code) => {
    expect(await boundaryErrors(path, code)).not.toEqual([]);
  });

  it('allows the downward imports, a module public face and packages', async () => {
    const route = [
      "import { agentConfirmOrder } from '../flows/checkout/agent-confirm.ts';",
      "import { getCurrentOrder } from '../modules/order/service.ts';",
      "import { requireSession } from '../plugins/auth.ts';",
      "import { ok } from '../lib/envelope.ts';",
      "import { z } from 'zod';",
      'export const all = [agentConfirmOrder, getCurrentOrder, requireSession, ok, z];',
    ].join('\n');
    expect(await boundaryErrors('routes/fixture.ts', route)).toEqual([]);
    const module = [
      "import { findCurrentOrder } from './repository.ts';",
      "import { getShop } from '../shop/service.ts';",
      "import type { Queryable } from '../../db/client.ts';",
      "import type { Config } from '../../config.ts';",
      "import { OrderStatus } from '@vitrine/contracts/enums';",
      "import { createHash } from 'node:crypto';",
      'export const all = [findCurrentOrder, getShop, OrderStatus, createHash];',
      'export type Both = [Queryable, Config];',
    ].join('\n');
    expect(await boundaryErrors('modules/order/fixture.ts', module)).toEqual([]);
  });
});

/**
 * Routes, flows, plugins and db/seed reach a module through its face only (issue 30): each import below is refused
 * from the module's own file and allowed, for the same name, from the module's service.ts.
 */
describe('module faces', () => {
  it.each([
    ['a route', 'findBoardOrder', '../../modules/order/board-repository.ts', 'routes/console/fixture.ts'],
    ['a route', 'saveProductsIn', '../../modules/catalog/product-writer.ts', 'routes/console/fixture.ts'],
    ['a flow', 'staffMoves', '../../modules/order/staff-moves.ts', 'flows/orders/fixture.ts'],
    ['a flow', 'createCoupon', '../../modules/checkout/coupon-admin.ts', 'flows/sales/fixture.ts'],
    ['a plugin', 'requirePlatformKey', '../modules/session/platform-key.ts', 'plugins/fixture.ts'],
    ['db/seed', 'saveProductsIn', '../../modules/catalog/product-writer.ts', 'db/seed/fixture.ts'],
    ['the CLI', 'startOutboxWorker', '../modules/outbox/worker.ts', 'cli/fixture.ts'],
  ])('%s importing %s from %s is refused; from the face, allowed', async (_who, name, internal, path) => {
    const face = internal.replace(/[^/]+\.ts$/, 'service.ts');
    const code = (from: string) => `import { ${name} } from '${from}';\nexport const all = [${name}];`;
    expect(await boundaryErrors(path, code(internal))).not.toEqual([]);
    expect(await boundaryErrors(path, code(face))).toEqual([]);
  });
});

describe('file cycles', () => {
  it('the file graph finds a circle through several files and type imports, and none in the server, tests included', () => {
    const fixture = [
      { path: 'lib/a.ts', text: "import { b } from './b.ts';" },
      { path: 'lib/b.ts', text: "import type {\n  C,\n} from '../db/c.ts';" },
      { path: 'db/c.ts', text: "export { a } from '../lib/a.ts';" },
      { path: 'db/d.ts', text: "import '../lib/a.ts';" },
    ];
    expect(circlesOf(fileGraph(fixture))).toEqual([['db/c.ts', 'lib/a.ts', 'lib/b.ts']]);
    const graph = fileGraph(sourceFiles(SRC, /\.ts$/));
    expect(graph.get('modules/order/service.ts')?.has('modules/order/change.ts')).toBe(true);
    expect(graph.get('modules/order/order-items.test.ts')?.size).toBeGreaterThan(0);
    expect(circlesOf(graph)).toEqual([]);
  });

  it('the web graph follows names without extension and lazy imports, not type imports; none in the web app', () => {
    const fixture = [
      { path: 'orders/labels.ts', text: "import { Board } from './board';" },
      { path: 'orders/board.tsx', text: "import { labels } from './labels';" },
      { path: 'orders/page.tsx', text: "export const page = () => import('./detail');" },
      { path: 'orders/detail.tsx', text: "import { page } from './page';" },
      { path: 'orders/columns.ts', text: "import { labels } from './labels';" },
      { path: 'orders/types.ts', text: "import type { Row } from './row';" },
      { path: 'orders/row.ts', text: "import type { Types } from './types';" },
    ];
    expect(circlesOf(fileGraph(fixture, WEB_GRAPH))).toEqual([
      ['orders/board.tsx', 'orders/labels.ts'],
      ['orders/detail.tsx', 'orders/page.tsx'],
    ]);
    const graph = fileGraph(sourceFiles(WEB_SRC, /\.tsx?$/), WEB_GRAPH);
    expect(graph.get('app/routes.tsx')?.size).toBeGreaterThan(0);
    expect(circlesOf(graph)).toEqual([]);
  });
});

/**
 * One owner per table (docs/architecture.md "Tables and their owning repositories"): the only production files
 * that may write each table. A write from any other file, or to a table missing here, fails the test.
 */
const TABLE_OWNERS: Record<string, string[]> = {
  shops: ['modules/shop/repository.ts'],
  shop_logos: ['modules/shop/logo-repository.ts'],
  shop_feed_tokens: ['modules/shop/feed-token.ts'],
  sessions: ['modules/session/repository.ts'],
  agents: ['modules/session/repository.ts'],
  contacts: ['modules/customer/repository.ts'],
  contact_identities: ['modules/customer/repository.ts'],
  addresses: ['modules/customer/repository.ts'],
  // The catalogue's writers (decision 0031); Tray's page importer is the second writer until it moves onto them.
  ...Object.fromEntries(
    ['products', 'product_specifications', 'subscription_offers'].map((table) => [
      table,
      ['modules/catalog/product-writer.ts', 'modules/tray/catalog-writer.ts'],
    ]),
  ),
  ...Object.fromEntries(
    ['product_variants', 'product_attributes', 'attribute_options'].map((table) => [
      table,
      ['modules/catalog/variant-writer.ts', 'modules/tray/catalog-writer.ts'],
    ]),
  ),
  categories: ['modules/catalog/category-writer.ts', 'modules/tray/catalog-writer.ts'],
  collections: ['modules/catalog/collection-writer.ts'],
  collection_products: ['modules/catalog/collection-writer.ts'],
  product_images: ['modules/photos/repository.ts', 'modules/tray/catalog-writer.ts'],
  photo_files: ['modules/photos/repository.ts'],
  tray_products: ['modules/tray/catalog-writer.ts'],
  orders: [
    'modules/order/repository.ts',
    'modules/order/cart-repository.ts',
    'modules/order/staff-repository.ts',
  ],
  order_items: ['modules/order/cart-repository.ts'],
  gift_rules: ['modules/order/gift-rules.ts'],
  gift_rule_products: ['modules/order/gift-rules.ts'],
  slot_reservations: ['modules/logistics/schedule-repository.ts'],
  coupons: ['modules/checkout/coupon-repository.ts'],
  // The console's 'Vendas › Tabelas de preço' (decision 0039).
  price_tables: ['modules/checkout/price-table-repository.ts'],
  price_table_prices: ['modules/checkout/price-table-repository.ts'],
  shop_pix: ['modules/payment/pix-receiver.ts'],
  // The console's delivery setup (decision 0036).
  sellers: ['modules/logistics/setup-repository.ts'],
  logistic_options: ['modules/logistics/setup-repository.ts'],
  ...Object.fromEntries(
    ['delivery_schedules', 'schedule_windows', 'schedule_exceptions', 'schedule_slots'].map((table) => [
      table,
      ['modules/logistics/schedule-writer.ts'],
    ]),
  ),
  payments: ['modules/payment/repository.ts'],
  payment_events: ['modules/payment/repository.ts'],
  payment_ledger: ['modules/payment/ledger.ts'],
  order_edits: ['modules/order/edit-repository.ts'],
  whatsapp_catalog_orders: ['modules/order/catalog-order-repository.ts'],
  order_refunds: ['modules/payment/refund-repository.ts'],
  order_refund_lines: ['modules/payment/refund-repository.ts'],
  shop_pix_bank: ['modules/payment/pix-bank-account.ts'],
  shop_payment_settings: ['modules/payment/account.ts'],
  order_card_plans: ['modules/payment/plan-repository.ts'],
  idempotency_keys: ['modules/payment/idempotency.ts'],
  outbox: ['modules/outbox/repository.ts', 'modules/outbox/status-repository.ts'],
  shop_channels: ['modules/messaging/channel-registry.ts'],
  shop_whatsapp_options: ['modules/messaging/whatsapp-options.ts'],
  shop_events: ['modules/live-events/repository.ts'],
  order_events: ['modules/live-events/order-repository.ts'],
  tray_stores: ['modules/tray/link-repository.ts', 'modules/tray/token-manager.ts'],
  tray_auth_codes: ['modules/tray/link-repository.ts'],
  tray_import_jobs: ['modules/tray/job-repository.ts', 'modules/tray/link-repository.ts'],
  tray_request_budget: ['modules/tray/budget-repository.ts'],
  catalog_import_jobs: ['modules/catalog-import/job-repository.ts'],
  chatbot_credentials: ['modules/tray/chatbot-credentials.ts'],
  staff_users: ['modules/staff/user-repository.ts'],
  shop_staff: ['modules/staff/membership-repository.ts'],
  staff_sessions: ['modules/staff/session-repository.ts'],
  staff_invitations: ['modules/staff/invitation-repository.ts'],
  staff_tokens: ['modules/staff/token-repository.ts'],
  audit_log: ['modules/audit/repository.ts'],
  // Abandoned-cart recovery (issue 36, decision 0057).
  recovery_rules: ['modules/recovery/rules-repository.ts'],
  recovery_reminders: ['modules/recovery/reminders-repository.ts'],
  recovery_recoveries: ['modules/recovery/reminders-repository.ts'],
  recovery_contacts: ['modules/recovery/contacts.ts'],
  recovery_scan: ['modules/recovery/scan.ts'],
  // Stock (decision 0044): stock_levels has no writer here — migration 0050's triggers keep it.
  stock_settings: ['modules/stock/repository.ts'],
  stock_movements: ['modules/stock/repository.ts'],
  stock_api_requests: ['modules/stock/repository.ts'],
  // Relatórios › Produtos' daily counts (issue 37, decision 0058).
  search_misses: ['modules/analytics/repository.ts'],
  product_view_days: ['modules/analytics/repository.ts'],
  product_view_months: ['modules/analytics/repository.ts'],
  // Relatórios' sales rollups and the days they must recompute (decisions 0058, 0063, 0068).
  product_sales_days: ['modules/order/sales-days.ts'],
  product_sales_months: ['modules/order/sales-days.ts'],
  product_sales_dirty: ['modules/order/sales-days.ts'],
  sales_days: ['modules/order/sales-days.ts'],
  sales_months: ['modules/order/sales-days.ts'],
  funnel_days: ['modules/order/funnel-days.ts'],
  funnel_deltas: ['modules/order/funnel-days.ts'],
  read_marks: ['db/read-marks.ts'],
  schema_migrations: ['db/migrate.ts'],
};

describe('server modules and tables', () => {
  const files = productionFiles();

  it('finds a cycle and a write when there is one (the checks below can fail)', () => {
    const graph = new Map([
      ['order', new Set(['catalog'])],
      ['catalog', new Set(['shop', 'order'])],
      ['shop', new Set<string>()],
    ]);
    expect(cyclesOf(graph)).toEqual([['order', 'catalog', 'order']]);
    expect(
      tablesWritten(`with t as (update orders set total_cents = $1 where id = $2 returning id)
        insert into order_items (id) values ($3); delete from contacts where id = $4`),
    ).toEqual(['order_items', 'orders', 'contacts']);
  });

  it('no module imports another that imports it back, even through others or for types', () => {
    const graph = moduleGraph(files);
    expect(graph.size).toBeGreaterThan(10);
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('each table is written only by its owning repository', () => {
    const writers = tableWriters(files);
    expect(writers.get('orders')).toBeDefined();
    const strays = [...writers].flatMap(([table, paths]) =>
      paths.filter((path) => !TABLE_OWNERS[table]?.includes(path)).map((path) => `${table} ← ${path}`),
    );
    expect(strays).toEqual([]);
  });

  it('the owners are the ones docs/architecture.md lists', () => {
    const doc = readFileSync(`${SRC}../../../docs/architecture.md`, 'utf8');
    const owners = new Set(Object.values(TABLE_OWNERS).flat());
    expect([...owners].filter((path) => !doc.includes(path))).toEqual([]);
  });
});
