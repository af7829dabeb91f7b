import { expect, it } from 'vitest';
import { describeEachDb, TEST_PLATFORM_KEY } from '../../test/test-app.ts';
import { expectRefusal } from '../../test/refusal.ts';
import {
  accept,
  asStaff,
  cookieOf,
  createShop,
  mailedLink,
  PASSWORD,
  shopWithOwner,
  signedIn,
  tokenOf,
} from '../../test/console-kit.ts';

const signIn = (
  app: Parameters<typeof accept>[0],
  email: string,
  password: string,
  remoteAddress = '10.0.0.1',
) => app.inject({ method: 'POST', url: '/api/console/session', payload: { email, password }, remoteAddress });

describeEachDb('console sign-in, session and passwords', (ctx) => {
  it('signs in with e-mail (any case) and password; /me lists shops and roles; sign-out ends the session', async () => {
    const { app, db } = ctx();
    const { owner } = await shopWithOwner(app, 'padaria-sol');
    const res = await signIn(app, 'DONA@padaria-sol.example', PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'vitrine_console')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const me = await app.inject({ url: '/api/console/me', headers: { cookie: cookieOf(res) } });
    expect(me.json().data).toMatchObject({
      user: { email: 'dona@padaria-sol.example', name: 'Dona Ana' },
      shops: [
        { slug: 'padaria-sol', name: 'Loja padaria-sol', timeZone: 'America/Sao_Paulo', role: 'owner' },
      ],
    });
    expect(me.body).not.toContain(cookie.value);
    const stored = await db.query<{ token_hash: string }>('select token_hash from staff_sessions');
    expect(stored.map((r) => r.token_hash)).not.toContain(cookie.value);

    expectRefusal(
      await asStaff(app, owner, { method: 'DELETE', url: '/api/console/session', csrf: false }),
      403,
    );
    const out = await asStaff(app, owner, { method: 'DELETE', url: '/api/console/session' });
    expect(out.statusCode, out.body).toBe(200);
    const after = expectRefusal(
      await app.inject({ url: '/api/console/me', headers: { cookie: owner.cookie } }),
      401,
    );
    expect(after.message).toBe('Sua sessão do console expirou. Entre novamente.');
  });

  it('refuses a wrong password and an unknown e-mail alike; no cookie → 401; bad input → 400 in pt-BR', async () => {
    const { app } = ctx();
    await shopWithOwner(app, 'padaria-lua');
    const wrong = expectRefusal(await signIn(app, 'dona@padaria-lua.example', 'errada-123', '10.0.1.1'), 401);
    const unknown = expectRefusal(
      await signIn(app, 'ninguem@padaria-lua.example', PASSWORD, '10.0.1.2'),
      401,
    );
    expect(wrong).toEqual(unknown);
    expect(wrong.message).toBe('E-mail ou senha incorretos.');
    const none = expectRefusal(await app.inject({ url: '/api/console/me' }), 401);
    expect(none.message).toBe('Entre no console da loja para continuar.');
    const bad = expectRefusal(
      await app.inject({ method: 'POST', url: '/api/console/session', payload: { email: 'não-é-email' } }),
      400,
    );
    expect(bad.message).toMatch(/^Dados inválidos/);
    expectRefusal(
      await app.inject({ url: '/api/console/me', headers: { cookie: 'vitrine_console=lixo' } }),
      401,
    );
  });

  it('rate-limits failed sign-ins per e-mail from one address; the owner elsewhere still signs in', async () => {
    const { app } = ctx();
    await shopWithOwner(app, 'padaria-mar');
    for (let i = 0; i < 10; i++)
      expectRefusal(await signIn(app, 'dona@padaria-mar.example', `errada-${i}`, '10.1.0.1'), 401);
    const limited = await signIn(app, 'dona@padaria-mar.example', PASSWORD, '10.1.0.1');
    expectRefusal(limited, 429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await signIn(app, 'dona@padaria-mar.example', PASSWORD, '10.1.1.1')).statusCode).toBe(200);
  });

  it('forgotten password: same answer for any e-mail; the mailed link sets a new password once', async () => {
    const { app, db } = ctx();
    const { owner } = await shopWithOwner(app, 'padaria-rio');
    const forgot = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/console/password/forgot',
        payload: { email },
        remoteAddress: '10.2.0.1',
      });
    const known = await forgot('dona@padaria-rio.example');
    const unknown = await forgot('ninguem@padaria-rio.example');
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
    const outbox = await db.query<{ payload: unknown }>(
      `select payload from outbox where type = 'staff.reset-email'`,
    );
    expect(JSON.stringify(outbox)).not.toMatch(/#[A-Za-z0-9_-]{43}/);

    const link = await mailedLink(db, app, 'dona@padaria-rio.example');
    expect(link).toMatch(/^http:\/\/vitrine\.test\/console\/redefinir-senha#/);
    const reset = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/console/password/reset',
        payload: { token: tokenOf(link), password },
      });
    expectRefusal(await reset('curta'), 400);
    const done = await reset('nova-senha-456');
    expect(done.statusCode, done.body).toBe(200);
    expectRefusal(await reset('outra-senha-789'), 400);
    expectRefusal(await app.inject({ url: '/api/console/me', headers: { cookie: owner.cookie } }), 401);
    expect((await signIn(app, 'dona@padaria-rio.example', 'nova-senha-456', '10.2.0.2')).statusCode).toBe(
      200,
    );
  });

  it('a one-time console link of the platform signs the staff member in once', async () => {
    const { app } = ctx();
    await shopWithOwner(app, 'padaria-ceu');
    const link = (email: string, key = TEST_PLATFORM_KEY) =>
      app.inject({
        method: 'POST',
        url: '/api/platform/shops/padaria-ceu/console-links',
        headers: { authorization: `Bearer ${key}` },
        payload: { email },
      });
    expectRefusal(await link('dona@padaria-ceu.example', 'chave-errada-0123456789'), 401);
    expectRefusal(await link('ninguem@padaria-ceu.example'), 404);
    const res = await link('dona@padaria-ceu.example');
    expect(res.statusCode, res.body).toBe(201);
    const { url, expiresAt } = res.json().data;
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const use = () =>
      app.inject({ method: 'POST', url: '/api/console/session/link', payload: { token: tokenOf(url) } });
    const first = await use();
    expect(first.statusCode, first.body).toBe(200);
    await signedIn(app, cookieOf(first), 'dona@padaria-ceu.example');
    expectRefusal(await use(), 400);
  });
});

