import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeHttpServer, type FakeHttpServer } from './channels/fake-http-server.ts';
import {
  guardedFetch,
  guardedLookup,
  isPrivateAddress,
  namesPrivateHost,
  PrivateAddressRefused,
} from './public-address.ts';

describe('SSRF guard: addresses a shop types are public in production', () => {
  it('knows the private, loopback, link-local and mapped addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '224.0.0.1',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['8.8.8.8', '172.32.0.1', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(ip), ip).toBe(false);
    expect(isPrivateAddress('not-an-ip')).toBe(true);
  });

  it('refuses localhost and private IP literals without a DNS look-up', () => {
    for (const url of [
      'https://localhost/e',
      'https://api.localhost/e',
      'https://10.0.0.5/e',
      'https://[::1]:8443/e',
    ])
      expect(namesPrivateHost(new URL(url)), url).toBe(true);
    expect(namesPrivateHost(new URL('https://bot.example.com/e'))).toBe(false);
  });

  it('looks a name up at connect time: refused if any answer is private, the answers otherwise', async () => {
    const dns: Record<string, string[]> = {
      'bot.example.com': ['93.184.216.34'],
      'rebind.example.com': ['93.184.216.34', '169.254.169.254'],
      'v6.example.com': ['2606:4700:4700::1111'],
      'empty.example.com': [],
    };
    const lookup = guardedLookup(async (host) => {
      const found = dns[host];
      if (!found) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
      return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    });
    const look = (host: string, options: { all?: boolean; family?: number } = {}) =>
      new Promise<{ error: Error | null; address: unknown; family?: number }>((done) =>
        lookup(host, options, (error, address, family) => done({ error, address, family })),
      );
    expect(await look('bot.example.com')).toEqual({ error: null, address: '93.184.216.34', family: 4 });
    expect((await look('bot.example.com', { all: true })).address).toEqual([
      { address: '93.184.216.34', family: 4 },
    ]);
    expect((await look('rebind.example.com')).error).toBeInstanceOf(PrivateAddressRefused);
    expect((await look('rebind.example.com', { all: true })).error).toBeInstanceOf(PrivateAddressRefused);
    expect((await look('v6.example.com', { family: 4 })).error).toMatchObject({ code: 'ENOTFOUND' });
    expect((await look('empty.example.com')).error).toMatchObject({ code: 'ENOTFOUND' });
    expect((await look('missing.example.com')).error).toMatchObject({ code: 'ENOTFOUND' });
  });
});

describe('guarded fetch: production connections never reach a private address', () => {
  let bot: FakeHttpServer;
  beforeAll(async () => {
    bot = await startFakeHttpServer();
  });
  afterAll(() => bot.close());
  const port = () => new URL(bot.url).port;
  const toLoopback = async () => [{ address: '127.0.0.1', family: 4 }];
  const post = (fetchFn: typeof fetch, url: string) => fetchFn(url, { method: 'POST', body: '{}' });

  it('refuses a name that resolves to 127.0.0.1 (no request) and reaches it in demo mode', async () => {
    bot.requests.length = 0;
    const production = guardedFetch({ allowPrivate: false, resolve: toLoopback });
    await expect(post(production, `http://bot.example.com:${port()}/e`)).rejects.toBeInstanceOf(
      PrivateAddressRefused,
    );
    // The system resolver: localhost is loopback whatever it answers.
    await expect(
      post(guardedFetch({ allowPrivate: false }), `http://localhost:${port()}/e`),
    ).rejects.toBeInstanceOf(PrivateAddressRefused);
    expect(bot.requests).toHaveLength(0);

    const demo = guardedFetch({ allowPrivate: true });
    expect((await post(demo, `${bot.url}/e`)).status).toBe(200);
    expect(bot.requests).toHaveLength(1);
  });

  it('refuses private IP literals before any request (literals are not looked up)', async () => {
    bot.requests.length = 0;
    const resolve = vi.fn(toLoopback);
    const production = guardedFetch({ allowPrivate: false, resolve });
    for (const url of [
      `${bot.url}/e`,
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:9/e',
      'http://10.0.0.5/e',
    ])
      await expect(post(production, url), url).rejects.toBeInstanceOf(PrivateAddressRefused);
    expect(resolve).not.toHaveBeenCalled();
    expect(bot.requests).toHaveLength(0);
  });

  it('a name that resolves to an address counted as public is reached (test allow-list)', async () => {
    bot.requests.length = 0;
    const resolve = vi.fn(toLoopback);
    const production = guardedFetch({ allowPrivate: false, resolve, allowAddresses: ['127.0.0.1'] });
    const response = await post(production, `http://bot.example.com:${port()}/e`);
    expect(response.status).toBe(200);
    expect(resolve).toHaveBeenCalledWith('bot.example.com');
    expect(bot.requests).toHaveLength(1);
  });
});
