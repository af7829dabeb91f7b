/**
 * Server-side request forgery guard for addresses a shop types (the chatbot's webhook URL): in production the
 * server only calls hosts that resolve to public addresses, never loopback, private networks, link-local (the
 * cloud metadata service at 169.254.169.254), carrier-grade NAT or multicast.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** True for an address no shop-typed URL may reach (IPv4-mapped IPv6 is judged as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A URL's host without the brackets of an IPv6 literal. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Without a DNS look-up: the host is `localhost` or an IP literal of a private network (checked at save). */
export function namesPrivateHost(url: URL): boolean {
  const host = hostOf(url).toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isIP(host) !== 0 && isPrivateAddress(host);
}

export type HostCheck = 'public' | 'private' | 'unknown';

/** Resolves the URL's host: 'private' when any of its addresses is, 'unknown' when it does not resolve. */
export async function checkHost(
  url: URL,
  resolve: (host: string) => Promise<{ address: string }[]> = (host) => lookup(host, { all: true }),
): Promise<HostCheck> {
  const host = hostOf(url);
  if (isIP(host) !== 0) return isPrivateAddress(host) ? 'private' : 'public';
  if (namesPrivateHost(url)) return 'private';
  try {
    const addresses = await resolve(host);
    if (addresses.length === 0) return 'unknown';
    return addresses.some((a) => isPrivateAddress(a.address)) ? 'private' : 'public';
  } catch {
    return 'unknown';
  }
}
