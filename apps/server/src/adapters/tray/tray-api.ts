/**
 * The Tray Commerce API as the rest of the server sees it (docs/decisions/0008-tray-integration.md).
 *
 * Everything here is already in our terms: money in integer centavos, flags as booleans, dates as Date.
 * Tray's own shapes (decimal strings, "0"/"1", Brasília wall-clock dates) are converted only inside the
 * adapter (`tray-parse.ts`). Implementations: `HttpTrayApi` (the public API) and, for tests and the demo,
 * the same `HttpTrayApi` pointed at `fake-tray-server.ts` on 127.0.0.1.
 */

/** A store's API base, e.g. `https://www.loja.com.br/web_api` (the callback's `api_address`, normalised). */
export type TrayApiBase = string;

export interface TrayTokens {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
  /** Tray's numeric store id, as text (`store_id`); null when the response leaves it out. */
  storeId: string | null;
}

export interface TrayCategory {
  providerId: string;
  /** null for a root category (Tray sends parent_id 0). */
  parentProviderId: string | null;
  name: string;
  description: string | null;
  position: number;
}

export interface TrayProduct {
  providerId: string;
  name: string;
  description: string | null;
  sku: string;
  brandName: string | null;
  categoryProviderId: string | null;
  priceCents: number;
  /** Only when a promotion is running today and is below the price. */
  promotionalPriceCents: number | null;
  /** Tray's `available` flag (shown and sold in the store). */
  available: boolean;
  stock: number;
  /** Tray's `minimum_stock` (0 when unset): the units' low-stock threshold here (issue 31). */
  minimumStock: number;
  hasVariation: boolean;
  /** Image URLs, https preferred; null when the listing did not carry images (fetch the product then). */
  images: string[] | null;
}

export interface TrayVariantOption {
  /** Attribute name, e.g. 'Cor'. */
  type: string;
  /** Option name, e.g. 'Azul'. */
  value: string;
}

export interface TrayVariant {
  providerId: string;
  productProviderId: string;
  sku: string;
  priceCents: number;
  promotionalPriceCents: number | null;
  stock: number;
  options: TrayVariantOption[];
  imageUrl: string | null;
  position: number;
}

export interface TrayPage<T> {
  items: T[];
  page: number;
  /** Items in the whole listing (Tray's `paging.total`). */
  total: number;
  limit: number;
}

/** A product the import leaves out because Tray sent it malformed: its id ('?' when unreadable) and why. */
export interface TraySkippedProduct {
  providerId: string;
  reason: string;
}

/** A product list page: the products read, and the malformed ones left out. */
export interface TrayProductPage extends TrayPage<TrayProduct> {
  skipped: TraySkippedProduct[];
}

/** At most 50 items per page (Tray's `maxLimit`). */
export const TRAY_MAX_LIMIT = 50;

export type TrayErrorKind =
  'unauthorized' | 'rejected' | 'notFound' | 'rateLimited' | 'unavailable' | 'invalidResponse';

/**
 * A failed Tray call. `message` names the method and the path only (never the query string, which carries
 * `access_token`); `trayCode` is Tray's `error_code` (1000 token expired, 1001–1003 store blocked, inactive
 * or cancelled, 1099 token invalid) when it sent one.
 */
export class TrayApiError extends Error {
  constructor(
    readonly kind: TrayErrorKind,
    message: string,
    readonly status: number | null = null,
    readonly trayCode: number | null = null,
  ) {
    super(message);
    this.name = 'TrayApiError';
  }
}

export interface TrayApi {
  /** `POST {api}/auth` with consumer key, consumer secret and the one-time code. */
  exchangeCode(api: TrayApiBase, code: string): Promise<TrayTokens>;
  /** `GET {api}/auth?refresh_token=…`: a new access token (and refresh token). */
  refreshTokens(api: TrayApiBase, refreshToken: string): Promise<TrayTokens>;
  /** `GET {api}/categories?page=N&limit=50`. */
  listCategories(api: TrayApiBase, accessToken: string, page: number): Promise<TrayPage<TrayCategory>>;
  /**
   * `GET {api}/products?page=N&limit=50&sort=id_asc`, plus `modified=YYYY-MM-DD` (Tray's filter on the product's
   * modification date, São Paulo day) when `modifiedSince` is given: only products modified since that day.
   */
  listProducts(
    api: TrayApiBase,
    accessToken: string,
    page: number,
    modifiedSince?: Date | null,
  ): Promise<TrayProductPage>;
  /** `GET {api}/products/{id}` (with its images). */
  getProduct(api: TrayApiBase, accessToken: string, id: string): Promise<TrayProduct>;
  /** `GET {api}/products/variants?product_id=…&page=N&limit=50`. */
  listVariants(
    api: TrayApiBase,
    accessToken: string,
    productId: string,
    page: number,
  ): Promise<TrayPage<TrayVariant>>;
}
