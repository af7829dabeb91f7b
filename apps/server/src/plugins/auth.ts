import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SessionType } from '@vitrine/contracts/enums';
import { AppError } from '../lib/app-error.ts';
import { createTtlCache } from '../lib/ttl-cache.ts';
import {
  hasPlatformKey,
  hashToken,
  resolveSession,
  SESSIONS_ENDED_CHANNEL,
  type SessionContext,
  type SessionsEndedNotice,
} from '../modules/session/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session named by `Authorization: Bearer <code>`, when valid. */
    session: SessionContext | null;
  }
  interface FastifyInstance {
    /** Drops ended sessions (by token hash) from this instance's cache; the others hear it from the database. */
    forgetSessions(tokenHashes: string[]): void;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{10,200})$/;

const TOKEN_HASH = /^[0-9a-f]{64}$/;

/**
 * Resolves the bearer session on every `/api` request; routes then call requireSession / requireAgent.
 * Live sessions are reused for `config.cache.sessionTtlMs` (keyed by the code's hash, never past their expiry).
 * A session ended early (its staff member removed, demoted, reset or signed out everywhere) is dropped from
 * the cache of the instance that ended it at once, and of every other instance when the database's
 * notification on SESSIONS_ENDED_CHANNEL arrives (milliseconds). While that LISTEN connection is down, a cached
 * session lives at most 1.2 × SESSION_CACHE_SECONDS; when it comes back the whole cache is dropped, since
 * notifications may have been missed (decision 0015). The same notice ends the open event streams of those
 * sessions and the console streams of the staff member (plugins/live-events.ts).
 */
export async function registerAuth(app: FastifyInstance) {
  app.decorateRequest('session', null);
  const sessions = createTtlCache<SessionContext>({ max: 20_000, ttlMs: app.config.cache.sessionTtlMs });
  const forget = (hashes: unknown) => {
    if (Array.isArray(hashes))
      for (const hash of hashes) if (typeof hash === 'string' && TOKEN_HASH.test(hash)) sessions.delete(hash);
  };
  const lookup = async (code: string) => {
    const session = await sessions.getOrLoad(hashToken(code), () => resolveSession(app.db, code));
    return session && session.expiresAt.getTime() > Date.now() ? session : null;
  };
  app.decorate('forgetSessions', forget);
  const strings = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  try {
    const stop = await app.db.listen(SESSIONS_ENDED_CHANNEL, (payload) => {
      if (payload === null) return sessions.clear();
      let notice: SessionsEndedNotice;
      try {
        notice = JSON.parse(payload) as SessionsEndedNotice;
      } catch {
        return; // not ours
      }
      forget(notice.ended);
      for (const id of strings(notice.sessions)) app.endStreamsOf(`session:${id}`);
      if (typeof notice.staff === 'string') app.endStreamsOf(`staff:${notice.staff}`);
    });
    app.addHook('onClose', async () => {
      await stop();
    });
  } catch (error) {
    // Without LISTEN a session ended on another instance is refused here within the cache's TTL.
    app.log.error({ err: error }, 'sessions ended: LISTEN failed');
  }

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
