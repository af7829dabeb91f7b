/**
 * Issue 39 item 2: a staff member removed from the team, demoted, whose password is reset or who signs out
 * everywhere loses, at once, every console session and every agent session they opened (a sale started in the
 * console, the "try the shop" link): the old cookie gets 401 'Sua sessão do console expirou…' and the old agent
 * link 401 'Sessão inválida ou expirada.' — with the session cache on, so a cached session is dropped too.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDb } from '../test/test-app.ts';
import { expectRefusal } from '../test/refusal.ts';
import { openSse } from '../test/sse-reader.ts';
import {
  asStaff,
  cookieOf,
  inviteAndAccept,
  mailedLink,
  PASSWORD,
  shopWithOwner,
  signedIn,
  tokenOf,
  type Staff,
} from '../test/console-kit.ts';

/** The agent links a staff member opens: a sale for a contact and the test-shop link. */
async function agentLinks(app: FastifyInstance, slug: string, staff: Staff): Promise<string[]> {
  const sale = await asStaff(app, staff, {
    method: 'POST',
    url: `/api/console/shops/${slug}/sales`,
    payload: { name: 'Joana Prado', phone: '5511912345678' },
  });
  expect(sale.statusCode, sale.body).toBe(201);
  const tryLink = await asStaff(app, staff, {
    method: 'POST',
    url: `/api/console/shops/${slug}/agent-links`,
  });
  expect(tryLink.statusCode, tryLink.body).toBe(200);
  return [sale.json().data.url, tryLink.json().data.url].map((url: string) =>
    decodeURIComponent(tokenOf(url)),
  );
}

const asAgent = (app: FastifyInstance, code: string) =>
  app.inject({ url: '/api/order/current', headers: { authorization: `Bearer ${code}` } });

async function expectAgentLinksWork(app: FastifyInstance, codes: string[]) {
  for (const code of codes) expect((await asAgent(app, code)).statusCode).toBe(200);
}

async function expectAgentLinksRefused(app: FastifyInstance, codes: string[]) {
  for (const code of codes) {
    const refusal = expectRefusal(await asAgent(app, code), 401);
    expect(refusal).toEqual({ code: 'sessionInvalid', message: 'Sessão inválida ou expirada.' });
    const change = await app.inject({
      method: 'POST',
      url: '/api/order/items/',
      headers: { authorization: `Bearer ${code}` },
      payload: { productId: 'qualquer', quantity: 1 },
    });
    expectRefusal(change, 401);
  }
}

async function expectConsoleRefused(app: FastifyInstance, staff: Staff) {
  const refusal = expectRefusal(await asStaff(app, staff, { url: '/api/console/me' }), 401);
  expect(refusal).toEqual({
    code: 'consoleSessionExpired',
    message: 'Sua sessão do console expirou. Entre novamente.',
  });
}

async function memberId(app: FastifyInstance, slug: string, owner: Staff, email: string): Promise<string> {
  const team = await asStaff(app, owner, { url: `/api/console/shops/${slug}/team` });
  return (team.json().data.members as { userId: string; email: string }[]).find((m) => m.email === email)!
    .userId;
}

