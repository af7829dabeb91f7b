/**
 * Server-side request forgery guard for addresses a shop types (the chatbot's webhook URL): in production the
 * server only calls hosts that resolve to public addresses, never loopback, private networks, link-local (the
 * cloud metadata service at 169.254.169.254), carrier-grade NAT or multicast.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { Agent, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';

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

/** A request refused because its host is (or resolves to) a private address; never retried, never names the URL. */
export class PrivateAddressRefused extends Error {
  constructor() {
    super('o endereço do webhook aponta para a rede interna (recusado)');
    this.name = 'PrivateAddressRefused';
  }
}

type Resolved = { address: string; family: number };
export type Resolver = (host: string) => Promise<Resolved[]>;
type LookupCallback = (error: Error | null, address: string | Resolved[], family?: number) => void;

const systemResolve: Resolver = (host) => lookup(host, { all: true });

/**
 * A `net.connect` lookup that resolves the name itself and errors when ANY answer is private, so the address
 * checked is the address connected to (no window for DNS rebinding between a check and the connection).
 */
export function guardedLookup(resolve: Resolver, allowAddresses: readonly string[] = []) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number | string },
    callback: LookupCallback,
  ) => {
    const family =
      options.family === 'IPv6' || options.family === 6
        ? 6
        : options.family === 'IPv4' || options.family === 4
          ? 4
          : 0;
    resolve(hostname).then(
      (answers) => {
        const addresses = answers.filter((a) => family === 0 || a.family === family);
        if (addresses.length === 0)
          return callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
        if (addresses.some((a) => isPrivateAddress(a.address) && !allowAddresses.includes(a.address)))
          return callback(new PrivateAddressRefused(), '');
        if (options.all) return callback(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), ''),
    );
  };
}

export type GuardedFetchOptions = {
  /** Demo mode only: private addresses are reached (a chatbot on this machine). */
  allowPrivate: boolean;
  /** Tests only: the name resolver (defaults to the system's). */
  resolve?: Resolver;
  /** Tests only: exact addresses treated as public (a local test server). Never set from configuration. */
  allowAddresses?: readonly string[];
};

let productionFetch: typeof fetch | undefined;

/**
 * The fetch for URLs a shop typed (the chatbot's events and WebChat webhooks, and their connection test): in
 * production its connections refuse private addresses at connect time (an undici Agent whose lookup checks every
 * answer) and an IP-literal host is checked before the request (literals are not looked up). A refusal rejects
 * with PrivateAddressRefused. In demo mode it is the plain global fetch.
 */
export function guardedFetch(options: GuardedFetchOptions): typeof fetch {
  if (options.allowPrivate) return fetch;
  const custom = options.resolve !== undefined || options.allowAddresses !== undefined;
  if (!custom && productionFetch) return productionFetch;
  const allowAddresses = options.allowAddresses ?? [];
  const dispatcher = new Agent({
    connect: { lookup: guardedLookup(options.resolve ?? systemResolve, allowAddresses) },
  });
  const guarded = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    const host = hostOf(url);
    if (isIP(host) !== 0 && isPrivateAddress(host) && !allowAddresses.includes(host))
      throw new PrivateAddressRefused();
    try {
      return (await undiciFetch(url, { ...(init as UndiciRequestInit), dispatcher })) as unknown as Response;
    } catch (error) {
      if (refusedIn(error)) throw new PrivateAddressRefused();
      throw error;
    }
  };
  if (!custom) productionFetch = guarded as typeof fetch;
  return guarded as typeof fetch;
}

/** True when the error (or one of its causes) is our refusal. */
function refusedIn(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (e instanceof PrivateAddressRefused) return true;
  return false;
}
