/**
 * Reads what the chat link carries (spec §2 "Session loading"):
 *
 *   https://shop.example/catalog?shop=padaria#<code>?catalogType=ShowCategory&catalogId=cat_1
 *
 * - the session code is the part of the hash before '?';
 * - the hash query may carry the initial catalogue `catalogType` and `catalogId`;
 * - the page's real query string may carry `shop=<slug>`, used only when an anonymous session is minted.
 */

export interface SessionUrlParams {
  /** Session code from the hash, null when there is none. */
  code: string | null;
  catalogType: string | null;
  catalogId: string | null;
  /** Shop slug from the real query string (`?shop=`). */
  shop: string | null;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function nonEmpty(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** Splits `location.hash` / `location.search` into the session code, initial catalogue and shop slug. */
export function parseSessionUrl(hash: string, search: string): SessionUrlParams {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  const queryStart = raw.indexOf('?');
  const codePart = queryStart === -1 ? raw : raw.slice(0, queryStart);
  const hashQuery = new URLSearchParams(queryStart === -1 ? '' : raw.slice(queryStart + 1));
  const realQuery = new URLSearchParams(search);

  // Tolerate '#/code' and 'code/' as written by some link builders.
  const code = nonEmpty(decode(codePart).replace(/^\/+|\/+$/g, ''));

  return {
    code,
    catalogType: nonEmpty(hashQuery.get('catalogType')),
    catalogId: nonEmpty(hashQuery.get('catalogId')),
    shop: nonEmpty(realQuery.get('shop')),
  };
}
