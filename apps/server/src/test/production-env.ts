import { randomBytes } from 'node:crypto';

/** Secrets of a complete production environment, fixed per test process (the secrets scan looks for them). */
export const PRODUCTION_SECRETS = {
  PLATFORM_API_KEY: `prod-key-${randomBytes(24).toString('base64url')}`,
  MESSAGING_CREDENTIALS_KEY: randomBytes(32).toString('base64'),
  TRAY_TOKEN_KEY: randomBytes(32).toString('base64'),
  RECAPTCHA_SITE_KEY: `6Lc-site-${randomBytes(8).toString('hex')}`,
  RECAPTCHA_SECRET_KEY: `6Lc-secret-${randomBytes(16).toString('hex')}`,
};

/**
 * A complete production environment (every required secret, no demo feature); `overrides` replace variables
 * and `undefined` removes one.
 */
export function productionEnv(overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://loja.example',
    ...PRODUCTION_SECRETS,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv;
}
