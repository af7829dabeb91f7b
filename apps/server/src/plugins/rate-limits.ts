/**
 * Rate limits (docs/decisions/0015-threat-model-and-modes.md): guessing and hammering cost time. Three kinds:
 * - password attempts (console sign-in, accepting an invitation with an existing account): counted atomically
 *   BEFORE the password is checked, per e-mail from one address, per address and per e-mail from everywhere, and
 *   given back when the answer was not a wrong password — so thirty at once check at most the budget;
 * - failures of long secrets (platform key; unknown session codes on `/api/session/:code` and as bearer) per
 *   address: counted after a refusal, checked before (high-entropy secrets: a burst gains nothing);
 * - actions: every confirm, pay and send call per session and per address; forgotten-password e-mails per
 *   e-mail and per address.
 * Over a budget: 429, `Retry-After` and the pt-BR envelope. Counters (plugins/rate-store.ts) live in this process,
 * or in Redis when REDIS_URL is set so every instance shares them. When the store cannot answer, each budget
 * decides (`WHEN_STORE_DOWN`): passwords, reset e-mails and payments refuse (503); the rest let the call through.
 * The client IP is the socket's unless TRUST_PROXY is set. Routes are picked from the route table (method + URL).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { AppError } from '../lib/app-error.ts';
import { memoryRateStore, redisRateStore, type Count, type RateStore } from './rate-store.ts';

const MINUTE = 60_000;

export const DEFAULT_RATE_LIMITS = {
  platformKeyFailures: { max: 10, windowMs: 10 * MINUTE },
  sessionLookupFailures: { max: 30, windowMs: 10 * MINUTE },
  confirm: { perSession: 10, perIp: 60, windowMs: MINUTE },
  pay: { perSession: 10, perIp: 60, windowMs: MINUTE },
  send: { perSession: 30, perIp: 180, windowMs: MINUTE },
  /**
   * Password attempts (console sign-in, invitation acceptance): per e-mail from one address, per address, and per
   * e-mail from every address together — high enough that one address cannot lock the owner out; the owner can
   * always sign in through the e-mailed reset link.
   */
  consoleSignIn: { perEmailAndIp: 10, perIp: 50, perEmail: 100, windowMs: 15 * MINUTE },
  /** Forgotten-password e-mails: every request, per e-mail and per IP. */
  consoleReset: { perEmail: 3, perIp: 20, windowMs: 15 * MINUTE },
};
export type LimitName = keyof typeof DEFAULT_RATE_LIMITS;

/** With the store down: refuse where a guess or a charge would go unchecked, let through where a sale would stop. */
export const WHEN_STORE_DOWN: Record<LimitName, 'refuse' | 'allow'> = {
  consoleSignIn: 'refuse',
  consoleReset: 'refuse',
  pay: 'refuse',
  // Session codes and the platform key are long random secrets: an outage's missing count gives a guess
  // nothing, while refusing would stop every storefront and the chatbot with Redis.
  platformKeyFailures: 'allow',
  sessionLookupFailures: 'allow',
  confirm: 'allow',
  send: 'allow',
};

type Action = 'confirm' | 'pay' | 'send';
/** Calls that act on an order or reach a contact or a gateway, by `METHOD url` of the route table. */
const ACTIONS: Record<string, Action> = {
  'GET /api/order/confirm': 'confirm',
  'POST /api/order/confirm': 'confirm',
  'POST /api/order/payment/credit': 'pay',
  'POST /api/order/payment/mercadoPago': 'pay',
  'POST /api/order/payment/charge': 'pay',
  'POST /api/order/payment/link': 'pay',
  'POST /api/order/send/product/:id': 'send',
  'GET /api/order/send/catalog': 'send',
  'GET /api/order/send/resume': 'send',
  'POST /api/order/semiautomatic': 'send',
};
/** Routes that check a password: the key a guess aims at (the e-mail, or the invitation that names one). */
const PASSWORD_ROUTES: Record<string, (body: Record<string, unknown>) => unknown> = {
  'POST /api/console/session': (body) => body.email,
  'POST /api/console/invitations/accept': (body) => body.token,
};
const CONSOLE_FORGOT = 'POST /api/console/password/forgot';
const PLATFORM = '/api/platform/';
const SESSION_LOOKUP = '/api/session/:code';

