/**
 * Attacker's suite — guessing a console password (issue 39, items 1, 4 and 6): a burst of simultaneous attempts
 * checks at most the budget (the count is taken before the password is checked); accepting an invitation with
 * an existing account is a password check under the same budget; one address cannot lock the owner out, and a
 * successful sign-in spends nothing.
 */
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../plugins/rate-limits.ts';
import { asStaff, mailedLink, PASSWORD, shopWithOwner, tokenOf } from '../test/console-kit.ts';
import { describeEachDb } from '../test/test-app.ts';

const budget = DEFAULT_RATE_LIMITS.consoleSignIn;

const signIn = (app: FastifyInstance, email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/console/session', payload: { email, password }, remoteAddress });

/** The statuses of `calls` run all at once, counted. */
async function burst(calls: (() => Promise<{ statusCode: number }>)[]) {
  const answers = await Promise.all(calls.map((call) => call()));
  const counts: Record<number, number> = {};
  for (const { statusCode } of answers) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

describeEachDb('attacker: guessing a console password', (ctx) => {
  it('30 simultaneous sign-ins for one e-mail check at most the budget; the rest get 429', async () => {
    const { app } = ctx();
    await shopWithOwner(app, 'rajada-um');
    const counts = await burst(
      Array.from(
        { length: 30 },
        (_, i) => () => signIn(app, 'dona@rajada-um.example', `errada-${i}`, '203.0.113.1'),
      ),
    );
    expect(counts[401]).toBe(budget.perEmailAndIp);
    expect(counts[429]).toBe(30 - budget.perEmailAndIp);
    expect(Object.keys(counts).sort()).toEqual(['401', '429']);
  });

  it('one address guessing does not lock the owner out; every address together stops at the e-mail budget', async () => {
    const { app } = ctx();
    await shopWithOwner(app, 'rajada-dois');
    const email = 'dona@rajada-dois.example';
    for (let i = 0; i < budget.perEmailAndIp; i++)
      expect((await signIn(app, email, `errada-${i}`, '203.0.113.2')).statusCode).toBe(401);
    expect((await signIn(app, email, PASSWORD, '203.0.113.2')).statusCode).toBe(429);
    expect((await signIn(app, email, PASSWORD, '198.51.100.2')).statusCode).toBe(200);

    // A guess spread over many addresses: per e-mail, at most `perEmail` checks in the window.
    const addresses = Math.ceil(budget.perEmail / budget.perEmailAndIp) + 1;
    const counts = await burst(
      Array.from(
        { length: addresses * budget.perEmailAndIp },
        (_, i) => () =>
          signIn(app, email, `errada-${i}`, `203.0.${114 + Math.floor(i / budget.perEmailAndIp)}.9`),
      ),
    );
    expect(counts[401]).toBe(budget.perEmail - budget.perEmailAndIp);
    expect(counts[429]).toBe(addresses * budget.perEmailAndIp - counts[401]!);
  });

  it('successful sign-ins spend nothing of the budget', async () => {
    const { app } = ctx();
    await shopWithOwner(app, 'rajada-tres');
    for (let i = 0; i < budget.perEmailAndIp + 2; i++)
      expect((await signIn(app, 'dona@rajada-tres.example', PASSWORD, '203.0.113.3')).statusCode).toBe(200);
  });

  it('accepting an invitation with an existing account: 30 at once check at most the budget', async () => {
    const { app, db } = ctx();
    const { owner } = await shopWithOwner(app, 'rajada-quatro');
    await shopWithOwner(app, 'rajada-cinco');
    const invited = 'dona@rajada-cinco.example';
    const invite = await asStaff(app, owner, {
      method: 'POST',
      url: '/api/console/shops/rajada-quatro/team/invitations',
      payload: { email: invited, role: 'agent' },
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const token = tokenOf(await mailedLink(db, app, invited));
    const acceptWith = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/console/invitations/accept',
        payload: { token, password },
        remoteAddress: '203.0.113.4',
      });
    const counts = await burst(Array.from({ length: 30 }, (_, i) => () => acceptWith(`errada-${i}`)));
    expect(counts[401]).toBe(budget.perEmailAndIp);
    expect(counts[429]).toBe(30 - budget.perEmailAndIp);
    // The right password from the same address waits too; from another it is accepted.
    expect((await acceptWith(PASSWORD)).statusCode).toBe(429);
    const other = await app.inject({
      method: 'POST',
      url: '/api/console/invitations/accept',
      payload: { token, password: PASSWORD },
      remoteAddress: '198.51.100.4',
    });
    expect(other.statusCode, other.body).toBe(200);
  });
});
