import { FAKE_RECAPTCHA_SITE_KEY } from './adapters/recaptcha/fake.ts';
import type { RecaptchaConfig } from './adapters/recaptcha/verifier.ts';
import {
  assertProductionReady,
  DEMO_MESSAGING_KEY,
  DEMO_PLATFORM_API_KEY,
  DEMO_TRAY_CHATBOT_TOKEN,
  DEMO_TRAY_CONSUMER_KEY,
  DEMO_TRAY_CONSUMER_SECRET,
  DEMO_TRAY_TOKEN_KEY,
  isDemoMode,
  parseTrustProxy,
} from './config-production.ts';
import { envSchema, type Env } from './config-env.ts';

export type Config = {
  port: number;
  /** SIGTERM drain window: /healthz 503, requests still served (docs/decisions/0020). */
  shutdownDrainMs: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Hot standbys the storefront's catalogue reads may use (db/replicas.ts; decision 0060); PostgreSQL only. */
  readReplicas: ReadReplicaConfig;
  /** Key the chatbot platform uses on `POST /api/platform/sessions`. */
  platformApiKey: string;
  sessionTtlMs: number;
  defaultShop: string;
  logLevel: Env['LOG_LEVEL'];
  seedDemo: boolean;
  demoMode: boolean;
  tray: TrayConfig;
  messaging: MessagingConfig;
  /** CEP lookup provider (adapters/cep). */
  cep: { provider: 'local' | 'viacep'; baseUrl: string };
  payments: PaymentsConfig;
  /** How long a resolved session and a shared catalogue answer may be reused in this process (0: never). */
  cache: { sessionTtlMs: number; catalogTtlMs: number };
  /** Fastify `trustProxy`: false unless TRUST_PROXY names the proxies whose X-Forwarded-For is believed. */
  trustProxy: boolean | number | string[];
  rateLimits: RateLimitConfig;
  staff: StaffConfig;
};

/** DATABASE_READ_URLS and DATABASE_READ_MAX_LAG_SECONDS (decision 0060). */
export type ReadReplicaConfig = {
  urls: string[];
  /** A replica further behind the primary than this is out of rotation. */
  maxLagMs: number;
  /** How often each replica's replayed position (and the primary's) is read. */
  pollMs: number;
};

/** Shop console accounts (modules/staff) and the e-mail they receive (adapters/email). */
export type StaffConfig = {
  /** scrypt cost N of new password hashes. */
  scryptCost: number;
  /** A console session unused this long ends; every session ends `sessionMaxMs` after sign-in. */
  idleMs: number;
  sessionMaxMs: number;
  invitationTtlMs: number;
  resetTtlMs: number;
  /** One-time sign-in links of the chatbot platform. */
  signInLinkTtlMs: number;
  /** 'fake': the demo mailbox (/dev/mailbox); 'http': a JSON e-mail API; 'none': e-mails wait in the outbox. */
  email: { provider: 'fake' | 'http' | 'none'; apiUrl: string | null; apiKey: string | null; from: string };
};

/** Rate limits (plugins/rate-limits.ts): in this process, or shared by every instance through Redis. */
export type RateLimitConfig = {
  redisUrl: string | null;
  /** Key prefix in Redis (tests use their own). */
  namespace: string;
  /** Multiplies every budget; tests of other features raise it (1 in every real run). */
  scale: number;
};

/** Payment gateways, captcha and the expiry sweep; see docs/decisions/0010-payments.md. */
export type PaymentsConfig = {
  /** The built-in sandbox gateway takes the 'vitrine' card page (demo and tests; never with real cards). */
  sandbox: boolean;
  /** How often Waiting charges past their expiry are marked Expired. */
  sweepMs: number;
  /** How often the shops' bank Pix are reconciled with the API Pix's GET /pix (decision 0046). */
  pixReconcileMs: number;
  /** Gateway API origins (Mercado Pago, also for payment links; Pagar.me core v5); tests point them at 127.0.0.1. */
  apiUrls: { mercadopago: string; pagarme: string };
  /** PROVIDER_TIMEOUT_SECONDS: 'Testar conexão' with no answer from the gateway in this time says it is unavailable. */
  timeoutMs: number;
  recaptcha: RecaptchaConfig;
};

