/**
 * A local fake of one Tray store's API, on 127.0.0.1, for tests, the e2e suite and the demo.
 * It answers what the Tray docs describe (docs/decisions/0008-tray-integration.md):
 * - `GET /auth.php?response_type=code&consumer_key=…&callback=…` → 302 to the callback with a fresh code
 * - `POST /web_api/auth` (consumer_key, consumer_secret, code; form or JSON) → 201 tokens; codes work once
 * - `GET /web_api/auth?refresh_token=…` → 200 new tokens (the old refresh and access tokens stop working)
 * - `GET /web_api/categories|products|products/{id}|products/variants?product_id=…` with `access_token`,
 *   `page`, `limit` (≤ 50) → `{ paging, Products: [{ Product }] }` etc.
 * - 401 with `error_code` 1000 (expired) or 1099 (invalid); 429 when over `rateLimitPerMinute` or injected.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildFakeCatalog, type FakeTrayCatalog } from './fake-tray-catalog.ts';

export type FakeTrayOptions = {
  consumerKey: string;
  consumerSecret: string;
  storeId?: string;
  catalog?: FakeTrayCatalog;
  accessTtlMs?: number;
  refreshTtlMs?: number;
  rateLimitPerMinute?: number;
  port?: number;
};

export type FakeTrayRequest = {
  method: string;
  path: string;
  page: number | null;
  productId: string | null;
  /** The `modified` filter, when sent. */
  modified?: string | null;
};

type Grant = { expiresAt: number };

