import { errorMessage } from '@vitrine/contracts/errors';
import type { CaptchaVerifier } from './captcha.ts';

/** Site key of the local fake widget (the web shows a fake checkbox for it). */
export const FAKE_RECAPTCHA_SITE_KEY = 'fake-recaptcha-site-key';
/** The only token the fake accepts: what the fake widget produces when ticked. */
export const FAKE_RECAPTCHA_OK_TOKEN = 'fake-recaptcha-ok';

/** Demo/test verifier: accepts exactly FAKE_RECAPTCHA_OK_TOKEN, refuses anything else with the §8 message. */
export function fakeRecaptchaVerifier(): CaptchaVerifier {
  return {
    siteKey: FAKE_RECAPTCHA_SITE_KEY,
    verify: async (token) =>
      token === FAKE_RECAPTCHA_OK_TOKEN
        ? { ok: true }
        : { ok: false, reason: errorMessage('recaptchaFailed') },
  };
}
