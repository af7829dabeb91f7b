import { COLLECTION_PREFIX, SUGGESTED_ITEMS } from '@vitrine/contracts/catalog-api';
import { MAX_SUGGESTED_TERMS } from '@vitrine/contracts/session';
import type { Queryable } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { SessionContext } from '../session/service.ts';
import type { Scope, TextQuery } from './search-sql.ts';

/**
 * Shopper text → the words of a catalogue search (see docs/decisions/0006-catalogue-search.md). Words are folded
 * to lower-case ASCII [a-z0-9] here; stemming, typo correction and matching happen in the database
 * (search-sql.ts) with the same configuration as the index, so no input can break a tsquery.
 */
const MAX_WORDS = 12;

/** Lower-case ASCII words of a text: accents folded ('Feijão' → 'feijao'), punctuation dropped. */
function searchWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0)
    .slice(0, MAX_WORDS);
}

/** The text query for a search box value; null when the trimmed text is empty (no text filter, spec §5). */
export function parseTextQuery(raw: string | null | undefined): TextQuery | null {
  const text = (raw ?? '').trim();
  return text ? { text, words: searchWords(text) } : null;
}

/** The scope named by a `category` parameter, before the suggested one is filled from the order. */
export type ScopeRequest = Exclude<Scope, { kind: 'suggested' }> | { kind: 'suggested' };

/**
 * Reads the comma-joined `category` parameter: empty → all products; `SUGGESTED_ITEMS`; `COLLECTION_<id>`;
 * `<category>` or `<category>,<subcategory>` (the subcategory must be under the category).
 */
export function parseCategoryParam(raw: string | null | undefined): ScopeRequest {
  const parts = (raw ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const [first, second, ...rest] = parts;
  if (first === undefined) return { kind: 'all' };
  if (rest.length) throw badRequest('category aceita uma categoria e, opcionalmente, uma subcategoria');
  const special = first === SUGGESTED_ITEMS || first.startsWith(COLLECTION_PREFIX);
  if (special && second !== undefined) throw badRequest(`${first} não tem subcategorias`);
  if (first === SUGGESTED_ITEMS) return { kind: 'suggested' };
  if (first.startsWith(COLLECTION_PREFIX)) {
    const providerId = first.slice(COLLECTION_PREFIX.length);
    if (!providerId) throw badRequest('coleção não informada');
    return { kind: 'collection', providerId };
  }
  return second === undefined
    ? { kind: 'category', providerId: first, parentProviderId: null }
    : { kind: 'category', providerId: second, parentProviderId: first };
}

/**
 * What the assistant asked for in the session's current order, as stored there (the order module owns it; the
 * caller passes the read in, so the catalogue does not depend on the order module, which builds lines from it).
 */
export type AssistantRequests = { productIds: readonly unknown[]; searchTerms: readonly unknown[] };
export type AssistantRequestsOf = () => Promise<AssistantRequests>;

/**
 * What every catalogue call needs: the database, the session, the page-token key and how to read what the
 * assistant asked for in the session's current order (the 'Sugeridos' scope; routes pass the order module's read).
 */
export type CatalogContext = {
  db: Queryable;
  session: SessionContext;
  tokenKey: Buffer;
  assistantRequests: AssistantRequestsOf;
};

/** What the assistant suggested for the session's current order: product providerIds and search terms. */
export async function assistantSuggestions(requestsOf: AssistantRequestsOf) {
  const requests = await requestsOf();
  const productIds = requests.productIds.filter((id): id is string => typeof id === 'string');
  const terms = requests.searchTerms
    .map((term) => parseTextQuery(typeof term === 'string' ? term.slice(0, 200) : ''))
    .filter((term): term is TextQuery => term !== null)
    .slice(0, MAX_SUGGESTED_TERMS);
  return { productIds, terms };
}

/** Completes a scope request: the suggested scope reads the session's current order. */
export async function resolveScope(request: ScopeRequest, requestsOf: AssistantRequestsOf): Promise<Scope> {
  if (request.kind !== 'suggested') return request;
  return { kind: 'suggested', ...(await assistantSuggestions(requestsOf)) };
}
