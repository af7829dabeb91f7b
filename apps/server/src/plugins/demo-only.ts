/**
 * Demo fencing (docs/decisions/0015-threat-model-and-modes.md). Routes under `/api/dev/` exist for the demo only:
 * outside demo mode they answer 404, like the `/dev/…` pages. In demo mode the inbox (and any other dev route
 * not listed as public) answers only this machine — a loopback client address, which a forwarded-for header
 * cannot fake unless TRUST_PROXY is set — or a caller with the platform key. The sandbox's boleto PDF is public
 * in demo mode because a contact opens it from a chat; its route checks the signed link or the order's session.
 */
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { hasPlatformKey } from '../modules/session/service.ts';

const DEV_API = '/api/dev/';
/** Dev routes any client may call in demo mode (they guard themselves). */
const PUBLIC_DEV_ROUTES = new Set(['/api/dev/payments/boleto/:file']);

/** True for a loopback client address (IPv4 127/8, IPv6 ::1, or IPv4-mapped loopback). */
export function isLoopback(ip: string): boolean {
  return ip === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip);
}

const addHook = (route: RouteOptions, hook: onRequestHookHandler) => {
  route.onRequest = [...[route.onRequest ?? []].flat(), hook];
};

/** Fences demo routes and pages; register before the routes are declared. */
export function registerDemoOnly(app: FastifyInstance) {
  const { config } = app;
  const local = (request: FastifyRequest) => isLoopback(request.ip) || hasPlatformKey(request, config);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(DEV_API)) return;
    addHook(route, async (request) => {
      if (!config.demoMode) throw new AppError('notFound', 'routeNotFound');
      if (!PUBLIC_DEV_ROUTES.has(route.url) && !local(request))
        throw new AppError('forbidden', 'demoLocalOnly');
    });
  });
  if (!config.demoMode) {
    app.addHook('onRequest', async (request) => {
      if (/^\/dev(\/|$|\?)/.test(request.url)) throw new AppError('notFound', 'routeNotFound');
    });
  }
}