/** Channel adapters and the outbox worker; see docs/decisions/0009-outbox-and-channels.md. */
export type MessagingConfig = {
  /** AES-256-GCM key for channel credentials and webhook secrets at rest; null: no credentials can be stored. */
  credentialsKey: Buffer | null;
  /** Meta Graph API origin and version (WhatsApp Cloud, Messenger, Instagram); tests point it at 127.0.0.1. */
  graphBaseUrl: string;
  graphApiVersion: string;
  /** PROVIDER_TIMEOUT_SECONDS: a call to Meta or the chatbot with no answer in this time failed (retryable). */
  timeoutMs: number;
  maxAttempts: number;
  /** A row left 'sending' longer than this (a killed worker) is claimed again. */
  leaseMs: number;
  /** First retry delay; doubles per attempt (capped at 5 minutes). */
  retryBaseMs: number;
  /** Demo: shops without channel credentials deliver to the fake channel (read on /dev/inbox). */
  fakeWhenUnconfigured: boolean;
  /**
   * Demo only (no variable of its own): the chatbot's webhook URLs may be on this machine or a private network.
   * Outside demo mode their connections refuse private addresses (adapters/public-address.ts guardedFetch).
   */
  privateWebhooks: boolean;
  /** `hub.verify_token` Meta's webhook verification must present (GET); null: verification refused. */
  whatsappVerifyToken: string | null;
  /** Meta app secret: HMAC-SHA256 key of `X-Hub-Signature-256` on webhook POSTs; null: every POST refused. */
  whatsappAppSecret: string | null;
};

/** Tray integration settings; the integration answers 503 while consumer key, secret or token key are null. */
export type TrayConfig = {
  consumerKey: string | null;
  consumerSecret: string | null;
  /** AES-256-GCM key for the Tray tokens at rest (32 bytes). */
  tokenKey: Buffer | null;
  /** Demo only: a chatbot token accepted for any shop that has no chatbot credentials of its own. */
  demoChatbotToken: string | null;
  /** Accept `http://` API addresses on loopback hosts (a fake Tray on 127.0.0.1). */
  allowInsecureApi: boolean;
  syncIntervalMs: number;
  rateLimitPerMinute: number;
  /** First back-off delay after a 429 (doubles each retry). */
  retryBaseMs: number;
};

/** Where the demo's built-in provider fakes are served (routes/dev/providers.ts). */
export const DEMO_PROVIDERS_PATH = '/dev/providers';

/** The providers' real API origins: the defaults outside demo mode. */
export const PROVIDER_API_URLS = {
  graph: 'https://graph.facebook.com',
  mercadopago: 'https://api.mercadopago.com',
  pagarme: 'https://api.pagar.me/core/v5',
} as const;

/**
 * A provider's API origin: the variable when set; else, in demo mode, this server's own fake (so 'Testar conexão'
 * answers without internet); else the provider's real API.
 */
function providerUrl(e: Env, set: string | undefined, provider: keyof typeof PROVIDER_API_URLS): string {
  const fake = `http://127.0.0.1:${e.PORT}${DEMO_PROVIDERS_PATH}/${provider}${provider === 'pagarme' ? '/core/v5' : ''}`;
  return (set ?? (e.DEMO_MODE === 'true' ? fake : PROVIDER_API_URLS[provider])).replace(/\/$/, '');
}

export {
  DEMO_PLATFORM_API_KEY,
  DEMO_TRAY_CHATBOT_TOKEN,
  DEMO_TRAY_CONSUMER_KEY,
  DEMO_TRAY_CONSUMER_SECRET,
} from './config-production.ts';

