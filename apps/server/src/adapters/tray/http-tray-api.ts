/**
 * The real Tray API over HTTP (fetch). Tray wants `access_token` in the query string, so URLs are never
 * logged or put in errors: `onCall` and every TrayApiError carry the method and the path only.
 * Requests go through a per-store token bucket (180/min); 429 backs off (Retry-After or 1 s, 2 s, 4 s…);
 * GETs also retry network errors and 5xx a few times. The code exchange is never retried (one-time code).
 */
import { RateLimiter, realClock, type Clock } from './rate-limiter.ts';
import { trayDay } from './tray-day.ts';
import {
  TRAY_MAX_LIMIT,
  TrayApiError,
  type TrayApi,
  type TrayApiBase,
  type TrayCategory,
  type TrayPage,
  type TrayProduct,
  type TrayProductPage,
  type TrayTokens,
  type TrayVariant,
} from './tray-api.ts';
import {
  parseCategoryPage,
  parseProduct,
  parseProductPage,
  parseTokens,
  parseVariantPage,
  trayErrorCode,
} from './tray-parse.ts';

export type TrayCallInfo = {
  method: string;
  path: string;
  status: number | null;
  ms: number;
  attempt: number;
};

export type HttpTrayApiOptions = {
  consumerKey: string;
  consumerSecret: string;
  ratePerMinute?: number;
  /** Retries after 429 (and, for GETs, after network errors and 5xx). */
  maxRetries?: number;
  retryBaseMs?: number;
  timeoutMs?: number;
  clock?: Clock;
  /** Called after every HTTP attempt, for logs and metrics: never sees the query string. */
  onCall?: (info: TrayCallInfo) => void;
};

type Request = {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  form?: Record<string, string>;
};

export class HttpTrayApi implements TrayApi {
  private readonly limiter: RateLimiter;
  private readonly clock: Clock;

  constructor(private readonly options: HttpTrayApiOptions) {
    this.clock = options.clock ?? realClock;
    this.limiter = new RateLimiter(options.ratePerMinute ?? 180, this.clock);
  }

  async exchangeCode(api: TrayApiBase, code: string): Promise<TrayTokens> {
    const form = {
      consumer_key: this.options.consumerKey,
      consumer_secret: this.options.consumerSecret,
      code,
    };
    return parseTokens(await this.call(api, { method: 'POST', path: '/auth', form }));
  }

  async refreshTokens(api: TrayApiBase, refreshToken: string): Promise<TrayTokens> {
    return parseTokens(
      await this.call(api, { method: 'GET', path: '/auth', query: { refresh_token: refreshToken } }),
    );
  }

  async listCategories(api: TrayApiBase, accessToken: string, page: number): Promise<TrayPage<TrayCategory>> {
    return parseCategoryPage(await this.get(api, '/categories', accessToken, { page: String(page) }));
  }

  async listProducts(
    api: TrayApiBase,
    accessToken: string,
    page: number,
    modifiedSince?: Date | null,
  ): Promise<TrayProductPage> {
    const query: Record<string, string> = { page: String(page), sort: 'id_asc' };
    if (modifiedSince) query.modified = trayDay(modifiedSince);
    const body = await this.get(api, '/products', accessToken, query);
    return parseProductPage(body, new Date(this.clock.now()));
  }

  async getProduct(api: TrayApiBase, accessToken: string, id: string): Promise<TrayProduct> {
    const body = await this.get(api, `/products/${encodeURIComponent(id)}`, accessToken);
    return parseProduct(body, new Date(this.clock.now()));
  }

  async listVariants(
    api: TrayApiBase,
    accessToken: string,
    productId: string,
    page: number,
  ): Promise<TrayPage<TrayVariant>> {
    const query = { product_id: productId, page: String(page) };
    return parseVariantPage(
      await this.get(api, '/products/variants', accessToken, query),
      new Date(this.clock.now()),
    );
  }

  private get(api: TrayApiBase, path: string, accessToken: string, query: Record<string, string> = {}) {
    const all: Record<string, string> = { ...query, access_token: accessToken };
    if ('page' in query) all.limit = String(TRAY_MAX_LIMIT);
    return this.call(api, { method: 'GET', path, query: all });
  }

  private async call(api: TrayApiBase, request: Request): Promise<unknown> {
    const maxRetries = this.options.maxRetries ?? 5;
    const base = this.options.retryBaseMs ?? 1000;
    const where = `${request.method} ${request.path}`;
    const url = new URL(api.replace(/\/+$/, '') + request.path);
    for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value);
    for (let attempt = 0; ; attempt++) {
      await this.limiter.acquire(url.host + url.pathname.split('/').slice(0, 2).join('/'));
      const started = this.clock.now();
      let response: Response;
      try {
        response = await fetch(url, {
          method: request.method,
          headers: {
            accept: 'application/json',
            ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          body: request.form ? new URLSearchParams(request.form).toString() : undefined,
          redirect: 'manual', // never follow: the address came from a browser (see api-address.ts)
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
        });
      } catch {
        this.options.onCall?.({
          method: request.method,
          path: request.path,
          status: null,
          ms: this.clock.now() - started,
          attempt,
        });
        if (request.method === 'GET' && attempt < Math.min(maxRetries, 2)) {
          await this.clock.sleep(base * 2 ** attempt);
          continue;
        }
        throw new TrayApiError('unavailable', `${where}: sem resposta da Tray`);
      }
      const status = response.status;
      this.options.onCall?.({
        method: request.method,
        path: request.path,
        status,
        ms: this.clock.now() - started,
        attempt,
      });
      if (status >= 300 && status < 400)
        throw new TrayApiError('rejected', `${where}: redirecionamento não seguido (${status})`, status);
      const body: unknown = await response.json().catch(() => null);
      if (status >= 200 && status < 300) {
        if (body === null) throw new TrayApiError('invalidResponse', `${where}: resposta sem JSON`, status);
        return body;
      }
      const retryable = status === 429 || (status >= 500 && request.method === 'GET');
      if (retryable && attempt < maxRetries) {
        const retryAfter = Number(response.headers.get('retry-after'));
        await this.clock.sleep(retryAfter > 0 ? Math.min(retryAfter, 120) * 1000 : base * 2 ** attempt);
        continue;
      }
      throw errorFor(status, where, trayErrorCode(body));
    }
  }
}

function errorFor(status: number, where: string, trayCode: number | null): TrayApiError {
  if (status === 401 || status === 403)
    return new TrayApiError(
      'unauthorized',
      `${where}: não autorizado (${trayCode ?? status})`,
      status,
      trayCode,
    );
  if (status === 404) return new TrayApiError('notFound', `${where}: não encontrado`, status, trayCode);
  if (status === 429)
    return new TrayApiError('rateLimited', `${where}: limite de requisições da Tray`, status);
  if (status >= 500) return new TrayApiError('unavailable', `${where}: erro ${status} na Tray`, status);
  return new TrayApiError('rejected', `${where}: recusado pela Tray (${status})`, status, trayCode);
}