/** 'em 40 segundos', 'em 10 minutos'. */
function waitText(seconds: number): string {
  if (seconds < 120) return `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`;
  return `${Math.ceil(seconds / 60)} minutos`;
}

function refuse(reply: FastifyReply, ttlMs: number): never {
  const wait = Math.max(1, Math.ceil(ttlMs / 1000));
  reply.header('retry-after', String(wait));
  throw new AppError('rateLimited', 'rateLimited', { wait: waitText(wait) });
}

const addHook = (route: RouteOptions, name: 'onRequest' | 'preValidation' | 'onResponse', hook: unknown) => {
  const hooks = [route[name] ?? []].flat() as unknown[];
  (route as unknown as Record<string, unknown>)[name] = [...hooks, hook];
};

type Counter = { key: string; max: number; windowMs: number };
declare module 'fastify' {
  interface FastifyRequest {
    /** Password attempts this request counted, given back unless it answered 401. */
    rateAttempts?: string[];
  }
}

/** Registers the limits; call before the auth hook and before any route is declared. */
export async function registerRateLimits(app: FastifyInstance) {
  const { rateLimits } = app.config;
  const store: RateStore = rateLimits.redisUrl
    ? redisRateStore(rateLimits.redisUrl, rateLimits.namespace)
    : memoryRateStore();
  app.addHook('onClose', () => store.close());
  const limits = DEFAULT_RATE_LIMITS;
  const scaled = (max: number) => max * rateLimits.scale;

  /** Runs a store call; a store that cannot answer refuses (503) or lets the request through, per budget. */
  const guarded = async <T>(request: FastifyRequest, limit: LimitName, call: () => Promise<T>) => {
    try {
      return await call();
    } catch (error) {
      request.log.warn({ err: error, limit }, 'rate limit store unavailable');
      if (WHEN_STORE_DOWN[limit] === 'refuse') throw new AppError('unavailable', 'rateLimitUnavailable');
      return undefined;
    }
  };
  /** Counts one call on every counter; over any budget: 429 (the counts given back when `refund`). */
  const hitAll = async (
    request: FastifyRequest,
    reply: FastifyReply,
    limit: LimitName,
    counters: Counter[],
    refund: boolean,
  ) => {
    const counts = await guarded(request, limit, () =>
      Promise.all(counters.map((c) => store.hit(c.key, c.windowMs))),
    );
    if (!counts) return false;
    const over = counts.findIndex((count, i) => count.count > counters[i]!.max);
    if (over < 0) return true;
    if (refund) await guarded(request, limit, () => Promise.all(counters.map((c) => store.refund(c.key))));
    refuse(reply, counts[over]!.ttlMs);
  };

  const byIp = (request: FastifyRequest) => normalizeIP(request.ip);
  const bySession = (request: FastifyRequest) => request.session?.id ?? `ip:${byIp(request)}`;

  /** A budget of failures of a long secret: peeked before the request, counted by a failed answer. */
  const failures = (
    name: string,
    limit: 'platformKeyFailures' | 'sessionLookupFailures',
    failed: (request: FastifyRequest, reply: FastifyReply) => boolean,
  ) => {
    const { max, windowMs } = limits[limit];
    const key = (request: FastifyRequest) => `${name}|${byIp(request)}`;
    return {
      before: async (request: FastifyRequest, reply: FastifyReply) => {
        const state: Count | undefined = await guarded(request, limit, () => store.peek(key(request)));
        if (state && state.count >= scaled(max)) refuse(reply, state.ttlMs);
      },
      after: async (request: FastifyRequest, reply: FastifyReply) => {
        if (failed(request, reply)) await guarded(request, limit, () => store.hit(key(request), windowMs));
      },
    };
  };
  const platformKey = failures('key', 'platformKeyFailures', (_r, reply) => reply.statusCode === 401);
  const sessionCodes = failures('code', 'sessionLookupFailures', (request, reply) =>
    request.routeOptions.url === SESSION_LOOKUP ? reply.statusCode === 404 : reply.statusCode === 401,
  );
  const bearer = (request: FastifyRequest) =>
    request.url.startsWith('/api/') && !request.url.startsWith(PLATFORM) && !!request.headers.authorization;

  // Guessed bearer codes: checked before the auth hook resolves them, spent when it refuses them.
  app.addHook('onRequest', async (request, reply) => {
    if (bearer(request)) await sessionCodes.before(request, reply);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (bearer(request) && request.routeOptions.url !== SESSION_LOOKUP)
      await sessionCodes.after(request, reply);
  });

  const action = (name: Action) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { perSession, perIp, windowMs } = limits[name];
    await hitAll(
      request,
      reply,
      name,
      [
        { key: `${name}:s|${bySession(request)}`, max: scaled(perSession), windowMs },
        { key: `${name}:ip|${byIp(request)}`, max: scaled(perIp), windowMs },
      ],
      false,
    );
  };

  const text = (value: unknown) =>
    typeof value === 'string' ? value.trim().toLowerCase().slice(0, 254) : '';
  const bodyOf = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;
  /** Password attempts: counted before the check, given back (onResponse) unless the answer was a 401. */
  const passwordAttempt =
    (target: (body: Record<string, unknown>) => unknown) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const { perEmailAndIp, perIp, perEmail, windowMs } = limits.consoleSignIn;
      const aim = text(target(bodyOf(request)));
      const ip = byIp(request);
      const counters = [
        { key: `signin:e+ip|${aim}|${ip}`, max: scaled(perEmailAndIp), windowMs },
        { key: `signin:ip|${ip}`, max: scaled(perIp), windowMs },
        { key: `signin:e|${aim}`, max: scaled(perEmail), windowMs },
      ];
      if (await hitAll(request, reply, 'consoleSignIn', counters, true))
        request.rateAttempts = counters.map((c) => c.key);
    };
  const giveBack = async (request: FastifyRequest, reply: FastifyReply) => {
    const keys = request.rateAttempts;
    if (!keys || reply.statusCode === 401) return;
    await guarded(request, 'consoleSignIn', () => Promise.all(keys.map((key) => store.refund(key))));
  };
  const forgot = async (request: FastifyRequest, reply: FastifyReply) => {
    const { perEmail, perIp, windowMs } = limits.consoleReset;
    await hitAll(
      request,
      reply,
      'consoleReset',
      [
        { key: `forgot:e|${text(bodyOf(request).email)}`, max: scaled(perEmail), windowMs },
        { key: `forgot:ip|${byIp(request)}`, max: scaled(perIp), windowMs },
      ],
      false,
    );
  };

  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const name = `${method} ${route.url}`;
      const target = PASSWORD_ROUTES[name];
      if (target) {
        addHook(route, 'preValidation', passwordAttempt(target));
        addHook(route, 'onResponse', giveBack);
      }
      if (name === CONSOLE_FORGOT) addHook(route, 'preValidation', forgot);
      const act = ACTIONS[name];
      if (act) addHook(route, 'onRequest', action(act));
    }
    if (route.url.startsWith(PLATFORM)) {
      addHook(route, 'onRequest', platformKey.before);
      addHook(route, 'onResponse', platformKey.after);
    } else if (route.url === SESSION_LOOKUP) {
      addHook(route, 'onRequest', sessionCodes.before);
      addHook(route, 'onResponse', sessionCodes.after);
    }
  });
}
