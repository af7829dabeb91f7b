/**
 * The route table as declared: every method + URL with its options, collected by an `onRoute` hook registered
 * before any route. The attacker's suite walks it (src/security/authz-matrix.test.ts), so a route added later
 * is tested — or fails the suite until it is classified.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';

export type RouteEntry = { method: string; url: string; options: RouteOptions };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route declared on the app (HEAD twins of GET routes left out). */
    routeTable: RouteEntry[];
  }
}

export function registerRouteTable(app: FastifyInstance) {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' && table.some((r) => r.method === 'GET' && r.url === route.url)) continue;
      table.push({ method, url: route.url, options: route });
    }
  });
}