describeEachDb(
  'console: ending a staff member’s sessions',
  (ctx) => {
    it('removing a member ends their console session and the agent links they opened, not the owner’s', async () => {
      const { app, db } = ctx();
      const { owner } = await shopWithOwner(app, 'fim-remove');
      const agent = await inviteAndAccept(app, db, 'fim-remove', owner, 'caio@fim-remove.example', 'agent');
      const codes = await agentLinks(app, 'fim-remove', agent);
      const ownerCodes = await agentLinks(app, 'fim-remove', owner);
      await expectAgentLinksWork(app, [...codes, ...ownerCodes]); // now in the session cache

      const id = await memberId(app, 'fim-remove', owner, agent.email);
      const removed = await asStaff(app, owner, {
        method: 'DELETE',
        url: `/api/console/shops/fim-remove/team/members/${id}`,
      });
      expect(removed.statusCode, removed.body).toBe(200);
      await expectAgentLinksRefused(app, codes);
      await expectConsoleRefused(app, agent);
      await expectAgentLinksWork(app, ownerCodes);
    });

    it('removal also ends the person’s open streams: the board and an order followed with their agent link', async () => {
      const { app, db } = ctx();
      const { owner } = await shopWithOwner(app, 'fim-fluxo');
      const agent = await inviteAndAccept(app, db, 'fim-fluxo', owner, 'lu@fim-fluxo.example', 'agent');
      const [code] = await agentLinks(app, 'fim-fluxo', agent);
      const order = await asAgent(app, code!);
      const orderId = order.json().data.id as string;
      if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const board = await openSse(`${base}/api/console/shops/fim-fluxo/events`, { cookie: agent.cookie });
      const ownerBoard = await openSse(`${base}/api/console/shops/fim-fluxo/events`, {
        cookie: owner.cookie,
      });
      const live = await openSse(`${base}/api/order/${orderId}/events`, { authorization: `Bearer ${code}` });
      expect([board.status, ownerBoard.status, live.status]).toEqual([200, 200, 200]);
      await live.until((e) => e.event === 'hello');
      const gone = (stream: { ended: Promise<void> }) =>
        Promise.race([
          stream.ended.then(() => true),
          new Promise((resolve) => setTimeout(() => resolve(false), 2000)),
        ]);

      const id = await memberId(app, 'fim-fluxo', owner, agent.email);
      const removed = await asStaff(app, owner, {
        method: 'DELETE',
        url: `/api/console/shops/fim-fluxo/team/members/${id}`,
      });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await gone(board)).toBe(true);
      expect(await gone(live)).toBe(true);
      expect(await gone(ownerBoard)).toBe(false);
      await ownerBoard.close();
    });

    it('demoting a manager ends their sessions; promoting an agent does not', async () => {
      const { app, db } = ctx();
      const { owner } = await shopWithOwner(app, 'fim-papel');
      const manager = await inviteAndAccept(app, db, 'fim-papel', owner, 'gil@fim-papel.example', 'manager');
      const agent = await inviteAndAccept(app, db, 'fim-papel', owner, 'ana@fim-papel.example', 'agent');
      const managerCodes = await agentLinks(app, 'fim-papel', manager);
      const agentCodes = await agentLinks(app, 'fim-papel', agent);
      await expectAgentLinksWork(app, [...managerCodes, ...agentCodes]);

      const role = async (email: string, to: string) => {
        const id = await memberId(app, 'fim-papel', owner, email);
        const res = await asStaff(app, owner, {
          method: 'PUT',
          url: `/api/console/shops/fim-papel/team/members/${id}`,
          payload: { role: to },
        });
        expect(res.statusCode, res.body).toBe(200);
      };
      await role(manager.email, 'agent');
      await role(agent.email, 'manager');
      await expectAgentLinksRefused(app, managerCodes);
      await expectConsoleRefused(app, manager);
      await expectAgentLinksWork(app, agentCodes);
      expect((await asStaff(app, agent, { url: '/api/console/me' })).statusCode).toBe(200);
    });

    it('a password reset ends every console session and agent link of the person', async () => {
      const { app, db } = ctx();
      const { owner } = await shopWithOwner(app, 'fim-senha');
      const agent = await inviteAndAccept(app, db, 'fim-senha', owner, 'bia@fim-senha.example', 'agent');
      const codes = await agentLinks(app, 'fim-senha', agent);
      await expectAgentLinksWork(app, codes);

      const forgot = await app.inject({
        method: 'POST',
        url: '/api/console/password/forgot',
        payload: { email: agent.email },
        remoteAddress: '10.9.0.1',
      });
      expect(forgot.statusCode, forgot.body).toBe(200);
      const link = await mailedLink(db, app, agent.email);
      const reset = await app.inject({
        method: 'POST',
        url: '/api/console/password/reset',
        payload: { token: tokenOf(link), password: 'outra-senha-forte-9' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      await expectAgentLinksRefused(app, codes);
      await expectConsoleRefused(app, agent);
      const fresh = await signedIn(app, cookieOf(reset), agent.email);
      expect((await asStaff(app, fresh, { url: '/api/console/me' })).statusCode).toBe(200);
    });

    it('‘Sair de todos os dispositivos’ ends every console session and agent link of the caller only', async () => {
      const { app, db } = ctx();
      const { owner } = await shopWithOwner(app, 'fim-todos');
      const agent = await inviteAndAccept(app, db, 'fim-todos', owner, 'rui@fim-todos.example', 'agent');
      const other = await app.inject({
        method: 'POST',
        url: '/api/console/session',
        payload: { email: agent.email, password: PASSWORD },
        remoteAddress: '10.9.1.1',
      });
      expect(other.statusCode, other.body).toBe(200);
      const otherDevice = await signedIn(app, cookieOf(other), agent.email);
      const codes = await agentLinks(app, 'fim-todos', agent);
      const ownerCodes = await agentLinks(app, 'fim-todos', owner);
      await expectAgentLinksWork(app, [...codes, ...ownerCodes]);

      expectRefusal(
        await asStaff(app, agent, { method: 'DELETE', url: '/api/console/sessions', csrf: false }),
        403,
      );
      const out = await asStaff(app, agent, { method: 'DELETE', url: '/api/console/sessions' });
      expect(out.statusCode, out.body).toBe(200);
      expect(out.cookies.find((c) => c.name === 'vitrine_console')?.value).toBe('');
      await expectAgentLinksRefused(app, codes);
      await expectConsoleRefused(app, agent);
      await expectConsoleRefused(app, otherDevice);
      await expectAgentLinksWork(app, ownerCodes);
      expect((await asStaff(app, owner, { url: '/api/console/me' })).statusCode).toBe(200);
    });
  },
  { config: { cache: { sessionTtlMs: 60_000, catalogTtlMs: 0 } } },
);
