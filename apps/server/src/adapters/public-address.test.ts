import { describe, expect, it } from 'vitest';
import { checkHost, isPrivateAddress, namesPrivateHost } from './public-address.ts';

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

  it('resolves a name: private if any address is, unknown if it does not resolve', async () => {
    const dns: Record<string, string[]> = {
      'bot.example.com': ['93.184.216.34'],
      'rebind.example.com': ['93.184.216.34', '169.254.169.254'],
      'empty.example.com': [],
    };
    const resolve = async (host: string) => {
      const found = dns[host];
      if (!found) throw new Error('ENOTFOUND');
      return found.map((address) => ({ address }));
    };
    const check = (url: string) => checkHost(new URL(url), resolve);
    expect(await check('https://bot.example.com/e')).toBe('public');
    expect(await check('https://rebind.example.com/e')).toBe('private');
    expect(await check('https://empty.example.com/e')).toBe('unknown');
    expect(await check('https://missing.example.com/e')).toBe('unknown');
    expect(await check('https://192.168.1.1/e')).toBe('private');
    expect(await check('https://8.8.8.8/e')).toBe('public');
  });
});
