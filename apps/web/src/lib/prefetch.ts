/**
 * The first GETs of a visit (session, settings, order, categories, top sellers or the product) are started by the
 * inline script of index.html while the bundle is still downloading; `apiCall` takes their answers from here
 * instead of asking again. Each answer is used once, and only by a call with the same URL and authorization.
 */
export type PrefetchedResponse = { ok: boolean; status: number; text: string };
type Prefetched = { auth: string | null; response: Promise<PrefetchedResponse> };

declare global {
  interface Window {
    __vitrinePrefetch?: Record<string, Prefetched>;
  }
}

/** The answer the boot script started for `url` with `auth`, or null (then the caller fetches). */
export function takePrefetched(url: string, auth: string | null): Promise<PrefetchedResponse> | null {
  const entries = typeof window === 'undefined' ? undefined : window.__vitrinePrefetch;
  const entry = entries?.[url];
  if (!entries || !entry) return null;
  delete entries[url];
  return entry.auth === auth ? entry.response : null;
}
