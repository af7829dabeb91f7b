import type { FastifyBaseLogger } from 'fastify';
import { TRAY_MASKED_TOKEN, type TrayLinkBody, type TrayLinkResult } from '@vitrine/contracts/tray';
import type { TrayConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { TrayApiError, type TrayApi, type TrayTokens } from '../../adapters/tray/tray-api.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { normalizeApiAddress } from './api-address.ts';
import { hashCode, verifyChatbot } from './chatbot-credentials.ts';
import { enqueueImport, toImportStatus } from './job-repository.ts';
import {
  claimCode,
  findLinkByShop,
  findLinkByStore,
  lockShop,
  releaseCode,
  replaceOtherLinks,
  upsertLink,
  type ShopRef,
} from './link-repository.ts';
import { accessContext, refreshContext, type TokenCipher } from './token-cipher.ts';

export type LinkDeps = {
  db: Db;
  tray: TrayConfig;
  api: TrayApi;
  cipher: TokenCipher;
  log: FastifyBaseLogger;
};

const chatbotInvalid = () => new AppError('unauthorized', 'trayChatbotInvalid');

/**
 * `POST /tray/link-store`. Guarantees: the chatbot credentials are checked before the code is spent; a code
 * is exchanged at most once (even by concurrent requests); when the exchange fails nothing is stored and
 * the error says why; on success the link (tokens encrypted) and the first import job are written in one
 * transaction. A masked token (TRAY_MASKED_TOKEN) re-authorizes an existing link of the same shop, only
 * through the link's own API address and only if Tray's answer names that same store.
 */
export async function linkStore(deps: LinkDeps, body: TrayLinkBody): Promise<TrayLinkResult> {
  const apiAddress = normalizeApiAddress(body.apiAddress, deps.tray.allowInsecureApi);
  const reauthorizing = body.chatbotToken === TRAY_MASKED_TOKEN;
  const shop = await checkChatbot(deps, body, apiAddress, reauthorizing);
  const existing = reauthorizing ? await findLinkByStore(deps.db, body.store) : null;

  const codeHash = hashCode(body.code);
  if (!(await claimCode(deps.db, codeHash))) throw new AppError('conflict', 'trayCodeUsed');
  let tokens: TrayTokens;
  try {
    tokens = await exchange(deps, apiAddress, body.code);
    if (existing?.tray_store_id && existing.tray_store_id !== tokens.storeId)
      throw new AppError('unprocessable', 'trayStoreMismatch');
  } catch (error) {
    await releaseCode(deps.db, codeHash);
    throw error;
  }

  const storeKey = body.store || tokens.storeId || new URL(apiAddress).host;
  const job = await deps.db.transaction(async (tx) => {
    await lockShop(tx, shop.id);
    const current = await findLinkByShop(tx, shop.id);
    const id = current && current.store_key === storeKey ? current.id : newId('tls');
    await replaceOtherLinks(tx, shop.id, storeKey, id);
    await upsertLink(tx, {
      id,
      shopId: shop.id,
      storeKey,
      trayStoreId: tokens.storeId,
      apiAddress,
      storeHost: body.storeHost || null,
      admUser: body.admUser || null,
      accessTokenEnc: deps.cipher.seal(tokens.accessToken, accessContext(id)),
      refreshTokenEnc: deps.cipher.seal(tokens.refreshToken, refreshContext(id)),
      accessExpiresAt: tokens.accessExpiresAt,
      refreshExpiresAt: tokens.refreshExpiresAt,
    });
    return enqueueImport(tx, shop.id, id);
  });
  deps.log.info({ shopId: shop.id, store: storeKey, jobId: job.id }, 'tray store linked');
  return { chatbotId: shop.slug, store: storeKey, importStatus: toImportStatus(job) };
}

/**
 * The shop the link is for. A masked token (re-authorization) proves nothing by itself — the chatbot id is
 * public — so it is accepted only for the store's current link and its own API address: the new code is then
 * exchanged with that store's Tray, which only its administrator can authorize.
 */
async function checkChatbot(
  deps: LinkDeps,
  body: TrayLinkBody,
  apiAddress: string,
  reauthorizing: boolean,
): Promise<ShopRef> {
  if (!reauthorizing) {
    const shop = await verifyChatbot(deps.db, deps.tray, body.chatbotId, body.chatbotToken);
    if (!shop) throw chatbotInvalid();
    return shop;
  }
  const link = body.store ? await findLinkByStore(deps.db, body.store) : null;
  if (!link || link.api_address !== apiAddress) throw chatbotInvalid();
  if (link.slug !== body.chatbotId && link.shop_id !== body.chatbotId) throw chatbotInvalid();
  return { id: link.shop_id, slug: link.slug };
}

async function exchange(deps: LinkDeps, apiAddress: string, code: string): Promise<TrayTokens> {
  try {
    return await deps.api.exchangeCode(apiAddress, code);
  } catch (error) {
    if (!(error instanceof TrayApiError)) throw error;
    deps.log.warn({ error: error.message, kind: error.kind }, 'tray code exchange failed');
    if (error.kind === 'rateLimited') throw new AppError('rateLimited', 'trayRateLimited');
    if (error.kind === 'unavailable' || error.kind === 'invalidResponse')
      throw new AppError('unavailable', 'trayUnavailable');
    throw new AppError('unprocessable', 'trayCodeRejected');
  }
}
