/**
 * The environment variables the server reads (README 'Configuration'), validated with their defaults; config.ts
 * turns them into the typed Config.
 */
import { z } from 'zod';
import { GOOGLE_SITEVERIFY_URL } from './adapters/recaptcha/google.ts';
import { DEFAULT_EMAIL_FROM } from './config-production.ts';

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Demo mode listens on this machine only; production on every interface (behind its proxy).
  HOST: z.string().min(1).optional(),
  NODE_ENV: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().startsWith('postgres').optional(),
  // Read replicas (docs/decisions/0060-read-replicas.md): comma-separated postgres:// URLs of hot standbys.
  DATABASE_READ_URLS: z
    .string()
    .regex(/^\s*postgres\S*(\s*,\s*postgres\S*)*\s*$/, 'use URLs postgres:// separadas por vírgula')
    .optional(),
  DATABASE_READ_MAX_LAG_SECONDS: z.coerce.number().positive().max(3600).default(5),
  PLATFORM_API_KEY: z.string().min(16).optional(),
  SESSION_TTL_DAYS: z.coerce.number().positive().default(7),
  DEFAULT_SHOP: z.string().default('hortifruti'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Demo mode unless NODE_ENV=production; production checks in config-production.ts.
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  DEMO_MODE: z.enum(['true', 'false']).optional(),
  // Edge (docs/decisions/0015): proxies whose X-Forwarded-For is believed; Redis shared by the rate limits.
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|\d+|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
      'use true, um número de saltos ou IPs/CIDRs',
    )
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'deve começar com redis:// ou rediss://')
    .optional(),
  // Tray integration (docs/decisions/0008-tray-integration.md); demo defaults apply only with DEMO_MODE=true.
  TRAY_CONSUMER_KEY: z.string().min(1).optional(),
  TRAY_CONSUMER_SECRET: z.string().min(1).optional(),
  TRAY_TOKEN_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'deve ter 32 bytes em base64')
    .optional(),
  TRAY_DEMO_CHATBOT_TOKEN: z.string().min(8).optional(),
  TRAY_ALLOW_INSECURE_API: z.enum(['true', 'false']).optional(),
  TRAY_SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(5).default(360),
  TRAY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(180).default(180),
  // Messaging channels and outbox (docs/decisions/0009-outbox-and-channels.md).
  MESSAGING_CREDENTIALS_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'deve ter 32 bytes em base64')
    .optional(),
  // Unset: Meta's in production, the built-in fake in demo mode (routes/dev/providers.ts, decision 0038).
  /** How long a call to Meta or the chatbot, and a gateway's connection test, wait before it counts as no answer. */
  PROVIDER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  GRAPH_API_BASE_URL: z.string().url().optional(),
  // WhatsApp Cloud API webhooks (routes/webhooks/whatsapp.ts): the verify token typed in the Meta app's webhook
  // settings, and the Meta app secret that signs each POST (X-Hub-Signature-256).
  WHATSAPP_VERIFY_TOKEN: z.string().min(8).optional(),
  WHATSAPP_APP_SECRET: z.string().min(8).optional(),
  GRAPH_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/)
    .default('v23.0'),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(5).default(60),
  // SIGTERM: how long /healthz answers 503 while requests are still served (docs/decisions/0020).
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(5000),
  // CEP lookup (adapters/cep): 'local' dataset (demo, tests) or a ViaCEP-style HTTP API.
  CEP_PROVIDER: z.enum(['local', 'viacep']).default('local'),
  CEP_BASE_URL: z.string().url().default('https://viacep.com.br'),
  // Payments (docs/decisions/0010-payments.md).
  PAYMENTS_SANDBOX: z.enum(['true', 'false']).optional(),
  PAYMENT_SWEEP_SECONDS: z.coerce.number().int().min(1).default(30),
  PIX_RECONCILE_SECONDS: z.coerce.number().int().min(10).default(300),
  // Unset: the providers' APIs in production, the built-in fake in demo mode (decision 0040).
  MERCADOPAGO_API_URL: z.string().url().optional(),
  PAGARME_API_URL: z.string().url().optional(),
  RECAPTCHA_PROVIDER: z.enum(['fake', 'google']).optional(),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: z.string().url().default(GOOGLE_SITEVERIFY_URL),
  // In-process response caches (docs/decisions/0011-response-caches.md); 0 turns one off.
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(30),
  CATALOG_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(10),
  // Shop console (docs/decisions/0017-shop-console.md): password cost, session expiry, e-mail delivery.
  STAFF_SCRYPT_COST: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1 << 20)
    .refine((n) => (n & (n - 1)) === 0, 'deve ser uma potência de 2')
    .default(1 << 15),
  CONSOLE_IDLE_MINUTES: z.coerce
    .number()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  CONSOLE_SESSION_DAYS: z.coerce.number().min(0.01).max(90).default(7),
  CONSOLE_LINK_MINUTES: z.coerce.number().min(1).max(60).default(10),
  EMAIL_API_URL: z.string().url().optional(),
  EMAIL_API_KEY: z.string().min(8).optional(),
  // Resend accepts only senders on a domain verified in its dashboard; `onboarding@resend.dev` is its shared test
  // sender (delivers only to the account owner's own address). Production refuses it and `.local` (config-production.ts).
  EMAIL_FROM: z.string().min(3).default(DEFAULT_EMAIL_FROM),
});

/** The parsed environment, with the mode resolved (config-production.ts `isDemoMode`). */
export type Env = z.infer<typeof envSchema> & { DEMO_MODE: 'true' | 'false' };
