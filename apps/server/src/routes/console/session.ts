/** Console sign-in and sign-out, the signed-in user, one-time sign-in links and forgotten passwords. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consoleMe,
  forgotPasswordBody,
  linkSignInBody,
  resetPasswordBody,
  signInBody,
} from '@vitrine/contracts/console';
import { ok, okSchema } from '../../lib/envelope.ts';
import { forgotPassword, resetStaffPassword, signOutEverywhere } from '../../flows/team/manage.ts';
import { shopsOfUser, signIn, signInWithLink, signOut } from '../../modules/staff/service.ts';
import { clearStaffCookie, CSRF_HEADER, requireStaff, setStaffCookie } from '../../plugins/staff-auth.ts';

const tags = ['console'];
const done = okSchema(z.object({ done: z.literal(true) }));
const csrfHeaders = z.object({ [CSRF_HEADER]: z.string().optional() });

export async function consoleSessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/console/session',
    {
      schema: {
        tags,
        summary: 'Console: sign in with e-mail and password (sets the cookie)',
        body: signInBody,
        response: done,
      },
    },
    async (request, reply) => {
      setStaffCookie(
        app,
        reply,
        await signIn(app.db, app.config.staff, request.body.email, request.body.password),
      );
      return ok({ done: true as const });
    },
  );

  r.delete(
    '/api/console/session',
    { schema: { tags, summary: 'Console: sign out', headers: csrfHeaders, response: done } },
    async (request, reply) => {
      const staff = await requireStaff(request);
      await signOut(app.db, staff.sessionId);
      clearStaffCookie(app, reply);
      return ok({ done: true as const });
    },
  );

  r.delete(
    '/api/console/sessions',
    {
      schema: {
        tags,
        summary: 'Console: sign out everywhere (every console session and every agent link you opened)',
        headers: csrfHeaders,
        response: done,
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request);
      app.forgetSessions(await signOutEverywhere(app.db, staff.userId));
      clearStaffCookie(app, reply);
      return ok({ done: true as const });
    },
  );

  r.get(
    '/api/console/me',
    {
      schema: {
        tags,
        summary: 'Console: the signed-in user, their shops and roles, the CSRF token',
        response: okSchema(consoleMe),
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      return ok({
        user: { id: staff.userId, email: staff.email, name: staff.name },
        shops: await shopsOfUser(app.db, staff.userId),
        csrfToken: staff.csrfToken,
      });
    },
  );

  r.post(
    '/api/console/session/link',
    {
      schema: {
        tags,
        summary: 'Console: sign in with a one-time link of the chatbot platform',
        body: linkSignInBody,
        response: done,
      },
    },
    async (request, reply) => {
      setStaffCookie(app, reply, await signInWithLink(app.db, app.config.staff, request.body.token));
      return ok({ done: true as const });
    },
  );

  r.post(
    '/api/console/password/forgot',
    {
      schema: {
        tags,
        summary: 'Console: e-mail a password-reset link (same answer for any e-mail)',
        body: forgotPasswordBody,
        response: done,
      },
    },
    async (request) => {
      await forgotPassword(app.db, app.config, request.body.email);
      return ok({ done: true as const });
    },
  );

  r.post(
    '/api/console/password/reset',
    {
      schema: {
        tags,
        summary: 'Console: set a new password from a reset link (signs in)',
        body: resetPasswordBody,
        response: done,
      },
    },
    async (request, reply) => {
      const reset = await resetStaffPassword(app.db, app.config, request.body.token, request.body.password);
      app.forgetSessions(reset.endedSessions);
      setStaffCookie(app, reply, reset.session);
      return ok({ done: true as const });
    },
  );
}
