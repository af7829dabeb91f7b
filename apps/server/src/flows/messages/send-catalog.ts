/**
 * Send catalogue (spec §4 "Catalogue type selector", §7 `GET /api/order/send/catalog`): a link to the
 * storefront with a NEW contact session and, in the hash query, the initial catalogue
 * (`?catalogType=ShowCategory|ShowCollection|ShowQuery&catalogId=…`; none for Padrão).
 * 400 when more than one kind is chosen or Busca has an empty term; 404 for an unknown category/collection.
 */
import type { LinkCatalog } from '@vitrine/contracts/catalog-link';
import type { SendCatalogQuery, SendResult } from '@vitrine/contracts/messaging';
import { AppError } from '../../lib/app-error.ts';
import { findCategories, findCollectionName } from '../../modules/catalog/service.ts';
import { catalogParts } from '../../modules/messaging/service.ts';
import { contactTarget } from '../../modules/outbox/service.ts';
import { contactLink, queueForContact, shopName, type SendContext } from './send-common.ts';

type Choice = LinkCatalog | { type: 'Standard'; id: '' };

/** The catalogue the query asks for; throws 400 on an ambiguous query or an empty search term. */
export function catalogChoice(query: SendCatalogQuery): Choice {
  const category = query.categoryId.trim();
  const collection = query.collectionId.trim();
  const term = query.searchTerm.trim().replace(/\s+/g, ' ');
  const wantsSearch = query.catalogType === 'ShowQuery' || query.searchTerm.length > 0;
  if ([category, collection, wantsSearch ? 'q' : ''].filter(Boolean).length > 1)
    throw new AppError('validation', 'catalogSelectionInvalid');
  if (wantsSearch && !term) throw new AppError('validation', 'catalogSearchTermRequired');
  if (category) return { type: 'ShowCategory', id: category };
  if (collection) return { type: 'ShowCollection', id: collection };
  if (term) return { type: 'ShowQuery', id: term };
  if (query.catalogType === 'ShowCategory')
    throw new AppError('validation', 'invalidInput', { detail: 'categoryId: obrigatório' });
  if (query.catalogType === 'ShowCollection')
    throw new AppError('validation', 'invalidInput', { detail: 'collectionId: obrigatório' });
  return { type: 'Standard', id: '' };
}

async function titleOf(ctx: SendContext, choice: Choice): Promise<string | null> {
  const shopId = ctx.session.shopId;
  if (choice.type === 'ShowCategory') {
    const category = (await findCategories(ctx.db, shopId)).find((c) => c.provider_id === choice.id);
    if (!category) throw new AppError('notFound', 'categoryNotFound');
    return category.name;
  }
  if (choice.type === 'ShowCollection') {
    const name = await findCollectionName(ctx.db, shopId, choice.id);
    if (name === null) throw new AppError('notFound', 'collectionNotFound');
    return name;
  }
  return choice.type === 'ShowQuery' ? `"${choice.id}"` : null;
}

export async function sendCatalogToContact(ctx: SendContext, query: SendCatalogQuery): Promise<SendResult> {
  const target = contactTarget(ctx.session);
  const choice = catalogChoice(query);
  const title = await titleOf(ctx, choice);
  const link = await contactLink(ctx, '/catalog', choice.type === 'Standard' ? null : choice);
  const parts = catalogParts(await shopName(ctx.db, ctx.session.shopId), choice.type, title, link);
  return queueForContact(ctx, target, 'catalog', parts, choice);
}
