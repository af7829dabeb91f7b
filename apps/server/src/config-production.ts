/**
 * Demo or production (docs/decisions/0015-threat-model-and-modes.md). A fresh checkout runs the demo: public demo
 * keys, demo shops, fake channels and captcha, the sandbox gateway, the demo inbox. Production
 * (`NODE_ENV=production` or `DEMO_MODE=false`) has none of them and refuses to start, naming every variable in
 * Portuguese, while a secret it needs is missing, too weak or one of the public demo values — or while a demo
 * feature is switched on. The message never repeats a value it was given.
 */
import { createHash } from 'node:crypto';

/** The demo key; printed at start so a newcomer can call the platform API. Production sets PLATFORM_API_KEY. */
export const DEMO_PLATFORM_API_KEY = 'demo-platform-key-change-me';
/** Demo Tray app credentials (the fake Tray accepts them). Production sets TRAY_CONSUMER_KEY/SECRET. */
export const DEMO_TRAY_CONSUMER_KEY = 'vitrine-demo-consumer-key';
export const DEMO_TRAY_CONSUMER_SECRET = 'vitrine-demo-consumer-secret';
export const DEMO_TRAY_CHATBOT_TOKEN = 'demo-chatbot-token-change-me';
/** Prefix of the fake captcha's site keys (adapters/recaptcha/fake.ts, the web's fake widget). */
const FAKE_CAPTCHA_PREFIX = 'fake-';

const demoKey = (label: string) => createHash('sha256').update(label).digest();
/** DEMO ONLY, public: the AES keys used in demo mode when MESSAGING_CREDENTIALS_KEY / TRAY_TOKEN_KEY are unset. */
export const DEMO_MESSAGING_KEY = demoKey('vitrine-demo-messaging-credentials-key (NAO usar em producao)');
export const DEMO_TRAY_TOKEN_KEY = demoKey('vitrine-demo-tray-token-key (NAO usar em producao)');
/** The demo keys as an operator would paste them (base64), to recognise them in production. */
export const DEMO_KEYS = {
  messaging: DEMO_MESSAGING_KEY.toString('base64'),
  trayToken: DEMO_TRAY_TOKEN_KEY.toString('base64'),
};

/** Resend's shared test sender: accepted by Resend, delivers only to the account owner's own address (demo, trials). */
export const DEFAULT_EMAIL_FROM = 'Vitrine <onboarding@resend.dev>';

/** The domain of a sender (`Nome <a@b.com>` or `a@b.com`), lower case; null when there is none. */
export function senderDomain(from: string): string | null {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim());
  return match ? match[1]!.toLowerCase() : null;
}

/** Shortest platform key accepted in production (a random key of 32+ characters: ~190 bits in base64url). */
const MIN_PLATFORM_KEY = 32;

type Env = Record<string, string | undefined>;

/** True in demo mode: never with NODE_ENV=production, else unless DEMO_MODE=false. */
export function isDemoMode(env: Env): boolean {
  return env.NODE_ENV !== 'production' && env.DEMO_MODE !== 'false';
}

const isKey32 = (value: string) => Buffer.from(value, 'base64').length === 32;

