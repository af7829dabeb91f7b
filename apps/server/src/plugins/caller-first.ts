/**
 * Who calls is checked before what they send (issue 39, item 7): a route's caller check runs in `preValidation`,
 * before the schema, so a contact calling an agent-only route gets 403 and an anonymous caller 401 — never a 400
 * describing the body. Storefront routes by `METHOD url` (the classification the attacker's suite's matrix
 * holds, `security/authz-matrix.test.ts`); console shop routes need a signed-in staff user (and the CSRF header
 * on unsafe methods) — the role on the shop is still checked by the route; platform routes check the key in
 * their own `preValidation`. `security/caller-first.test.ts` walks the route table: no route but the public
 * ones answers an anonymous, malformed request with 400.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { requireAgent, requireSession } from './auth.ts';
import { requireStaff } from './staff-auth.ts';

/** Storefront routes only an agent's session may call. */
const AGENT_ROUTES = new Set([
  'GET /api/order/seller/',
  'POST /api/order/seller/',
  'GET /api/order/price-tables',
  'POST /api/order/price-tables/:id',
  'POST /api/order/discount',
  'POST /api/order/logistic/manual',
  'POST /api/order/send/product/:id',
  'GET /api/order/send/catalog',
  'GET /api/order/send/resume',
  'POST /api/order/semiautomatic',
  'GET /api/order/messages',
  'POST /api/order/pix/manual',
  'GET /api/tray/import/status',
  'POST /api/tray/import',
  'POST /api/order/confirm',
  'GET /api/order/cancel',
]);
/** Storefront routes any session (contact or agent) may call. */
const SESSION_ROUTES = new Set([
  'GET /api/shop/settings',
  'GET /api/order/current',
  'POST /api/order/items/',
  'POST /api/order/gift/',
  'GET /api/order/confirm',
  'GET /api/catalog/products/:id',
  'GET /api/catalog/categories',
  'GET /api/catalog/top',
  'POST /api/catalog/products/search',
  'POST /api/catalog/products/searchText',
  'GET /api/catalog/products/collections/:id',
  'GET /api/catalog/products/byids/*',
  'GET /api/catalog/products/facets',
  'POST /api/customer/update',
  'POST /api/order/address/',
  'GET /api/order/address/cep/:postalCode',
  'GET /api/order/logistic/',
  'POST /api/order/logistic/',
  'GET /api/order/stores/',
  'GET /api/order/schedule',
  'POST /api/order/schedule',
  'GET /api/order/payments/',
  'POST /api/order/payment/method',
  'POST /api/order/payment/delivery',
  'POST /api/order/coupon/',
  'GET /api/order/payment',
  'GET /api/order/payment/credit',
  'POST /api/order/payment/credit/installments',
  'POST /api/order/payment/credit',
  'GET /api/order/payment/update',
  'POST /api/order/payment/charge',
  'POST /api/order/payment/link',
  'POST /api/order/payment/mercadoPago',
  'GET /api/order/payment/status/:paymentId',
  'GET /api/order/:orderId/account/',
  'GET /api/order/:orderId/events',
  'GET /api/order/edits/:editId',
  'POST /api/order/edits/:editId/accept',
  'POST /api/order/edits/:editId/decline',
  'GET /api/order/placed/:orderId/delivery',
  'POST /api/order/placed/:orderId/delivery',
  'GET /api/order/placed/:orderId/payment',
  'POST /api/order/placed/:orderId/payment',
]);
const CONSOLE_SHOP = '/api/console/shops/';

export type Caller = 'agent' | 'session' | 'staff';

/** Who may call `method url`, when the route needs a caller this plugin checks first. */
export function callerOf(method: string, url: string): Caller | null {
  const key = `${method} ${url}`;
  if (AGENT_ROUTES.has(key)) return 'agent';
  if (SESSION_ROUTES.has(key)) return 'session';
  if (url.startsWith(CONSOLE_SHOP)) return 'staff';
  return null;
}

const CHECKS: Record<Caller, (request: FastifyRequest) => unknown> = {
  agent: requireAgent,
  session: requireSession,
  staff: (request) => requireStaff(request),
};

/** Registers the checks; call before any route is declared. */
export function registerCallerFirst(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const callers = [route.method]
      .flat()
      .map((method) => callerOf(method, route.url))
      .filter((c): c is Caller => c !== null);
    const caller = callers[0];
    if (!caller) return;
    const check = CHECKS[caller];
    const hooks = [route.preValidation ?? []].flat() as unknown[];
    route.preValidation = [
      async (request: FastifyRequest) => void (await check(request)),
      ...hooks,
    ] as RouteOptions['preValidation'];
  });
}
