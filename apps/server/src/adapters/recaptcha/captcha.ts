/** What a captcha verifier answers (verifier.ts picks Google's or the fake; both implement it). */
export type CaptchaVerdict = { ok: true } | { ok: false; reason: string };

export interface CaptchaVerifier {
  /** The site key the browser shows the widget with. */
  readonly siteKey: string;
  verify(token: string, remoteIp?: string | null): Promise<CaptchaVerdict>;
}
