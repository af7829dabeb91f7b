import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeHttpServer, type FakeHttpServer } from '../channels/fake-http-server.ts';
import { FAKE_RECAPTCHA_OK_TOKEN, FAKE_RECAPTCHA_SITE_KEY, fakeRecaptchaVerifier } from './fake.ts';
import { googleRecaptchaVerifier } from './google.ts';
import { captchaVerifierFor } from './verifier.ts';

describe('Google reCAPTCHA siteverify adapter', () => {
  let server: FakeHttpServer;
  beforeAll(async () => {
    server = await startFakeHttpServer();
  });
  afterAll(() => server.close());
  const verifier = () =>
    googleRecaptchaVerifier('site-key-1', 'secret-key-1', `${server.url}/recaptcha/api/siteverify`);

  it('POSTs the form secret + response (+ remoteip) and accepts success: true', async () => {
    server.respond({
      status: 200,
      body: { success: true, challenge_ts: '2026-03-10T15:00:00Z', hostname: 'x' },
    });
    expect(await verifier().verify('widget-token', '203.0.113.7')).toEqual({ ok: true });
    const request = server.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/recaptcha/api/siteverify');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request.raw))).toEqual({
      secret: 'secret-key-1',
      response: 'widget-token',
      remoteip: '203.0.113.7',
    });
  });

  it('refuses success: false with its error codes, an HTTP error, and an unreachable server', async () => {
    server.respond({ status: 200, body: { success: false, 'error-codes': ['invalid-input-response'] } });
    expect(await verifier().verify('bad')).toEqual({ ok: false, reason: 'invalid-input-response' });
    server.respond({ status: 500, body: {} });
    expect((await verifier().verify('x')).ok).toBe(false);
    const down = googleRecaptchaVerifier('k', 's', 'http://127.0.0.1:9/siteverify', 500);
    expect((await down.verify('x')).ok).toBe(false);
  });
});

describe('local fake reCAPTCHA', () => {
  it('accepts exactly the fake widget token and refuses the rest with the §8 message', async () => {
    const fake = fakeRecaptchaVerifier();
    expect(fake.siteKey).toBe(FAKE_RECAPTCHA_SITE_KEY);
    expect(await fake.verify(FAKE_RECAPTCHA_OK_TOKEN)).toEqual({ ok: true });
    expect(await fake.verify('fake-recaptcha-ok ')).toEqual({
      ok: false,
      reason: 'Houve um problema na validação do ReCaptcha, por favor tente novamente',
    });
  });

  it('is chosen unless Google is configured with a secret', () => {
    const base = { siteKey: 's', secretKey: null, verifyUrl: 'https://x' } as const;
    expect(captchaVerifierFor({ ...base, provider: 'fake' }).siteKey).toBe(FAKE_RECAPTCHA_SITE_KEY);
    expect(captchaVerifierFor({ ...base, provider: 'google', secretKey: 'k' }).siteKey).toBe('s');
  });
});
