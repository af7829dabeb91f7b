import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaRoutes } from './media.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(mediaRoutes);
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

const INVALID = {
  success: false,
  data: null,
  errors: [{ code: 'invalidInput', message: 'Imagem inválida.' }],
};

function expectSvgHeaders(headers: Record<string, unknown>) {
  expect(headers['content-type']).toBe('image/svg+xml');
  expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(headers['x-content-type-options']).toBe('nosniff');
}

function expectNoScript(body: string) {
  expect(body).not.toMatch(/<script|javascript:|\son[a-z]+=|<foreignObject|href=/i);
}

describe('GET /media/p/:file', () => {
  it('renders a 400×400 product placeholder with the requested colours and initials', async () => {
    const res = await app.inject('/media/p/acucar-cristal-uniao-1kg-1.svg?bg=1f7a3a&fg=FFFFFF');
    expect(res.statusCode).toBe(200);
    expectSvgHeaders(res.headers);
    const body = res.body;
    expect(body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(body).toContain('width="400"');
    expect(body).toContain('height="400"');
    expect(body).toContain('fill="#1f7a3a"');
    expect(body).toContain('fill="#ffffff"');
    expect(body).toMatch(/>AC<\/text>/);
    expect(body).toContain('Acucar Cristal Uniao 1kg');
    expectNoScript(body);
  });

  it('skips stop words and digits for the initials', async () => {
    const res = await app.inject('/media/p/chocolate-ao-leite-lacta-90g-2.svg?bg=6f1d1b&fg=ffffff');
    expect(res.body).toMatch(/>CL<\/text>/);
    const digits = await app.inject('/media/p/51-cachaca-1.svg?bg=6f1d1b&fg=ffffff');
    expect(digits.body).toMatch(/>C<\/text>/);
  });

  it('uses default colours when none are given and is deterministic', async () => {
    const a = await app.inject('/media/p/banana-prata-1.svg');
    const b = await app.inject('/media/p/banana-prata-1.svg');
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    expect(a.body).toContain('width="400"');
  });

  it.each([
    '/media/p/Banana.svg',
    '/media/p/banana_prata.svg',
    '/media/p/banana.png',
    '/media/p/banana.svg.svg',
    '/media/p/%3Cscript%3E.svg',
    '/media/p/..%2F..%2Fetc%2Fpasswd',
    '/media/p/banana.svg?bg=zzzzzz',
    '/media/p/banana.svg?bg=fff',
    '/media/p/banana.svg?bg=%23ffffff',
    '/media/p/banana.svg?fg=ffffff%22%20onload%3D%22alert(1)',
    '/media/p/banana.svg?bg=ffffff&bg=000000',
  ])('rejects %s with 400 and the error envelope', async (url) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual(INVALID);
  });

  it('rejects over-long names', async () => {
    // 96 characters of slug are accepted; Fastify itself answers 414 past 100 characters of parameter.
    expect((await app.inject(`/media/p/${'a'.repeat(96)}.svg`)).statusCode).toBe(200);
    const res = await app.inject(`/media/p/${'a'.repeat(97)}.svg`);
    expect([400, 414]).toContain(res.statusCode);
  });
});

describe('GET /media/logo/:file', () => {
  it('renders the wordmarks of the demo shops at 240×60', async () => {
    const horti = await app.inject('/media/logo/hortifruti.svg');
    expect(horti.statusCode).toBe(200);
    expectSvgHeaders(horti.headers);
    expect(horti.body).toContain('width="240"');
    expect(horti.body).toContain('height="60"');
    expect(horti.body).toContain('Hortifruti');
    expect(horti.body).toContain('Bom Pre&#231;o');
    expect(horti.body).toContain('#1f7a3a');
    expectNoScript(horti.body);

    const moda = await app.inject('/media/logo/moda.svg');
    expect(moda.statusCode).toBe(200);
    expect(moda.body).toContain('MODA');
    expect(moda.body).toContain('VITRINE');
    expect(moda.body).toContain('#e91e63');
    expect(moda.body).not.toBe(horti.body);
  });

  it('renders a generic wordmark for any other shop', async () => {
    const res = await app.inject('/media/logo/mercado-do-ze.svg?bg=123456');
    expect(res.statusCode).toBe(200);
    expectSvgHeaders(res.headers);
    expect(res.body).toContain('Mercado do Ze');
    expect(res.body).toContain('fill="#123456"');
    expect(res.body).toContain('width="240"');
    expectNoScript(res.body);
  });

  it('rejects invalid logo names', async () => {
    for (const url of ['/media/logo/Moda.svg', '/media/logo/moda.gif', '/media/logo/moda.svg?fg=red']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual(INVALID);
    }
  });
});
