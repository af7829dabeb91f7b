import {
  TRAY_MASKED_TOKEN,
  type TrayImportStatus,
  type TrayLinkedChatbot,
  type TrayShopStatus,
} from '@vitrine/contracts/tray';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { enqueueImport, latestJob, toImportStatus } from './job-repository.ts';
import { findLinkByShop, findLinkByStore } from './link-repository.ts';

const storeNotLinked = () => new AppError('notFound', 'trayStoreNotLinked');

/** `GET /tray/link-store/{store}`: the chatbot (shop slug) a Tray store is linked to; 404 when none. */
export async function linkedChatbot(db: Queryable, store: string): Promise<TrayLinkedChatbot> {
  const link = await findLinkByStore(db, store);
  if (!link) throw storeNotLinked();
  return { chatbotId: link.slug, store: link.store_key, maskedToken: TRAY_MASKED_TOKEN };
}

/** Latest import of a linked Tray store (the callback page polls it); 404 when the store is not linked. */
export async function storeImportStatus(db: Queryable, store: string): Promise<TrayImportStatus> {
  const link = await findLinkByStore(db, store);
  const job = link ? await latestJob(db, link.id) : null;
  if (!job) throw storeNotLinked();
  return toImportStatus(job);
}

/** The shop's Tray link and its latest import, for the shop's agents. */
export async function shopTrayStatus(db: Queryable, shopId: string): Promise<TrayShopStatus> {
  const link = await findLinkByShop(db, shopId);
  if (!link) return { linked: false, store: null, storeHost: null, linkStatus: null, lastImport: null };
  const job = await latestJob(db, link.id);
  return {
    linked: true,
    store: link.store_key,
    storeHost: link.store_host,
    linkStatus: link.status === 'active' ? 'active' : 'reauthorize',
    lastImport: job ? toImportStatus(job) : null,
  };
}

/** Queues a sync of the shop's linked store now (no-op when one is already queued or running). */
export async function requestSync(db: Queryable, shopId: string): Promise<TrayImportStatus> {
  const link = await findLinkByShop(db, shopId);
  if (!link) throw new AppError('notFound', 'trayShopNotLinked');
  if (link.status !== 'active') throw new AppError('unprocessable', 'trayReauthorize');
  return toImportStatus(await enqueueImport(db, shopId, link.id));
}
