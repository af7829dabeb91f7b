import {
  TRAY_MASKED_TOKEN,
  type TrayImportStatus,
  type TrayLinkedChatbot,
  type TrayShopStatus,
} from '@vitrine/contracts/tray';
import type { TrayConfig } from '../../config.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { normalizeApiAddress } from './api-address.ts';
import { enqueueImport, latestJob, toImportStatus } from './job-repository.ts';
import { findLinkByShop, findLinkByStore } from './link-repository.ts';
import { TRAY_DAILY_LIMIT, TRAY_LOW_SHARE, trayRequestsOn } from './budget-repository.ts';
import { errorMessage } from '@vitrine/contracts/errors';

const storeNotLinked = () => new AppError('notFound', 'trayStoreNotLinked');

/** What the public callback calls give: Tray's `store` and `api_address` from the callback's query. */
export type CallbackStore = { store: string; apiAddress: string };

/**
 * The link of a store, for the public callback calls, only when `apiAddress` is the one the store was linked
 * with (both come from Tray's redirect); an unknown store and another address get the same 404.
 */
async function callbackLink(db: Queryable, tray: TrayConfig, callback: CallbackStore) {
  const address = normalizeApiAddress(callback.apiAddress, tray.allowInsecureApi);
  const link = await findLinkByStore(db, callback.store);
  if (!link || link.api_address !== address) throw storeNotLinked();
  return link;
}

/** `GET /tray/link-store/{store}`: the chatbot id (shop slug) for the callback page's prefill, nothing else. */
export async function linkedChatbot(
  db: Queryable,
  tray: TrayConfig,
  callback: CallbackStore,
): Promise<TrayLinkedChatbot> {
  const link = await callbackLink(db, tray, callback);
  return { chatbotId: link.slug, maskedToken: TRAY_MASKED_TOKEN };
}

/** Latest import of a linked Tray store (the callback page polls it); 404 as for the prefill. */
export async function storeImportStatus(
  db: Queryable,
  tray: TrayConfig,
  callback: CallbackStore,
): Promise<TrayImportStatus> {
  const job = await latestJob(db, (await callbackLink(db, tray, callback)).id);
  if (!job) throw storeNotLinked();
  return toImportStatus(job);
}

/** The shop's Tray link and its latest import, for the shop's agents. */
export async function shopTrayStatus(db: Queryable, shopId: string): Promise<TrayShopStatus> {
  const link = await findLinkByShop(db, shopId);
  if (!link)
    return {
      linked: false,
      store: null,
      storeHost: null,
      linkStatus: null,
      lastImport: null,
      dailyBudget: null,
    };
  const job = await latestJob(db, link.id);
  const used = await trayRequestsOn(db, link.id, new Date());
  const low = used >= TRAY_DAILY_LIMIT * TRAY_LOW_SHARE;
  const figures = { used: used.toLocaleString('pt-BR'), limit: TRAY_DAILY_LIMIT.toLocaleString('pt-BR') };
  return {
    linked: true,
    store: link.store_key,
    storeHost: link.store_host,
    linkStatus: link.status === 'active' ? 'active' : 'reauthorize',
    lastImport: job ? toImportStatus(job) : null,
    dailyBudget: {
      used,
      limit: TRAY_DAILY_LIMIT,
      low,
      message: low ? errorMessage('trayBudgetLow', figures) : null,
    },
  };
}

/** Queues a sync of the shop's linked store now (no-op when one is already queued or running). */
export async function requestSync(db: Queryable, shopId: string): Promise<TrayImportStatus> {
  const link = await findLinkByShop(db, shopId);
  if (!link) throw new AppError('notFound', 'trayShopNotLinked');
  if (link.status !== 'active') throw new AppError('unprocessable', 'trayReauthorize');
  return toImportStatus(await enqueueImport(db, shopId, link.id));
}
