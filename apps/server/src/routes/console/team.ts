/** The shop's team (owner only) and the invitation links an invited person opens. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInvitationBody,
  changeRoleBody,
  invitationPreview,
  inviteBody,
  linkSignInBody,
  pendingInvitation,
  team,
} from '@vitrine/contracts/console';
import { ok, okSchema } from '../../lib/envelope.ts';
import {
  acceptStaffInvitation,
  cancelStaffInvitation,
  changeStaffRole,
  inviteStaff,
  removeStaff,
} from '../../flows/team/manage.ts';
import { listTeam, previewInvitation } from '../../modules/staff/service.ts';
import { requireStaff, setStaffCookie } from '../../plugins/staff-auth.ts';
import { consoleActor as actorOf, consoleTags as tags, csrfHeaders as headers, shopParams } from './kit.ts';

const done = okSchema(z.object({ done: z.literal(true) }));
const memberParams = shopParams.extend({ userId: z.string().regex(/^stu_[0-9a-z]{26}$/, 'Pessoa inválida') });
const invitationParams = shopParams.extend({
  id: z.string().regex(/^inv_[0-9a-z]{26}$/, 'Convite inválido'),
});

export async function consoleTeamRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/console/invitations/preview',
    {
      schema: {
        tags,
        summary: 'Console: what an invitation link offers',
        body: linkSignInBody,
        response: okSchema(invitationPreview),
      },
    },
    async (request) => ok(await previewInvitation(app.db, request.body.token)),
  );

  r.post(
    '/api/console/invitations/accept',
    {
      schema: {
        tags,
        summary: 'Console: accept an invitation (new account or existing one) and sign in',
        body: acceptInvitationBody,
        response: done,
      },
    },
    async (request, reply) => {
      setStaffCookie(app, reply, await acceptStaffInvitation(app.db, app.config, request.body));
      return ok({ done: true as const });
    },
  );

  r.get(
    '/api/console/shops/:shop/team',
    {
      schema: {
        tags,
        summary: 'Console (owner): members and pending invitations',
        params: shopParams,
        response: okSchema(team),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'owner');
      return ok(await listTeam(app.db, staff.shop.id));
    },
  );

  r.post(
    '/api/console/shops/:shop/team/invitations',
    {
      schema: {
        tags,
        summary: 'Console (owner): invite by e-mail (the link goes out by e-mail)',
        params: shopParams,
        headers,
        body: inviteBody,
        response: { 201: okSchema(pendingInvitation)[200] },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, 'owner');
      const invitation = await inviteStaff(
        app.db,
        app.config,
        actorOf(staff),
        request.body.email,
        request.body.role,
      );
      reply.status(201);
      return ok(invitation);
    },
  );

  r.delete(
    '/api/console/shops/:shop/team/invitations/:id',
    {
      schema: {
        tags,
        summary: 'Console (owner): cancel a pending invitation',
        params: invitationParams,
        headers,
        response: done,
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'owner');
      await cancelStaffInvitation(app.db, actorOf(staff), request.params.id);
      return ok({ done: true as const });
    },
  );

  r.put(
    '/api/console/shops/:shop/team/members/:userId',
    {
      schema: {
        tags,
        summary: "Console (owner): change a member's role (the shop keeps an owner)",
        params: memberParams,
        headers,
        body: changeRoleBody,
        response: done,
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'owner');
      const change = await changeStaffRole(app.db, actorOf(staff), request.params.userId, request.body.role);
      app.forgetSessions(change.endedSessions);
      return ok({ done: true as const });
    },
  );

  r.delete(
    '/api/console/shops/:shop/team/members/:userId',
    {
      schema: {
        tags,
        summary: "Console (owner): remove a member's access (not the last owner)",
        params: memberParams,
        headers,
        response: done,
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'owner');
      app.forgetSessions((await removeStaff(app.db, actorOf(staff), request.params.userId)).endedSessions);
      return ok({ done: true as const });
    },
  );
}