/** Tray's timestamp format: Brasília wall-clock time, no zone ("2026-03-21 15:00:00"). */
export function trayTimestamp(ms: number): string {
  return new Date(ms - 3 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export class FakeTrayServer {
  readonly catalog: FakeTrayCatalog;
  readonly storeId: string;
  readonly requests: FakeTrayRequest[] = [];
  readonly stats = { exchanges: 0, refreshes: 0 };
  /** Every access and refresh token handed out (tests check none of them leaks). */
  readonly issued: string[] = [];
  private readonly codes = new Set<string>();
  private readonly access = new Map<string, Grant>();
  private readonly refresh = new Map<string, Grant>();
  private readonly failures: { status: number; path: string; count: number }[] = [];
  private recent: number[] = [];
  private server: Server | null = null;
  private port = 0;

  constructor(private readonly options: FakeTrayOptions) {
    this.catalog = options.catalog ?? buildFakeCatalog(0);
    this.storeId = options.storeId ?? '391250';
  }

  /** Starts listening on 127.0.0.1 (a random port unless `port` is given). */
  static async start(options: FakeTrayOptions): Promise<FakeTrayServer> {
    const fake = new FakeTrayServer(options);
    const server = createServer((req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
    fake.server = server;
    fake.port = (server.address() as AddressInfo).port;
    return fake;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** What Tray puts in the callback's `api_address`: host and path, no scheme. */
  get apiAddress(): string {
    return `127.0.0.1:${this.port}/web_api`;
  }

  /** A fresh one-time authorization code, as if the shop owner had just approved the app. */
  issueCode(): string {
    const code = randomBytes(12).toString('hex');
    this.codes.add(code);
    return code;
  }

  /** Every access token issued so far expires now (Tray answers 401 with error_code 1000). */
  expireAccessTokens(): void {
    for (const grant of this.access.values()) grant.expiresAt = Date.now() - 1;
  }

  /** The next `count` requests whose path starts with `path` answer `status` (e.g. 429 or 500). */
  failNext(count: number, status = 429, path = '/web_api/'): void {
    this.failures.push({ status, path, count });
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.origin);
    const path = url.pathname.replace(/\/+$/, '');
    const q = url.searchParams;
    const page = q.has('page') ? Math.max(1, Number(q.get('page')) || 1) : null;
    this.requests.push({
      method: req.method ?? 'GET',
      path,
      page,
      productId: q.get('product_id'),
      modified: q.get('modified'),
    });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    const fail = (status: number, message: string, errorCode?: number, causes: string[] = [message]) =>
      send(status, { message, causes, code: status, ...(errorCode ? { error_code: errorCode } : {}) });

    const injected = this.failures.find((f) => f.count > 0 && path.startsWith(f.path));
    if (injected) {
      injected.count--;
      return fail(injected.status, injected.status === 429 ? 'Too Many Requests' : 'Internal Server Error');
    }
    if (this.options.rateLimitPerMinute && path.startsWith('/web_api/')) {
      const now = Date.now();
      this.recent = this.recent.filter((t) => t > now - 60_000);
      if (this.recent.length >= this.options.rateLimitPerMinute) return fail(429, 'Too Many Requests');
      this.recent.push(now);
    }

    if (path === '/auth.php') return this.authorizePage(q, res);
    if (path === '/web_api/auth' && req.method === 'POST')
      return this.exchange(await readForm(req), send, fail);
    if (path === '/web_api/auth' && req.method === 'GET')
      return this.refreshGrant(q.get('refresh_token'), send, fail);
    if (req.method !== 'GET' || !path.startsWith('/web_api/')) return fail(404, 'Not Found');

    const grant = this.access.get(q.get('access_token') ?? '');
    if (!grant) return fail(401, 'Unauthorized', 1099, ['Token inválido ou expirado']);
    if (grant.expiresAt <= Date.now()) return fail(401, 'Unauthorized', 1000, ['Token expirado']);

    const limit = Math.min(50, Math.max(1, Number(q.get('limit')) || 30));
    const paged = <T>(plural: string, singular: string, all: T[]) => {
      const current = page ?? 1;
      const items = all.slice((current - 1) * limit, current * limit);
      send(200, {
        paging: { total: all.length, page: current, offset: (current - 1) * limit, limit, maxLimit: 50 },
        sort: [{ id: 'asc' }],
        availableFilters: [],
        appliedFilters: [],
        [plural]: items.map((item) => ({ [singular]: item })),
      });
    };
    const { categories, products } = this.catalog;
    if (path === '/web_api/categories') return paged('Categories', 'Category', categories);
    if (path === '/web_api/products') {
      // Tray's `modified` filter: products modified on or after that day.
      const since = q.get('modified');
      const changed = since
        ? products.filter((p) => (p.modified ?? '2000-01-01').slice(0, 10) >= since)
        : products;
      return paged(
        'Products',
        'Product',
        [...changed].sort((a, b) => Number(a.id) - Number(b.id)).map(publicProduct),
      );
    }
    if (path === '/web_api/products/variants') {
      const productId = q.get('product_id');
      return paged(
        'Variants',
        'Variant',
        products.filter((p) => !productId || p.id === productId).flatMap((p) => p.variants),
      );
    }
    const single = /^\/web_api\/products\/(\d+)$/.exec(path);
    const product = single && products.find((p) => p.id === single[1]);
    if (product) return send(200, { Product: publicProduct(product) });
    return fail(404, 'Not Found');
  }

  private authorizePage(q: URLSearchParams, res: ServerResponse) {
    const callback = q.get('callback');
    if (
      q.get('response_type') !== 'code' ||
      q.get('consumer_key') !== this.options.consumerKey ||
      !callback
    ) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Aplicativo inválido');
      return;
    }
    const target = new URL(callback);
    const params = {
      code: this.issueCode(),
      adm_user: 'admin',
      store: this.storeId,
      api_address: this.apiAddress,
    };
    for (const [key, value] of Object.entries({ ...params, store_host: this.origin }))
      target.searchParams.set(key, value);
    res.writeHead(302, { location: target.toString() }).end();
  }

  private exchange(form: Record<string, string>, send: Send, fail: Fail) {
    if (
      form.consumer_key !== this.options.consumerKey ||
      form.consumer_secret !== this.options.consumerSecret
    )
      return fail(401, 'Unauthorized', undefined, ['consumer_key ou consumer_secret inválidos']);
    if (!form.code || !this.codes.delete(form.code))
      return fail(401, 'Unauthorized', undefined, ['Código inválido ou já utilizado']);
    this.stats.exchanges++;
    send(201, {
      code: 201,
      message: 'Created tokens',
      ...this.grant(),
      date_activated: trayTimestamp(Date.now()),
    });
  }

  private refreshGrant(token: string | null, send: Send, fail: Fail) {
    const grant = this.refresh.get(token ?? '');
    if (!grant || grant.expiresAt <= Date.now())
      return fail(401, 'Unauthorized', 1099, ['Refresh token inválido']);
    this.refresh.delete(token!);
    this.access.clear();
    this.stats.refreshes++;
    send(200, { code: 200, message: 'Refreshed tokens', ...this.grant() });
  }

  private grant() {
    const now = Date.now();
    const access = randomBytes(24).toString('hex');
    const refresh = randomBytes(24).toString('hex');
    const accessExpires = now + (this.options.accessTtlMs ?? 3 * 3600_000);
    const refreshExpires = now + (this.options.refreshTtlMs ?? 30 * 24 * 3600_000);
    this.access.set(access, { expiresAt: accessExpires });
    this.refresh.set(refresh, { expiresAt: refreshExpires });
    this.issued.push(access, refresh);
    return {
      access_token: access,
      refresh_token: refresh,
      date_expiration_access_token: trayTimestamp(accessExpires),
      date_expiration_refresh_token: trayTimestamp(refreshExpires),
      api_host: `${this.origin}/web_api/`,
      store_id: this.storeId,
    };
  }
}

type Send = (status: number, body: unknown) => void;
type Fail = (status: number, message: string, errorCode?: number, causes?: string[]) => void;

/** The product as the API shows it: variants are a separate resource (only their ids appear). */
function publicProduct(product: FakeTrayCatalog['products'][number]) {
  const { variants, ...rest } = product;
  return { ...rest, Variant: variants.map((v) => ({ id: v.id })) };
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  if ((req.headers['content-type'] ?? '').includes('json')) {
    try {
      return Object.fromEntries(Object.entries(JSON.parse(raw) as object).map(([k, v]) => [k, String(v)]));
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(raw));
}
