/**
 * The chatbot platform's assistant suggestions (issue 19, docs/decisions/0029): products and search terms for the
 * contact's open order, given when the session is minted or replaced later on a live session. Checked against
 * the session's shop (unknown products named in pt-BR, nothing changed), kept on the open order (the 'Sugeridos'
 * tab and `/products-found` read them there; the order's live event makes open screens re-read it) and gone with
 * the order: the next open order starts without suggestions.
 */
import { CHANNEL_BY_NAME, SessionType, type ChannelName } from '@vitrine/contracts/enums';
import type { AssistantSuggestions, CreateSessionBody } from '@vitrine/contracts/session';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionContext } from '../../lib/session-context.ts';
import { unknownProductIds } from '../../modules/catalog/service.ts';
import { setAssistantSuggestions } from '../../modules/order/service.ts';
import { createPlatformSession, resolveSession, sessionUrl } from '../../modules/session/service.ts';
import { findShopBySlug, getShop } from '../../modules/shop/service.ts';

export type SuggestionDeps = { db: Db; publicUrl: string; sessionTtlMs: number };
type Suggestions = { productIds: string[]; searchTerms: string[] };

/** The suggestions as stored: each product and term once (terms compared ignoring case), in the order given. */
export function normalizeSuggestions(given: AssistantSuggestions): Suggestions {
  const terms = new Map<string, string>();
  for (const term of given.searchTerms ?? []) {
    const key = term.toLocaleLowerCase('pt-BR');
    if (!terms.has(key)) terms.set(key, term);
  }
  return { productIds: [...new Set(given.productIds ?? [])], searchTerms: [...terms.values()] };
}

/** 400 naming the product ids that are no visible product of the shop. */
async function checkProducts(db: Db, shopId: string, suggestions: Suggestions): Promise<void> {
  const unknown = await unknownProductIds(db, shopId, suggestions.productIds);
  if (unknown.length)
    throw new AppError('validation', 'suggestedProductsUnknown', { ids: unknown.join(', ') });
}

const suggestsAnything = (s: Suggestions) => s.productIds.length + s.searchTerms.length > 0;

const channelNameOf = (type: number) =>
  (Object.keys(CHANNEL_BY_NAME) as ChannelName[]).find((name) => CHANNEL_BY_NAME[name] === type)!;

/** `POST /api/platform/sessions`: the session link, and with suggestions the link that opens them directly. */
export async function mintPlatformSession(deps: SuggestionDeps, body: CreateSessionBody) {
  const suggestions = normalizeSuggestions(body.suggestions ?? {});
  if (suggestsAnything(suggestions)) {
    const shop = await findShopBySlug(deps.db, body.shop);
    if (!shop) throw new AppError('notFound', 'shopNotFound');
    await checkProducts(deps.db, shop.id, suggestions);
  }
  const issued = await createPlatformSession(deps.db, deps.sessionTtlMs, body);
  const contact = body.sessionType === 'contact' ? { shop: body.shop, channel: body.channelType } : null;
  const suggested = suggestsAnything(suggestions);
  if (suggested) await setAssistantSuggestions(deps.db, issued.context, suggestions);
  return {
    code: issued.code,
    url: sessionUrl(deps.publicUrl, issued.code, contact),
    expiresAt: issued.context.expiresAt.toISOString(),
    productsFoundUrl: suggested ? sessionUrl(deps.publicUrl, issued.code, contact, 'products-found') : null,
  };
}

/** `PUT /api/platform/sessions/{code}/suggestions`: replaces them on the live session's open order. */
export async function replaceSuggestions(deps: SuggestionDeps, code: string, given: AssistantSuggestions) {
  const session = /^[A-Za-z0-9_-]{10,200}$/.test(code) ? await resolveSession(deps.db, code) : null;
  if (!session) throw new AppError('notFound', 'sessionInvalid');
  const suggestions = normalizeSuggestions(given);
  await checkProducts(deps.db, session.shopId, suggestions);
  await setAssistantSuggestions(deps.db, session, suggestions);
  return {
    ...suggestions,
    productsFoundUrl: suggestsAnything(suggestions)
      ? sessionUrl(deps.publicUrl, code, await contactLink(deps.db, session), 'products-found')
      : null,
  };
}

async function contactLink(db: Db, session: SessionContext) {
  if (session.sessionType !== SessionType.Contact) return null;
  return { shop: (await getShop(db, session.shopId)).slug, channel: channelNameOf(session.channelType) };
}
