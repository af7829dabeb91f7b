/**
 * Captcha verification behind one interface: Google reCAPTCHA's siteverify endpoint (google.ts) or the local
 * fake of the demo and tests (fake.ts). A card attempt that the gateway refused with failure type ReCAPTCHA is
 * retried with the token the widget produced; the server verifies it here before charging again.
 */
import type { CaptchaVerifier } from './captcha.ts';
import { fakeRecaptchaVerifier } from './fake.ts';
import { googleRecaptchaVerifier } from './google.ts';

export type { CaptchaVerdict, CaptchaVerifier } from './captcha.ts';

export type RecaptchaConfig = {
  provider: 'fake' | 'google';
  siteKey: string;
  secretKey: string | null;
  verifyUrl: string;
};

/** The configured verifier. */
export function captchaVerifierFor(config: RecaptchaConfig): CaptchaVerifier {
  if (config.provider === 'google' && config.secretKey) {
    return googleRecaptchaVerifier(config.siteKey, config.secretKey, config.verifyUrl);
  }
  return fakeRecaptchaVerifier();
}
