/**
 * Input at the edge (issue 14): whatever a client sends — NUL bytes, invalid UTF-8, bad percent-encoding,
 * over-long parameters, oversized headers, queries and bodies, unknown routes, wrong content types — is
 * answered with a 4xx in our envelope with a pt-BR message, never a 5xx nor one of Fastify's English errors.
 */
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { describeEachDb, testConfig } from '../test/test-app.ts';
import { createTestDb } from '../test/test-db.ts';
import { mintSession } from '../modules/order/order-test-kit.ts';
import { expectRefusal } from '../test/refusal.ts';

describeEachDb(
  'input at the edge',
  (ctx) => {
    let auth: Record<string, string>;
    beforeAll(async () => {
      auth = { authorization: `Bearer ${await mintSession(ctx().app, { agent: true })}` };
    });
    const inject = (
      method: 'GET' | 'POST' | 'DELETE',
      url: string,
      payload?: string | object,
      headers = {},
    ) =>
      ctx().app.inject({
        method,
        url,
        headers: {
          ...auth,
          ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(payload === undefined ? {} : { payload }),
      });

    it.each([
      ['GET', '/api/catalog/products/%00'],
      ['GET', '/api/catalog/products/a%00b?x=1'],
      ['GET', '/api/order/current?coupon=%00'],
      ['POST', '/api/order/coupon/?coupon=a%00'],
      ['GET', '/tray/link-store/%00?apiAddress=https%3A%2F%2Floja.example'],
      ['GET', '/tray/link-store/loja?apiAddress=a%00'],
      ['POST', '/api/webhooks/payments/vitrine/a%00b'],
      ['GET', '/api/session/ab%00cdefghijkl'],
      ['POST', '/api/order/send/product/a%00b'],
    ] as const)('NUL in the URL: %s %s → 400 envelope', async (method, url) => {
      const res = await inject(method, url, method === 'POST' ? '{}' : undefined);
      expect(expectRefusal(res, 400).code).toBe('invalidEncoding');
    });

    it.each([
      ['/api/order/schedule', { id: 'a\u0000b' }],
      ['/api/order/items/', { providerId: 'x\u0000', quantity: 1 }],
      ['/api/customer/update', { name: 'Ana\u0000', email: 'a@b.com' }],
      ['/api/catalog/products/searchText', { searchQuery: 'ab\u0000c', pageNumber: 0, perPage: 10 }],
    ])('NUL in a JSON string: POST %s → 400 envelope', async (url, body) => {
      const res = await inject('POST', url, JSON.stringify(body));
      expect(expectRefusal(res, 400).code).toBe('invalidEncoding');
    });

    it('NUL in a JSON key, nested deep in an array → 400', async () => {
      const res = await inject('POST', '/api/order/schedule', '{"id":"x","a":[{"b\\u0000":1}]}');
      expect(expectRefusal(res, 400).code).toBe('invalidEncoding');
    });

    it('invalid UTF-8: bad bytes in a JSON body, a lone surrogate escape, overlong and bad query escapes', async () => {
      const raw = Buffer.concat([Buffer.from('{"id":"a'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
      const bytes = await ctx().app.inject({
        method: 'POST',
        url: '/api/order/schedule',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: raw,
      });
      expect(expectRefusal(bytes, 400).code).toBe('invalidEncoding');
      const surrogate = await inject('POST', '/api/order/schedule', '{"id":"\\ud800"}');
      expect(expectRefusal(surrogate, 400).code).toBe('invalidEncoding');
      for (const url of ['/api/order/coupon/?coupon=%FF%FE', '/api/order/coupon/?coupon=%C0%AE']) {
        expect(expectRefusal(await inject('POST', url, '{}'), 400).code).toBe('invalidEncoding');
      }
      expect(expectRefusal(await inject('GET', '/api/order/current?x=%E2%82'), 400).code).toBe(
        'invalidEncoding',
      );
    });

    it('bad percent-encoding in the path (FST_ERR_BAD_URL) → 400 envelope in Portuguese', async () => {
      for (const url of ['/api/session/%C0%AE', '/api/catalog/products/%E0%A4%A', '/api/session/%']) {
        const res = await inject('GET', url);
        const error = expectRefusal(res, 400);
        expect(['invalidUrl', 'invalidEncoding']).toContain(error.code);
      }
    });

    it('an over-long path parameter (FST_ERR_MAX_PARAM_LENGTH) → 414 envelope', async () => {
      const res = await inject('GET', `/api/catalog/products/${'a'.repeat(5000)}`);
      expect(expectRefusal(res, 414).code).toBe('paramTooLong');
    });

    it('unknown /api routes and methods → 404 envelope', async () => {
      expect(expectRefusal(await inject('GET', '/api/nada'), 404).code).toBe('routeNotFound');
      expect(expectRefusal(await inject('DELETE', '/api/order/current'), 404).code).toBe('routeNotFound');
      expect(expectRefusal(await inject('GET', '/api/..%2f..%2fetc%2fpasswd'), 404).code).toBe(
        'routeNotFound',
      );
    });

    it('wrong content types and bodies: xml, form, text, malformed and oversized JSON', async () => {
      const post = (type: string, payload: string) =>
        inject('POST', '/api/order/schedule', payload, { 'content-type': type });
      expectRefusal(await post('application/xml', '<id>1</id>'), 415);
      expectRefusal(await post('application/x-www-form-urlencoded', 'id=1'), 415);
      expectRefusal(await post('multipart/form-data; boundary=x', '--x--'), 415);
      expectRefusal(await post('text/plain', 'id'), 400);
      expectRefusal(await post('application/json', '{"id":'), 400);
      expectRefusal(await post('application/json', `{"id":"${'a'.repeat(300 * 1024)}"}`), 413);
      expectRefusal(await post('application/json', `${'['.repeat(50_000)}${']'.repeat(50_000)}`), 400);
    });
  },
  { setup: async (db) => void (await seedDemo(db)) },
);

/** What a raw HTTP/1.1 client gets back for `request` (the Node parser refuses some before Fastify sees them). */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
    socket.write(request);
  });
}

describe('requests the HTTP parser refuses (real socket)', () => {
  let app: FastifyInstance;
  let port: number;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const test = await createTestDb('pglite');
    drop = test.drop;
    app = await buildApp({ db: test.db, config: testConfig(), logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  const parse = (answer: string) => {
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    const statusCode = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
    return { statusCode, body, headers: {}, head };
  };

  it('a 100 KB query string → 431 envelope in Portuguese, not a bare 431', async () => {
    const answer = parse(
      await rawExchange(port, `GET /api/catalog/top?q=${'a'.repeat(100 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`),
    );
    expect(expectRefusal(answer, 431).code).toBe('headersTooLarge');
    expect(answer.head).toMatch(/content-type: application\/json; charset=utf-8/i);
  });

  it('oversized headers → 431 envelope; a malformed request line → 400 envelope', async () => {
    const big = parse(
      await rawExchange(port, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`),
    );
    expect(expectRefusal(big, 431).code).toBe('headersTooLarge');
    const broken = parse(await rawExchange(port, 'GET /a b c\r\n\r\n'));
    expect(expectRefusal(broken, 400).code).toBe('badRequest');
    const nulHeader = parse(
      await rawExchange(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n'),
    );
    expect(expectRefusal(nulHeader, 400).code).toBe('badRequest');
  });
});
