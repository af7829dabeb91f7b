/**
 * An owner edits the shop's channels in the console 'Integrações' (decision 0038): the same writer as the
 * platform's `PUT …/messaging` (modules/messaging/messaging-settings.ts), plus an audit entry old → new in the
 * same transaction (secrets only as 'alterada').
 */
import type { MessagingSettingsBody } from '@vitrine/contracts/messaging-settings';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../modules/audit/service.ts';
import {
  messagingChanges,
  readMessagingSettings,
  writeMessagingSettings,
} from '../../modules/messaging/service.ts';
import { auditedEdit } from '../shared/audited-edit.ts';

type Shop = { id: string; slug: string };

export async function editShopMessaging(
  deps: { db: Db; key: Buffer },
  actor: Actor,
  shop: Shop,
  body: MessagingSettingsBody,
) {
  const { db, key } = deps;
  return auditedEdit(db, shop.id, actor, 'messaging.changed', {
    read: (tx) => readMessagingSettings(tx, key, shop),
    write: (tx) => writeMessagingSettings(tx, key, shop.id, body),
    changes: (before, after) => messagingChanges(before, after, body),
  });
}
