/**
 * A link's initial catalogue (spec §2 hash query: `#<code>?catalogType=…&catalogId=…`). Links that name the shop
 * carry it in their real query too (`?shop=<slug>&channel=<name>&catalogType=…&catalogId=…`), where the server
 * reads it to draw that listing as the first view (docs/decisions/0028). Imports only the enums, so either side
 * may use it.
 */
import { MAX_SEARCH_LENGTH } from './catalog-ids.ts';
import { CatalogType } from './enums.ts';

/** A category, collection or search a link opens ('Standard' is no choice). */
export type LinkCatalog = {
  type: typeof CatalogType.ShowCategory | typeof CatalogType.ShowCollection | typeof CatalogType.ShowQuery;
  id: string;
};

const CHOICES: ReadonlySet<string> = new Set([
  CatalogType.ShowCategory,
  CatalogType.ShowCollection,
  CatalogType.ShowQuery,
]);

/** The choice named by `catalogType` and `catalogId` (trimmed, as the web app reads them), or null for none. */
export function linkCatalogOf(type: unknown, id: unknown): LinkCatalog | null {
  if (typeof type !== 'string' || !CHOICES.has(type) || typeof id !== 'string') return null;
  const value = id.trim();
  if (!value || value.length > MAX_SEARCH_LENGTH) return null;
  return { type: type as LinkCatalog['type'], id: value };
}

/** `catalogType=…&catalogId=…`: how a link writes its choice, in its real query and in its hash query. */
export function linkCatalogQuery(choice: LinkCatalog): string {
  return new URLSearchParams({ catalogType: choice.type, catalogId: choice.id }).toString();
}
