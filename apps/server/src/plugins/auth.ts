import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SessionType } from '@vitrine/contracts/enums';
import { AppError } from '../lib/app-error.ts';
import { resolveSession, type SessionContext } from '../modules/session/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session named by `Authorization: Bearer <code>`, when valid. */
    session: SessionContext | null;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{10,200})$/;

/** Resolves the bearer session on every `/api` request; routes then call requireSession / requireAgent. */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header || !request.url.startsWith('/api/') || request.url.startsWith('/api/platform/')) return;
    const code = BEARER.exec(header)?.[1];
    if (!code) throw new AppError('unauthorized', 'sessionInvalid');
    request.session = await resolveSession(app.db, code);
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
