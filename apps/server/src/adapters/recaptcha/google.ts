/**
 * Google reCAPTCHA verification: `POST https://www.google.com/recaptcha/api/siteverify` with the form fields
 * `secret`, `response` (the widget's token) and optionally `remoteip`; answers
 * `{ "success": true|false, "challenge_ts", "hostname", "error-codes": [...] }`. Any transport error or non-2xx
 * answer counts as not verified (the shopper may try again); the secret is never logged.
 */
import type { CaptchaVerifier } from './captcha.ts';

export const GOOGLE_SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

type SiteverifyAnswer = { success?: unknown; 'error-codes'?: unknown };

export function googleRecaptchaVerifier(
  siteKey: string,
  secretKey: string,
  verifyUrl = GOOGLE_SITEVERIFY_URL,
  timeoutMs = 5000,
): CaptchaVerifier {
  return {
    siteKey,
    async verify(token, remoteIp) {
      const form = new URLSearchParams({ secret: secretKey, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      try {
        const res = await fetch(verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) return { ok: false, reason: `siteverify HTTP ${res.status}` };
        const answer = (await res.json()) as SiteverifyAnswer;
        if (answer.success === true) return { ok: true };
        const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'].join(',') : '';
        return { ok: false, reason: codes || 'not verified' };
      } catch (error) {
        return { ok: false, reason: error instanceof Error ? error.message : 'siteverify failed' };
      }
    },
  };
}
