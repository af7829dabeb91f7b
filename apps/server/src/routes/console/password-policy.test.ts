/**
 * Issue 39, item 6: a new console password has at least 12 characters and no composition rule (ASVS 2.1); a
 * password set before the rule still signs in and accepts invitations; personal-data answers are never cached.
 */
import { expect, it } from 'vitest';
import { placeTestOrder } from '../../test/board-kit.ts';
import { hashPassword } from '../../modules/staff/password.ts';
import { mintSession } from '../../modules/order/order-test-kit.ts';
import { asStaff, createShop, mailedLink, shopWithOwner, tokenOf } from '../../test/console-kit.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { seedDemo } from '../../db/seed/demo.ts';

describeEachDb(
  'console passwords and personal-data caching',
  (ctx) => {
    it('a new account needs 12 characters, any of them; 12345678 is refused in pt-BR', async () => {
      const { app } = ctx();
      const created = await createShop(app, 'senha-nova', 'dona@senha-nova.example');
      const accept = (password: string) =>
        app.inject({
          method: 'POST',
          url: '/api/console/invitations/accept',
          payload: { token: tokenOf(created.invitationUrl), name: 'Dona', password },
        });
      for (const short of ['12345678', 'onze-letras']) {
        const refused = expectRefusal(await accept(short), 400);
        expect(refused.message).toMatch(/A senha deve ter pelo menos 12 caracteres/);
      }
      expect((await accept('abcdefghijkl')).statusCode).toBe(200);
    });

    it('a reset needs 12 characters; a password set before the rule still signs in and accepts', async () => {
      const { app, db, config } = ctx();
      await shopWithOwner(app, 'senha-antiga');
      const email = 'dona@senha-antiga.example';
      await db.query('update staff_users set password_hash = $1 where email = $2', [
        await hashPassword('antiga-8', config.staff.scryptCost),
        email,
      ]);
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/console/session',
        payload: { email, password: 'antiga-8' },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      // Invited to another shop, the old password accepts.
      const { owner: other } = await shopWithOwner(app, 'senha-outra');
      const invite = await asStaff(app, other, {
        method: 'POST',
        url: '/api/console/shops/senha-outra/team/invitations',
        payload: { email, role: 'agent' },
      });
      expect(invite.statusCode, invite.body).toBe(201);
      const accepted = await app.inject({
        method: 'POST',
        url: '/api/console/invitations/accept',
        payload: { token: tokenOf(await mailedLink(db, app, email)), password: 'antiga-8' },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      // A reset to a short one is refused; a long one is set.
      await app.inject({ method: 'POST', url: '/api/console/password/forgot', payload: { email } });
      const token = tokenOf(await mailedLink(db, app, email));
      const reset = (password: string) =>
        app.inject({ method: 'POST', url: '/api/console/password/reset', payload: { token, password } });
      expect(expectRefusal(await reset('12345678'), 400).message).toMatch(/pelo menos 12 caracteres/);
      expect((await reset('uma senha longa')).statusCode).toBe(200);
    });

    it('order details, the console and the session answer Cache-Control: no-store', async () => {
      const { app, db } = ctx();
      const { owner, shop } = await shopWithOwner(app, 'sem-cache');
      const orderId = await placeTestOrder(db, shop.id, {
        name: 'Ana',
        phone: '5511900000099',
        confirmedAt: '2026-11-21T12:00:00Z',
      });
      const code = await mintSession(app);
      const answers = [
        await asStaff(app, owner, { url: `/api/console/shops/sem-cache/orders/${orderId}` }),
        await asStaff(app, owner, { url: '/api/console/me' }),
        await app.inject({ url: '/api/order/current', headers: { authorization: `Bearer ${code}` } }),
        await app.inject({ url: `/api/session/${code}` }),
        await app.inject({ url: '/api/order/current' }),
      ];
      for (const res of answers) expect(res.headers['cache-control'], res.body).toBe('no-store');
    });
  },
  { setup: async (db) => void (await seedDemo(db)) },
);
