/**
 * Modes (issue 14): demo is the default of a fresh checkout; production (NODE_ENV=production or
 * DEMO_MODE=false) refuses to start, naming each variable in Portuguese, when a secret is missing or is a demo
 * value, or when a demo feature is switched on. Never a silent public default.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_PLATFORM_API_KEY, loadConfig } from './config.ts';
import { productionEnv } from './test/production-env.ts';

const refusal = (env: NodeJS.ProcessEnv): string => {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted the environment');
};

describe('production configuration', () => {
  it('a complete production environment loads: no demo feature, listens on every interface', () => {
    const config = loadConfig(productionEnv());
    expect(config.demoMode).toBe(false);
    expect(config.seedDemo).toBe(false);
    expect(config.payments.sandbox).toBe(false);
    expect(config.payments.recaptcha.provider).toBe('google');
    expect(config.messaging.fakeWhenUnconfigured).toBe(false);
    expect(config.messaging.privateWebhooks).toBe(false); // webhook connections refuse private addresses
    expect(config.tray.demoChatbotToken).toBeNull();
    expect(config.host).toBe('0.0.0.0');
    expect(config.trustProxy).toBe(false);
    expect(loadConfig(productionEnv({ NODE_ENV: undefined, DEMO_MODE: 'false' })).demoMode).toBe(false);
  });

  it('demo mode (a fresh checkout) listens on 127.0.0.1 and keeps its demo defaults', () => {
    const config = loadConfig({});
    expect(config.demoMode).toBe(true);
    expect(config.host).toBe('127.0.0.1');
    expect(config.platformApiKey).toBe(DEMO_PLATFORM_API_KEY);
    expect(config.seedDemo).toBe(true);
    expect(config.messaging.privateWebhooks).toBe(true);
  });

  it("one provider timeout, 10 s unless PROVIDER_TIMEOUT_SECONDS says otherwise, for Meta, the chatbot and a gateway's test", () => {
    const byDefault = loadConfig({});
    expect([byDefault.messaging.timeoutMs, byDefault.payments.timeoutMs]).toEqual([10_000, 10_000]);
    const set = loadConfig({ PROVIDER_TIMEOUT_SECONDS: '4' });
    expect([set.messaging.timeoutMs, set.payments.timeoutMs]).toEqual([4000, 4000]);
    expect(() => loadConfig({ PROVIDER_TIMEOUT_SECONDS: '0' })).toThrow(/PROVIDER_TIMEOUT_SECONDS/);
  });

  it.each([
    'PLATFORM_API_KEY',
    'MESSAGING_CREDENTIALS_KEY',
    'TRAY_TOKEN_KEY',
    'RECAPTCHA_SITE_KEY',
    'RECAPTCHA_SECRET_KEY',
    'PUBLIC_URL',
  ])('missing %s → refuses, naming it', (name) => {
    const message = refusal(productionEnv({ [name]: undefined }));
    expect(message).toMatch(/^A Vitrine não pode iniciar em produção/);
    expect(message).toContain(`${name}: `);
    expect(message).toMatch(/ausente|obrigatóri/);
  });

  it('every missing secret is named in one message', () => {
    const message = refusal({ NODE_ENV: 'production' });
    for (const name of [
      'PLATFORM_API_KEY',
      'MESSAGING_CREDENTIALS_KEY',
      'TRAY_TOKEN_KEY',
      'RECAPTCHA_SECRET_KEY',
    ]) {
      expect(message).toContain(name);
    }
  });

  it.each([
    ['PLATFORM_API_KEY', DEMO_PLATFORM_API_KEY],
    ['PLATFORM_API_KEY', 'short-key-123456'],
    ['RECAPTCHA_SITE_KEY', 'fake-recaptcha-site-key'],
    ['RECAPTCHA_PROVIDER', 'fake'],
    ['PAYMENTS_SANDBOX', 'true'],
    ['SEED_DEMO', 'true'],
    ['TRAY_DEMO_CHATBOT_TOKEN', 'demo-chatbot-token-change-me'],
    ['TRAY_CONSUMER_KEY', 'vitrine-demo-consumer-key'],
    ['DEMO_MODE', 'true'],
  ])('%s=%s (a demo value or feature) → refuses, naming it', (name, value) => {
    const message = refusal(productionEnv({ [name]: value }));
    expect(message).toContain(`${name}: `);
  });

  it('the demo keys of credentials and Tray tokens are refused', async () => {
    const { DEMO_KEYS } = await import('./config-production.ts');
    expect(refusal(productionEnv({ MESSAGING_CREDENTIALS_KEY: DEMO_KEYS.messaging }))).toContain(
      'MESSAGING_CREDENTIALS_KEY: ',
    );
    expect(refusal(productionEnv({ TRAY_TOKEN_KEY: DEMO_KEYS.trayToken }))).toContain('TRAY_TOKEN_KEY: ');
  });

  it('the message never repeats a secret it was given', () => {
    const secret = randomBytes(24).toString('base64url');
    const message = refusal(
      productionEnv({ PLATFORM_API_KEY: `${secret}`.slice(0, 20), RECAPTCHA_SECRET_KEY: undefined }),
    );
    expect(message).not.toContain(secret.slice(0, 20));
  });

  it('EMAIL_FROM must be on a domain the e-mail provider verified: .local and resend.dev refused (issue 33)', () => {
    const api = { EMAIL_API_URL: 'https://api.resend.com', EMAIL_API_KEY: 're_live_key_123' };
    for (const from of [
      undefined,
      'Vitrine <nao-responda@vitrine.local>',
      'onboarding@resend.dev',
      'sem-arroba',
    ]) {
      expect(refusal(productionEnv({ ...api, EMAIL_FROM: from }))).toContain(
        'EMAIL_FROM: o remetente precisa ser de um domínio verificado no provedor de e-mail',
      );
    }
    const ok = loadConfig(productionEnv({ ...api, EMAIL_FROM: 'Loja <nao-responda@sualoja.com.br>' }));
    expect(ok.staff.email).toMatchObject({ provider: 'http', from: 'Loja <nao-responda@sualoja.com.br>' });
    expect(loadConfig({}).staff.email.from).toBe('Vitrine <onboarding@resend.dev>');
  });

  it('TRUST_PROXY: off unless configured; true, a hop count or addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
    ]);
  });
});
