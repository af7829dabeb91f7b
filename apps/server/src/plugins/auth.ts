import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SessionType } from '@vitrine/contracts/enums';
import { AppError } from '../lib/app-error.ts';
import { createTtlCache } from '../lib/ttl-cache.ts';
import { hasPlatformKey } from '../modules/session/platform-key.ts';
import { hashToken, resolveSession, type SessionContext } from '../modules/session/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session named by `Authorization: Bearer <code>`, when valid. */
    session: SessionContext | null;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{10,200})$/;

/**
 * Resolves the bearer session on every `/api` request; routes then call requireSession / requireAgent.
 * Live sessions are reused for `config.cache.sessionTtlMs` (keyed by the code's hash, never past their expiry).
 */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('session', null);
  const sessions = createTtlCache<SessionContext>({ max: 20_000, ttlMs: app.config.cache.sessionTtlMs });
  const lookup = async (code: string) => {
    const session = await sessions.getOrLoad(hashToken(code), () => resolveSession(app.db, code));
    return session && session.expiresAt.getTime() > Date.now() ? session : null;
  };
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header || !request.url.startsWith('/api/') || request.url.startsWith('/api/platform/')) return;
    if (hasPlatformKey(request, app.config)) return; // the chatbot platform's key is no session (demo inbox)
    const code = BEARER.exec(header)?.[1];
    if (!code) throw new AppError('unauthorized', 'sessionInvalid');
    request.session = await lookup(code);
    if (!request.session) throw new AppError('unauthorized', 'sessionInvalid');
  });
}

/** The request's session; 401 when the request carries none. */
export function requireSession(request: FastifyRequest): SessionContext {
  if (!request.session) throw new AppError('unauthorized', 'sessionRequired');
  return request.session;
}

/** The request's session when it belongs to a platform user (agent); 403 for contacts. */
export function requireAgent(request: FastifyRequest): SessionContext {
  const session = requireSession(request);
  if (session.sessionType !== SessionType.PlatformUser) throw new AppError('forbidden', 'agentOnly');
  return session;
}
