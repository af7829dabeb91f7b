import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/test-app.ts';
import { expectRefusal } from '../../test/refusal.ts';
import {
  asStaff,
  createShop,
  inviteAndAccept,
  mailedLink,
  PASSWORD,
  shopWithOwner,
  tokenOf,
} from '../../test/console-kit.ts';

describeEachDb('console team: invitations, roles, removal, audit', (ctx) => {
  it('the owner invites an agent by e-mail; the agent accepts and gets 403 on the team, 200 on the checklist', async () => {
    const { app, db } = ctx();
    const { owner } = await shopWithOwner(app, 'mercado-a');
    const invite = (body: object, csrf = true) =>
      asStaff(app, owner, {
        method: 'POST',
        url: '/api/console/shops/mercado-a/team/invitations',
        payload: body,
        csrf,
      });
    expectRefusal(await invite({ email: 'ze@mercado-a.example', role: 'agent' }, false), 403);
    expectRefusal(await invite({ email: 'ze@mercado-a.example', role: 'rei' }), 400);
    expectRefusal(await invite({ email: 'dona@mercado-a.example', role: 'agent' }), 409);
    const res = await invite({ email: 'Ze@Mercado-A.example', role: 'agent' });
    expect(res.statusCode, res.body).toBe(201);

    const link = await mailedLink(db, app, 'ze@mercado-a.example');
    const preview = await app.inject({
      method: 'POST',
      url: '/api/console/invitations/preview',
      payload: { token: tokenOf(link) },
    });
    expect(preview.json().data).toEqual({
      shop: { slug: 'mercado-a', name: 'Loja mercado-a' },
      email: 'ze@mercado-a.example',
      role: 'agent',
      existingAccount: false,
    });
    const noName = await app.inject({
      method: 'POST',
      url: '/api/console/invitations/accept',
      payload: { token: tokenOf(link) },
    });
    expect(expectRefusal(noName, 400).message).toBe(
      'Informe seu nome e crie uma senha para aceitar o convite.',
    );

    const agent = await inviteAndAccept(app, db, 'mercado-a', owner, 'bia@mercado-a.example', 'agent');
    expectRefusal(await asStaff(app, agent, { url: '/api/console/shops/mercado-a/team' }), 403);
    expectRefusal(await asStaff(app, agent, { url: '/api/console/shops/mercado-a/audit' }), 403);
    const checklist = await asStaff(app, agent, { url: '/api/console/shops/mercado-a/checklist' });
    expect(checklist.statusCode, checklist.body).toBe(200);
    const team = await asStaff(app, owner, { url: '/api/console/shops/mercado-a/team' });
    expect(team.json().data.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['dona@mercado-a.example', 'owner'],
      ['bia@mercado-a.example', 'agent'],
    ]);
    expect(team.json().data.invitations.map((i: { email: string }) => i.email)).toEqual([
      'ze@mercado-a.example',
    ]);
  });

  it("another shop's owner gets 404 on every route of this shop; an unknown shop answers the same", async () => {
    const { app } = ctx();
    await shopWithOwner(app, 'mercado-b');
    const { owner: stranger } = await shopWithOwner(app, 'mercado-c');
    for (const url of ['team', 'checklist', 'audit'])
      expectRefusal(await asStaff(app, stranger, { url: `/api/console/shops/mercado-b/${url}` }), 404);
    const ghost = expectRefusal(
      await asStaff(app, stranger, { url: '/api/console/shops/nao-existe/team' }),
      404,
    );
    expect(ghost.message).toBe('Loja não encontrada.');
    expectRefusal(
      await asStaff(app, stranger, {
        method: 'POST',
        url: '/api/console/shops/mercado-b/team/invitations',
        payload: { email: 'x@y.example', role: 'owner' },
      }),
      404,
    );
  });

  it('an existing account accepts with its password; roles change and access is removed, never the last owner', async () => {
    const { app, db } = ctx();
    const { owner } = await shopWithOwner(app, 'mercado-d');
    const second = await createShop(app, 'mercado-e', 'dona@mercado-d.example');
    const acceptWith = (password?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/console/invitations/accept',
        payload: { token: tokenOf(second.invitationUrl), ...(password ? { password } : {}) },
      });
    expectRefusal(await acceptWith(), 400);
    expectRefusal(await acceptWith('senha-errada-1'), 401);
    expect((await acceptWith(PASSWORD)).statusCode).toBe(200);
    const me = await app.inject({ url: '/api/console/me', headers: { cookie: owner.cookie } });
    expect(
      me
        .json()
        .data.shops.map((s: { slug: string }) => s.slug)
        .sort(),
    ).toEqual(['mercado-d', 'mercado-e']);

    const ownerId = me.json().data.user.id as string;
    const manager = await inviteAndAccept(app, db, 'mercado-d', owner, 'gil@mercado-d.example', 'manager');
    expectRefusal(await asStaff(app, manager, { url: '/api/console/shops/mercado-d/team' }), 403);
    const managerId = (
      await app.inject({ url: '/api/console/me', headers: { cookie: manager.cookie } })
    ).json().data.user.id as string;
    const member = (userId: string) => `/api/console/shops/mercado-d/team/members/${userId}`;
    const demote = await asStaff(app, owner, {
      method: 'PUT',
      url: member(ownerId),
      payload: { role: 'agent' },
    });
    expect(expectRefusal(demote, 409).message).toBe('A loja precisa de pelo menos um proprietário.');
    expectRefusal(await asStaff(app, owner, { method: 'DELETE', url: member(ownerId) }), 409);
    expectRefusal(
      await asStaff(app, owner, { method: 'PUT', url: member('stu_nao-existe'), payload: { role: 'agent' } }),
      400,
    );

    expect(
      (await asStaff(app, owner, { method: 'PUT', url: member(managerId), payload: { role: 'owner' } }))
        .statusCode,
    ).toBe(200);
    expect((await asStaff(app, manager, { url: '/api/console/shops/mercado-d/team' })).statusCode).toBe(200);
    expect((await asStaff(app, owner, { method: 'DELETE', url: member(managerId) })).statusCode).toBe(200);
    // Removal also ends the person's console sessions (issue 39): the old cookie is signed out, not just refused.
    expectRefusal(await asStaff(app, manager, { url: '/api/console/shops/mercado-d/checklist' }), 401);

    const audit = await asStaff(app, owner, { url: '/api/console/shops/mercado-d/audit' });
    expect(audit.json().data.entries.map((e: { action: string }) => e.action)).toEqual([
      'member.removed',
      'member.role-changed',
      'invitation.accepted',
      'invitation.sent',
      'invitation.accepted',
      'invitation.sent',
      'shop.created',
    ]);
    expect(audit.body).not.toMatch(/#[A-Za-z0-9_-]{43}|scrypt\$/);
  });

  it('a canceled invitation link no longer works', async () => {
    const { app, db } = ctx();
    const { owner } = await shopWithOwner(app, 'mercado-f');
    const res = await asStaff(app, owner, {
      method: 'POST',
      url: '/api/console/shops/mercado-f/team/invitations',
      payload: { email: 'leo@mercado-f.example', role: 'manager' },
    });
    const link = await mailedLink(db, app, 'leo@mercado-f.example');
    const id = res.json().data.id as string;
    const cancel = await asStaff(app, owner, {
      method: 'DELETE',
      url: `/api/console/shops/mercado-f/team/invitations/${id}`,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const accept = await app.inject({
      method: 'POST',
      url: '/api/console/invitations/accept',
      payload: { token: tokenOf(link), name: 'Leo', password: PASSWORD },
    });
    expect(expectRefusal(accept, 400).message).toBe(
      'Este link é inválido, já foi usado ou expirou. Peça um novo.',
    );
  });
});
