/**
 * Addresses of the Tray authorization flow (spec §2 "Tray authorization"): the store's authorization page
 * and the parameters Tray sends back to our callback route.
 */

/** The `url` query parameter → the store's host (and path), without scheme or trailing slash; null if unusable. */
export function storeAddress(raw: string | null | undefined): string | null {
  const value = (raw ?? '')
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/\/+$/, '');
  return /^[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?(\/[\w.~-]+)*$/i.test(value) && /[.:]/.test(value)
    ? value
    : null;
}

/** `https://<store>/auth.php?response_type=code&consumer_key=<key>&callback=<our callback>`. */
export function authorizeUrl(store: string, consumerKey: string, callbackUrl: string): string {
  const query = new URLSearchParams({
    response_type: 'code',
    consumer_key: consumerKey,
    callback: callbackUrl,
  });
  return `https://${store}/auth.php?${query.toString()}`;
}

/** The callback route's query parameters (spec §2): store, adm_user, code, api_address, store_host. */
export interface CallbackParams {
  store: string;
  admUser: string;
  code: string;
  apiAddress: string;
  storeHost: string;
}

export function readCallbackParams(search: string): CallbackParams {
  const params = new URLSearchParams(search);
  const get = (name: string) => params.get(name)?.trim() ?? '';
  return {
    store: get('store'),
    admUser: get('adm_user'),
    code: get('code'),
    apiAddress: get('api_address'),
    storeHost: get('store_host'),
  };
}