describeEachDb('console session expiry (idle 120 min, absolute 7 days by default)', (ctx) => {
  it('a session unused past the idle time answers 401 and is gone', async () => {
    const { app, db } = ctx();
    const created = await createShop(app, 'padaria-ocio', 'dona@padaria-ocio.example');
    const owner = await accept(app, created.invitationUrl, 'dona@padaria-ocio.example');
    await db.query(`update staff_sessions set last_seen_at = now() - interval '121 minutes'`);
    expectRefusal(await app.inject({ url: '/api/console/me', headers: { cookie: owner.cookie } }), 401);
    expect(await db.query('select id from staff_sessions')).toEqual([]);
  });

  it('a session past its absolute expiry answers 401 even when used', async () => {
    const { app, db } = ctx();
    const created = await createShop(app, 'padaria-fim', 'dona@padaria-fim.example');
    const owner = await accept(app, created.invitationUrl, 'dona@padaria-fim.example');
    await db.query(`update staff_sessions set expires_at = now() - interval '1 second'`);
    expectRefusal(await app.inject({ url: '/api/console/me', headers: { cookie: owner.cookie } }), 401);
  });
});

describeEachDb('console rate limits', (ctx) => {
  it('forgotten-password e-mails: 3 per e-mail, then 429 whatever the address', async () => {
    const { app } = ctx();
    await shopWithOwner(app, 'padaria-pao');
    const forgot = (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/console/password/forgot',
        payload: { email: 'dona@padaria-pao.example' },
        remoteAddress,
      });
    for (let i = 0; i < 3; i++) expect((await forgot(`10.3.0.${i}`)).statusCode).toBe(200);
    const limited = expectRefusal(await forgot('10.3.1.1'), 429);
    expect(limited.message).toMatch(/^Muitas tentativas/);
  });
});
