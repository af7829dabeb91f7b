import type { FastifyInstance } from 'fastify';
import type { TrayConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { HttpTrayApi } from '../../adapters/tray/http-tray-api.ts';
import type { TrayApi } from '../../adapters/tray/tray-api.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ImportContext } from './import-runner.ts';
import type { LinkDeps } from './link-service.ts';
import { TokenCipher } from './token-cipher.ts';
import { TokenManager } from './token-manager.ts';

/** Everything the Tray module works with, built once per app (one token manager = one in-process single-flight). */
export type TrayContext = LinkDeps & {
  tokens: TokenManager;
  importContext: (leaseMs?: number) => ImportContext;
};

const contexts = new WeakMap<Db, TrayContext>();

/** Builds the Tray context for an app; `api` replaces the HTTP adapter (tests). */
export function createTrayContext(app: FastifyInstance, api?: TrayApi): TrayContext | null {
  const tray: TrayConfig = app.config.tray;
  if (!tray.consumerKey || !tray.consumerSecret || !tray.tokenKey) return null;
  const log = app.log.child({ module: 'tray' });
  const http =
    api ??
    new HttpTrayApi({
      consumerKey: tray.consumerKey,
      consumerSecret: tray.consumerSecret,
      ratePerMinute: tray.rateLimitPerMinute,
      retryBaseMs: tray.retryBaseMs,
      // Method and path only: Tray's query string carries the access token.
      onCall: (call) =>
        call.status === 429
          ? log.warn({ call }, 'tray rate limited, backing off')
          : log.debug({ call }, 'tray call'),
    });
  const cipher = new TokenCipher(tray.tokenKey);
  const tokens = new TokenManager(app.db, http, cipher);
  const context: TrayContext = {
    db: app.db,
    tray,
    api: http,
    cipher,
    log,
    tokens,
    importContext: (leaseMs = 120_000) => ({
      db: app.db,
      api: http,
      tokens,
      log,
      owner: tokens.owner,
      leaseMs,
    }),
  };
  contexts.set(app.db, context);
  return context;
}

/** The app's Tray context; 503 (trayNotConfigured) when consumer key, secret or token key are missing. */
export function trayContext(app: FastifyInstance): TrayContext {
  const context = contexts.get(app.db) ?? createTrayContext(app);
  if (!context) throw new AppError('unavailable', 'trayNotConfigured');
  return context;
}