/**
 * Reads configuration from the environment; throws with every invalid variable named, and in production with
 * every missing or demo secret named (config-production.ts).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Configuração inválida: ${detail}`);
  }
  assertProductionReady(env);
  const demo = isDemoMode(env);
  const e = { ...parsed.data, DEMO_MODE: demo ? ('true' as const) : ('false' as const) };
  return {
    port: e.PORT,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    host: e.HOST ?? (demo ? '127.0.0.1' : '0.0.0.0'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    readReplicas: readReplicaConfig(e),
    platformApiKey: e.PLATFORM_API_KEY ?? DEMO_PLATFORM_API_KEY,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    defaultShop: e.DEFAULT_SHOP,
    logLevel: e.LOG_LEVEL,
    seedDemo: (e.SEED_DEMO ?? e.DEMO_MODE) === 'true',
    demoMode: demo,
    tray: trayConfig(e),
    cep: { provider: e.CEP_PROVIDER, baseUrl: e.CEP_BASE_URL.replace(/\/$/, '') },
    payments: paymentsConfig(e),
    cache: { sessionTtlMs: e.SESSION_CACHE_SECONDS * 1000, catalogTtlMs: e.CATALOG_CACHE_SECONDS * 1000 },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimits: { redisUrl: e.REDIS_URL ?? null, namespace: 'vitrine-rl:', scale: 1 },
    staff: staffConfig(e),
    messaging: {
      credentialsKey: e.MESSAGING_CREDENTIALS_KEY
        ? Buffer.from(e.MESSAGING_CREDENTIALS_KEY, 'base64')
        : e.DEMO_MODE === 'true'
          ? DEMO_MESSAGING_KEY
          : null,
      graphBaseUrl: providerUrl(e, e.GRAPH_API_BASE_URL, 'graph'),
      graphApiVersion: e.GRAPH_API_VERSION,
      timeoutMs: e.PROVIDER_TIMEOUT_SECONDS * 1000,
      maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
      leaseMs: e.OUTBOX_LEASE_SECONDS * 1000,
      retryBaseMs: 2000,
      fakeWhenUnconfigured: e.DEMO_MODE === 'true',
      privateWebhooks: e.DEMO_MODE === 'true',
      whatsappVerifyToken: e.WHATSAPP_VERIFY_TOKEN ?? null,
      whatsappAppSecret: e.WHATSAPP_APP_SECRET ?? null,
    },
  };
}

function readReplicaConfig(e: Env): ReadReplicaConfig {
  const urls = (e.DATABASE_READ_URLS ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  // PGlite is one process's embedded database: it has no replicas to read from.
  if (urls.length > 0 && !e.DATABASE_URL)
    throw new Error(
      'Configuração inválida: DATABASE_READ_URLS exige DATABASE_URL (PostgreSQL); o PGlite não tem réplicas de leitura',
    );
  return { urls, maxLagMs: e.DATABASE_READ_MAX_LAG_SECONDS * 1000, pollMs: 200 };
}

function trayConfig(e: Env): TrayConfig {
  const demo = e.DEMO_MODE === 'true';
  return {
    consumerKey: e.TRAY_CONSUMER_KEY ?? (demo ? DEMO_TRAY_CONSUMER_KEY : null),
    consumerSecret: e.TRAY_CONSUMER_SECRET ?? (demo ? DEMO_TRAY_CONSUMER_SECRET : null),
    tokenKey: e.TRAY_TOKEN_KEY ? Buffer.from(e.TRAY_TOKEN_KEY, 'base64') : demo ? DEMO_TRAY_TOKEN_KEY : null,
    demoChatbotToken: demo ? (e.TRAY_DEMO_CHATBOT_TOKEN ?? DEMO_TRAY_CHATBOT_TOKEN) : null,
    allowInsecureApi: (e.TRAY_ALLOW_INSECURE_API ?? e.DEMO_MODE) === 'true',
    syncIntervalMs: e.TRAY_SYNC_INTERVAL_MINUTES * 60_000,
    rateLimitPerMinute: e.TRAY_RATE_LIMIT_PER_MINUTE,
    retryBaseMs: 1000,
  };
}

function staffConfig(e: Env): StaffConfig {
  const http = Boolean(e.EMAIL_API_URL && e.EMAIL_API_KEY);
  return {
    scryptCost: e.STAFF_SCRYPT_COST,
    idleMs: e.CONSOLE_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.CONSOLE_SESSION_DAYS * 24 * 60 * 60_000,
    invitationTtlMs: 7 * 24 * 60 * 60_000,
    resetTtlMs: 60 * 60_000,
    signInLinkTtlMs: e.CONSOLE_LINK_MINUTES * 60_000,
    email: {
      provider: http ? 'http' : e.DEMO_MODE === 'true' ? 'fake' : 'none',
      apiUrl: http ? e.EMAIL_API_URL!.replace(/\/$/, '') : null,
      apiKey: http ? e.EMAIL_API_KEY! : null,
      from: e.EMAIL_FROM,
    },
  };
}

function paymentsConfig(e: Env): PaymentsConfig {
  const google = (e.RECAPTCHA_PROVIDER ?? (e.RECAPTCHA_SECRET_KEY ? 'google' : 'fake')) === 'google';
  if (google && !(e.RECAPTCHA_SITE_KEY && e.RECAPTCHA_SECRET_KEY)) {
    throw new Error('Configuração inválida: reCAPTCHA exige RECAPTCHA_SITE_KEY e RECAPTCHA_SECRET_KEY');
  }
  return {
    sandbox: (e.PAYMENTS_SANDBOX ?? e.DEMO_MODE) === 'true',
    sweepMs: e.PAYMENT_SWEEP_SECONDS * 1000,
    pixReconcileMs: e.PIX_RECONCILE_SECONDS * 1000,
    apiUrls: {
      mercadopago: providerUrl(e, e.MERCADOPAGO_API_URL, 'mercadopago'),
      pagarme: providerUrl(e, e.PAGARME_API_URL, 'pagarme'),
    },
    timeoutMs: e.PROVIDER_TIMEOUT_SECONDS * 1000,
    recaptcha: {
      provider: google ? 'google' : 'fake',
      siteKey: google ? e.RECAPTCHA_SITE_KEY! : FAKE_RECAPTCHA_SITE_KEY,
      secretKey: google ? e.RECAPTCHA_SECRET_KEY! : null,
      verifyUrl: e.RECAPTCHA_VERIFY_URL,
    },
  };
}
