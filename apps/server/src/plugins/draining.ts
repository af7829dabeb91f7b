/**
 * Draining for rolling restarts behind a balancer (issue 15, docs/decisions/0020-several-instances.md): once
 * `startDraining(app)` is called (SIGTERM, server.ts), `/healthz` answers 503 so the balancer takes the instance
 * out, while every request that still arrives is served as usual, each answer closing its connection so clients
 * and the balancer open the next one elsewhere.
 */
import type { FastifyInstance } from 'fastify';

const draining = new WeakSet<FastifyInstance>();

export function registerDraining(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining.has(app)) reply.header('connection', 'close');
    return payload;
  });
}

export function startDraining(app: FastifyInstance): void {
  draining.add(app);
}

export function isDraining(app: FastifyInstance): boolean {
  return draining.has(app);
}
