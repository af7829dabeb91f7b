/**
 * Rate limits (@fastify/rate-limit; docs/decisions/0015-threat-model-and-modes.md): guessing and hammering cost
 * time. Failed attempts only are counted for secrets — platform-key failures, unknown session codes on
 * `/api/session/:code` and as bearer — per client IP; confirm, pay and send calls are counted per session and per
 * IP; console sign-in failures and forgotten-password requests per e-mail and per IP. Over a budget: 429, `Retry-After` and the pt-BR envelope. Counters live in this process, or in Redis when
 * REDIS_URL is set so every instance shares them. The client IP is the socket's unless TRUST_PROXY is set.
 * Routes are picked from the route table (method + URL), so route files carry nothing.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.ts';

const MINUTE = 60_000;
type Budget = { max: number; windowMs: number };
type ActionBudget = { perSession: number; perIp: number; windowMs: number };
type EmailBudget = { perEmail: number; perIp: number; windowMs: number };

export const DEFAULT_RATE_LIMITS = {
  platformKeyFailures: { max: 10, windowMs: 10 * MINUTE },
  sessionLookupFailures: { max: 30, windowMs: 10 * MINUTE },
  confirm: { perSession: 10, perIp: 60, windowMs: MINUTE },
  pay: { perSession: 10, perIp: 60, windowMs: MINUTE },
  send: { perSession: 30, perIp: 180, windowMs: MINUTE },
  /** Console sign-in: failed attempts, per e-mail and per IP. */
  consoleSignIn: { perEmail: 10, perIp: 50, windowMs: 15 * MINUTE },
  /** Forgotten-password e-mails: every request, per e-mail and per IP. */
  consoleReset: { perEmail: 3, perIp: 20, windowMs: 15 * MINUTE },
} satisfies Record<string, Budget | ActionBudget | EmailBudget>;

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
/** Console calls that name an e-mail: budgets per e-mail and per IP (failures only for sign-in). */
const CONSOLE_SIGN_IN = 'POST /api/console/session';
const CONSOLE_FORGOT = 'POST /api/console/password/forgot';
const PLATFORM = '/api/platform/';
const SESSION_LOOKUP = '/api/session/:code';

type Limiter = (
  request: FastifyRequest,
  options?: { increment: boolean },
) => Promise<{
  isAllowed: boolean;
  isExceeded?: boolean;
  remaining?: number;
  ttlInSeconds?: number;
}>;

/** 'em 40 segundos', 'em 10 minutos'. */
function waitText(seconds: number): string {
  if (seconds < 120) return `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`;
  return `${Math.ceil(seconds / 60)} minutos`;
}

function refuse(reply: FastifyReply, seconds: number): never {
  const wait = Math.max(1, seconds);
  reply.header('retry-after', String(wait));
  throw new AppError('rateLimited', 'rateLimited', { wait: waitText(wait) });
}

const addHook = (route: RouteOptions, name: 'onRequest' | 'preValidation' | 'onResponse', hook: unknown) => {
  const hooks = [route[name] ?? []].flat() as unknown[];
  (route as unknown as Record<string, unknown>)[name] = [...hooks, hook];
};