/** Each problem of a production environment as `VARIABLE: what is wrong` (pt-BR); empty when ready. */
export function productionProblems(env: Env): string[] {
  const problems: string[] = [];
  const need = (name: string, hint: string) => {
    if (!env[name]) problems.push(`${name}: ausente (${hint})`);
    return Boolean(env[name]);
  };
  const demoFeature = (name: string, what: string) => {
    if (env[name] !== undefined) problems.push(`${name}: ${what} só existe no modo demo; remova a variável`);
  };

  if (env.NODE_ENV === 'production' && env.DEMO_MODE === 'true') {
    problems.push('DEMO_MODE: o modo demo não pode ser usado com NODE_ENV=production');
  }
  need('PUBLIC_URL', 'endereço público https dos links e webhooks, ex.: https://loja.exemplo.com.br');
  if (
    need('PLATFORM_API_KEY', `chave aleatória de ${MIN_PLATFORM_KEY}+ caracteres: openssl rand -base64 32`)
  ) {
    const key = env.PLATFORM_API_KEY!;
    if (key === DEMO_PLATFORM_API_KEY)
      problems.push('PLATFORM_API_KEY: é a chave pública da demo; gere outra');
    else if (key.length < MIN_PLATFORM_KEY)
      problems.push(`PLATFORM_API_KEY: curta demais (mínimo ${MIN_PLATFORM_KEY} caracteres)`);
  }
  for (const [name, demo] of [
    ['MESSAGING_CREDENTIALS_KEY', DEMO_KEYS.messaging],
    ['TRAY_TOKEN_KEY', DEMO_KEYS.trayToken],
  ] as const) {
    if (!need(name, '32 bytes aleatórios em base64: openssl rand -base64 32')) continue;
    if (env[name] === demo) problems.push(`${name}: é a chave pública da demo; gere outra`);
    else if (!isKey32(env[name]!)) problems.push(`${name}: deve ter 32 bytes em base64`);
  }
  if (env.RECAPTCHA_PROVIDER === 'fake')
    problems.push('RECAPTCHA_PROVIDER: o captcha falso só existe no modo demo');
  for (const name of ['RECAPTCHA_SITE_KEY', 'RECAPTCHA_SECRET_KEY']) {
    if (need(name, 'chave do Google reCAPTCHA v2 da loja; o captcha faz parte do pagamento por cartão')) {
      if (env[name]!.startsWith(FAKE_CAPTCHA_PREFIX))
        problems.push(`${name}: é uma chave do captcha falso da demo`);
    }
  }
  if (env.PAYMENTS_SANDBOX === 'true')
    problems.push('PAYMENTS_SANDBOX: o gateway sandbox só existe no modo demo');
  if (env.SEED_DEMO === 'true') problems.push('SEED_DEMO: as lojas de demonstração só existem no modo demo');
  demoFeature('TRAY_DEMO_CHATBOT_TOKEN', 'o token de chatbot da demo');
  if (env.TRAY_CONSUMER_KEY === DEMO_TRAY_CONSUMER_KEY)
    problems.push('TRAY_CONSUMER_KEY: é a chave da demo (Tray falsa); use a do seu app na Tray');
  if (env.TRAY_CONSUMER_SECRET === DEMO_TRAY_CONSUMER_SECRET)
    problems.push('TRAY_CONSUMER_SECRET: é o segredo da demo (Tray falsa); use o do seu app na Tray');
  if (Boolean(env.TRAY_CONSUMER_KEY) !== Boolean(env.TRAY_CONSUMER_SECRET)) {
    const missing = env.TRAY_CONSUMER_KEY ? 'TRAY_CONSUMER_SECRET' : 'TRAY_CONSUMER_KEY';
    problems.push(`${missing}: ausente (a integração Tray precisa da chave e do segredo do app)`);
  }
  const domain = senderDomain(env.EMAIL_FROM ?? DEFAULT_EMAIL_FROM);
  if (
    (env.EMAIL_API_URL || env.EMAIL_FROM) &&
    (!domain || domain.endsWith('.local') || domain === 'resend.dev')
  ) {
    problems.push(
      'EMAIL_FROM: o remetente precisa ser de um domínio verificado no provedor de e-mail (ex.: Vitrine ' +
        '<nao-responda@sualoja.com.br>); endereços .local e o remetente de teste resend.dev são recusados',
    );
  }
  return problems;
}

/** Throws the start-up refusal (one line per variable) when `env` is a production environment that is not ready. */
export function assertProductionReady(env: Env): void {
  if (isDemoMode(env)) return;
  const problems = productionProblems(env);
  if (problems.length === 0) return;
  throw new Error(
    `A Vitrine não pode iniciar em produção (NODE_ENV=production ou DEMO_MODE=false):\n` +
      problems.map((p) => `  - ${p}`).join('\n') +
      '\nVeja a seção "Production" do README.',
  );
}

/** `TRUST_PROXY`: unset → false (request.ip is the socket's address); 'true'; a hop count; or addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}
