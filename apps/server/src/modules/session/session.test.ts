import { expect, it } from 'vitest';
import { SessionType, ChannelType } from '@vitrine/contracts/enums';
import { describeEachDb, TEST_PLATFORM_KEY } from '../../test/test-app.ts';
import { insertShop } from '../../test/fixtures.ts';
import { PAULISTA_ADDRESS } from '../checkout/checkout-test-kit.ts';
import { createPlatformSession } from './service.ts';

const contactBody = {
  shop: 'loja-a',
  sessionType: 'contact',
  channelType: 'whatsapp',
  contact: { name: 'Maria Silva', phone: '(11) 99999-0001' },
};
const auth = { authorization: `Bearer ${TEST_PLATFORM_KEY}` };

describeEachDb(
  'sessions',
  (ctx) => {
    async function mint(body: object = contactBody) {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/platform/sessions',
        headers: auth,
        payload: body,
      });
      expect(res.statusCode).toBe(201);
      return res.json().data as { code: string; url: string };
    }

    it('mints an unguessable code and a storefront link', async () => {
      const { code, url } = await mint();
      expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
      expect(url).toBe(`http://vitrine.test/catalog?shop=loja-a&channel=whatsapp#${code}`);
      const res = await ctx().app.inject({ url: `/api/session/${code}` });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.sessionType).toBe(SessionType.Contact);
      expect(data.channelType).toBe(ChannelType.WhatsApp);
      expect(data.channelId).toBe('11999990001');
      expect(data.userShop.customer.name).toBe('Maria Silva');
      expect(data.userShop.currentOrder.items).toEqual([]);
      expect(data.userShop.currentOrder.isAnonymousUser).toBe(false);
    });

    it('mints agent sessions and reuses the contact by phone', async () => {
      const contact = await mint();
      const agent = await mint({ ...contactBody, sessionType: 'agent', agent: { name: 'Ana' } });
      expect(agent.url).toBe(`http://vitrine.test/catalog#${agent.code}`); // agents skip the first view
      const c = (await ctx().app.inject({ url: `/api/session/${contact.code}` })).json().data;
      const a = (await ctx().app.inject({ url: `/api/session/${agent.code}` })).json().data;
      expect(a.sessionType).toBe(SessionType.PlatformUser);
      expect(a.userId).toBe(c.userId);
      expect(a.userShop.currentOrder.id).toBe(c.userShop.currentOrder.id);
    });

    it("lists the contact's saved addresses", async () => {
      const { code } = await mint({ ...contactBody, contact: { name: 'Rua', phone: '11977776666' } });
      const added = await ctx().app.inject({
        method: 'POST',
        url: '/api/order/address/',
        headers: { authorization: `Bearer ${code}` },
        payload: PAULISTA_ADDRESS,
      });
      expect(added.statusCode).toBe(200);
      const data = (await ctx().app.inject({ url: `/api/session/${code}` })).json().data;
      expect(data.userShop.addresses).toMatchObject([
        { name: 'Casa', street: 'Avenida Paulista', zipCode: '01310100' },
      ]);
    });

    it('refuses the platform API without the right key', async () => {
      for (const headers of [
        {},
        { authorization: 'Bearer wrong-key-wrong-key-1234' },
        { authorization: 'Basic x' },
      ]) {
        const res = await ctx().app.inject({
          method: 'POST',
          url: '/api/platform/sessions',
          headers,
          payload: contactBody,
        });
        expect(res.statusCode).toBe(401);
        expect(res.json().errors[0].message).toBe('Chave da plataforma inválida.');
      }
    });

    it('answers unknown, malformed and expired codes as invalid sessions', async () => {
      const expired = await createPlatformSession(ctx().db, -1000, contactBody as never);
      for (const code of ['x'.repeat(43), 'abc', expired.code]) {
        const res = await ctx().app.inject({ url: `/api/session/${code}` });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ success: false, errors: [{ code: 'sessionInvalid' }] });
      }
      const bearer = await ctx().app.inject({
        url: '/api/shop/settings',
        headers: { authorization: `Bearer ${expired.code}` },
      });
      expect(bearer.statusCode).toBe(401);
      expect(bearer.json().errors[0].message).toBe('Sessão inválida ou expirada.');
    });

    it('scopes a session to its shop', async () => {
      const a = await mint();
      const b = await mint({ ...contactBody, shop: 'loja-b' });
      const settingsA = await ctx().app.inject({
        url: '/api/shop/settings',
        headers: { authorization: `Bearer ${a.code}` },
      });
      const settingsB = await ctx().app.inject({
        url: '/api/shop/settings',
        headers: { authorization: `Bearer ${b.code}` },
      });
      expect(settingsA.json().data.slug).toBe('loja-a');
      expect(settingsB.json().data.slug).toBe('loja-b');
      const orderA = await ctx().app.inject({
        url: '/api/order/current',
        headers: { authorization: `Bearer ${a.code}` },
      });
      const orderB = await ctx().app.inject({
        url: '/api/order/current',
        headers: { authorization: `Bearer ${b.code}` },
      });
      expect(orderA.json().data.id).not.toBe(orderB.json().data.id);
    });

    it('gives every anonymous visitor their own session and order', async () => {
      const first = (await ctx().app.inject({ url: '/api/session/anonymous?shop=loja-a' })).json().data;
      const second = (await ctx().app.inject({ url: '/api/session/anonymous?shop=loja-a' })).json().data;
      expect(first.code).not.toBe(second.code);
      expect(first.userId).toContain('anonymous');
      expect(first.userId).not.toBe(second.userId);
      expect(first.userShop.currentOrder.id).not.toBe(second.userShop.currentOrder.id);
      expect(first.userShop.currentOrder.isAnonymousUser).toBe(true);
      const again = (await ctx().app.inject({ url: `/api/session/${first.code}` })).json().data;
      expect(again.userShop.currentOrder.id).toBe(first.userShop.currentOrder.id);
    });

    it('creates one current order under concurrent first loads', async () => {
      const { code } = await mint({ ...contactBody, contact: { name: 'João', phone: '11988887777' } });
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          ctx().app.inject({ url: '/api/order/current', headers: { authorization: `Bearer ${code}` } }),
        ),
      );
      const ids = new Set(results.map((r) => r.json().data.id));
      expect(ids.size).toBe(1);
    });

    it('answers bad input with 4xx and a pt-BR message, writing nothing', async () => {
      const before = await ctx().db.query<{ n: number }>('select count(*)::int as n from sessions');
      const cases: { payload: string | object; status: number; contentType?: string }[] = [
        { payload: { ...contactBody, sessionType: 'admin' }, status: 400 },
        { payload: { ...contactBody, extra: 1 }, status: 400 },
        { payload: { ...contactBody, contact: { name: '', phone: '11' } }, status: 400 },
        { payload: { ...contactBody, shop: 'nao-existe' }, status: 404 },
        { payload: '{"shop":', status: 400, contentType: 'application/json' },
        {
          payload: JSON.stringify({ ...contactBody, pad: 'x'.repeat(300_000) }),
          status: 413,
          contentType: 'application/json',
        },
        { payload: 'shop=loja-a', status: 415, contentType: 'application/x-www-form-urlencoded' },
      ];
      for (const c of cases) {
        const res = await ctx().app.inject({
          method: 'POST',
          url: '/api/platform/sessions',
          headers: { ...auth, ...(c.contentType ? { 'content-type': c.contentType } : {}) },
          payload: c.payload,
        });
        expect(res.statusCode, JSON.stringify(c).slice(0, 80)).toBe(c.status);
        const body = res.json();
        expect(body.success).toBe(false);
        expect(body.errors[0].message).toMatch(/[a-zà-ú]/i);
      }
      const after = await ctx().db.query<{ n: number }>('select count(*)::int as n from sessions');
      expect(after[0]!.n).toBe(before[0]!.n);
      const longCode = await ctx().app.inject({ url: `/api/session/${'a'.repeat(500)}` });
      expect(longCode.statusCode).toBe(400);
      const badShop = await ctx().app.inject({ url: '/api/session/anonymous?shop=../../etc' });
      expect(badShop.statusCode).toBe(400);
      const badBearer = await ctx().app.inject({
        url: '/api/order/current',
        headers: { authorization: 'Bearer <script>' },
      });
      expect(badBearer.statusCode).toBe(401);
      const noSession = await ctx().app.inject({ url: '/api/order/current' });
      expect(noSession.statusCode).toBe(401);
      expect(noSession.json().errors[0].message).toBe(
        'Sessão não informada. Abra o link recebido na conversa.',
      );
    });
  },
  {
    setup: async (db) => {
      await insertShop(db, 'loja-a', {
        style: { defaultColor: '#112233', secondaryColor: '#445566', urlLogo: null },
      });
      await insertShop(db, 'loja-b');
    },
    config: { defaultShop: 'loja-a' },
  },
);
