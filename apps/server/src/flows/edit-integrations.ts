/**
 * An owner edits the shop's channels in the console 'Integrações' (decision 0038): the same writer as the
 * platform's `PUT …/messaging` (modules/messaging/messaging-settings.ts), plus an audit entry old → new in the
 * same transaction (secrets only as 'alterada').
 */
import type { MessagingSettingsBody } from '@vitrine/contracts/messaging-settings';
import type { Db } from '../db/client.ts';
import { recordAudit, type Actor } from '../modules/audit/service.ts';
import { messagingChanges } from '../modules/messaging/messaging-audit.ts';
import { readMessagingSettings, writeMessagingSettings } from '../modules/messaging/messaging-settings.ts';

type Shop = { id: string; slug: string };

export async function editShopMessaging(
  deps: { db: Db; key: Buffer },
  actor: Actor,
  shop: Shop,
  body: MessagingSettingsBody,
) {
  const { db, key } = deps;
  return db.transaction(async (tx) => {
    const before = await readMessagingSettings(tx, key, shop);
    await writeMessagingSettings(tx, key, shop.id, body);
    const after = await readMessagingSettings(tx, key, shop);
    const changes = messagingChanges(before, after, body);
    if (changes.length > 0) await recordAudit(tx, shop.id, actor, 'messaging.changed', null, { changes });
    return after;
  });
}
