/**
 * reCAPTCHA v2 (spec §4/§8 captcha). A site key starting 'fake-' is the local fake of the demo and tests: a
 * 'Não sou um robô' checkbox that yields FAKE_RECAPTCHA_TOKEN, which the server's fake verifier accepts.
 * Any other key renders Google's widget, whose script is loaded only then.
 */
import { loadScript } from './load-script';

export const FAKE_RECAPTCHA_TOKEN = 'fake-recaptcha-ok';
/** Site key of the /recaptcha debug page when none is given. */
export const FAKE_SITE_KEY = 'fake-site-key';

const RECAPTCHA_SRC = 'https://www.google.com/recaptcha/api.js?render=explicit&hl=pt-BR';

export function isFakeSiteKey(siteKey: string): boolean {
  return siteKey.startsWith('fake-');
}

interface Grecaptcha {
  ready(callback: () => void): void;
  render(
    container: HTMLElement,
    parameters: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): number;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export interface RecaptchaCallbacks {
  onToken: (token: string) => void;
  /** The token expired or the widget failed: a new check is needed. */
  onReset: () => void;
}

/** Loads Google's script and renders the real widget into `container`. */
export async function renderRecaptcha(
  container: HTMLElement,
  siteKey: string,
  { onToken, onReset }: RecaptchaCallbacks,
): Promise<void> {
  await loadScript(RECAPTCHA_SRC);
  const { grecaptcha } = window;
  if (!grecaptcha) throw new Error('reCAPTCHA indisponível');
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  grecaptcha.render(container, {
    sitekey: siteKey,
    callback: onToken,
    'expired-callback': onReset,
    'error-callback': onReset,
  });
}