/** Registers the limits; call before the auth hook and before any route is declared. */
export async function registerRateLimits(app: FastifyInstance) {
  const { rateLimits } = app.config;
  const redis = rateLimits.redisUrl
    ? new Redis(rateLimits.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  await app.register(rateLimit, {
    global: false,
    nameSpace: rateLimits.namespace,
    ...(redis ? { redis } : {}),
  });

  const limiter = (name: string, max: number, windowMs: number, key: (r: FastifyRequest) => string) => {
    const check = app.createRateLimit({
      max: max * rateLimits.scale,
      timeWindow: windowMs,
      keyGenerator: (request) => `${name}|${key(request)}`,
    }) as Limiter;
    // A store that cannot answer (Redis down) lets the request through rather than take the shop down.
    return async (request: FastifyRequest, options?: { increment: boolean }) => {
      try {
        return await check(request, options);
      } catch (error) {
        request.log.warn({ err: error }, 'rate limit store unavailable');
        return { isAllowed: true };
      }
    };
  };
  const byIp = (request: FastifyRequest) => normalizeIP(request.ip);
  const bySession = (request: FastifyRequest) => request.session?.id ?? `ip:${byIp(request)}`;
  const limits = DEFAULT_RATE_LIMITS;

  /** A budget of failures: checked before the request, spent by a failed answer. */
  const failures = (
    name: string,
    budget: Budget,
    failed: (request: FastifyRequest, reply: FastifyReply) => boolean,
  ) => {
    const check = limiter(name, budget.max, budget.windowMs, byIp);
    return {
      before: async (request: FastifyRequest, reply: FastifyReply) => {
        // A peek: the budget is spent once `max` failures were counted.
        const state = await check(request, { increment: false });
        if (!state.isAllowed && state.remaining === 0) refuse(reply, state.ttlInSeconds ?? 1);
      },
      after: async (request: FastifyRequest, reply: FastifyReply) => {
        if (failed(request, reply)) await check(request);
      },
    };
  };
  const platformKey = failures('key', limits.platformKeyFailures, (_r, reply) => reply.statusCode === 401);
  const sessionCodes = failures('code', limits.sessionLookupFailures, (request, reply) =>
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

  const actions = Object.fromEntries(
    (Object.keys({ confirm: 0, pay: 0, send: 0 }) as Action[]).map((action) => {
      const budget = limits[action];
      const session = limiter(`${action}:s`, budget.perSession, budget.windowMs, bySession);
      const ip = limiter(`${action}:ip`, budget.perIp, budget.windowMs, byIp);
      const hook = async (request: FastifyRequest, reply: FastifyReply) => {
        for (const state of [await session(request), await ip(request)]) {
          if (!state.isAllowed && state.isExceeded) refuse(reply, state.ttlInSeconds ?? 1);
        }
      };
      return [action, hook];
    }),
  ) as Record<Action, (request: FastifyRequest, reply: FastifyReply) => Promise<void>>;

  const emailOf = (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : '';
  };
  const byEmail = (name: string, budget: EmailBudget) => [
    limiter(`${name}:e`, budget.perEmail, budget.windowMs, emailOf),
    limiter(`${name}:ip`, budget.perIp, budget.windowMs, byIp),
  ];
  const signIn = byEmail('signin', limits.consoleSignIn);
  const forgot = byEmail('forgot', limits.consoleReset);
  const consoleHooks: Record<string, { preValidation: unknown; onResponse?: unknown }> = {
    [CONSOLE_SIGN_IN]: {
      preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
        for (const check of signIn) {
          const state = await check(request, { increment: false });
          if (!state.isAllowed && state.remaining === 0) refuse(reply, state.ttlInSeconds ?? 1);
        }
      },
      onResponse: async (request: FastifyRequest, reply: FastifyReply) => {
        if (reply.statusCode === 401) for (const check of signIn) await check(request);
      },
    },
    [CONSOLE_FORGOT]: {
      preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
        for (const check of forgot) {
          const state = await check(request);
          if (!state.isAllowed && state.isExceeded) refuse(reply, state.ttlInSeconds ?? 1);
        }
      },
    },
  };

  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const hooks = consoleHooks[`${method} ${route.url}`];
      if (!hooks) continue;
      addHook(route, 'preValidation', hooks.preValidation);
      if (hooks.onResponse) addHook(route, 'onResponse', hooks.onResponse);
    }
    if (route.url.startsWith(PLATFORM)) {
      addHook(route, 'onRequest', platformKey.before);
      addHook(route, 'onResponse', platformKey.after);
    } else if (route.url === SESSION_LOOKUP) {
      addHook(route, 'onRequest', sessionCodes.before);
      addHook(route, 'onResponse', sessionCodes.after);
    }
    const action = [route.method]
      .flat()
      .map((method) => ACTIONS[`${method} ${route.url}`])
      .find(Boolean);
    if (action) addHook(route, 'onRequest', actions[action]);
  });
}
