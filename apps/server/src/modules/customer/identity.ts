/**
 * Who a contact is on a channel (issue 33, WhatsApp usernames): a contact is found by (channel, external user id) —
 * WhatsApp's business-scoped user id (`user_id`, BSUID) or, as before, its phone — with the phone optional. A
 * message that carries both links them: the user id joins the phone's contact (and a contact known only by its user
 * id gets the phone when no other contact has it).
 */
import type { Queryable } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import {
  fillContactPhone,
  findContactByIdentity,
  insertContactWithoutPhone,
  linkIdentity,
  renameContact,
  upsertContact,
} from './repository.ts';

export type ContactIdentity = {
  channelType: number;
  name: string;
  phone: string | null;
  userId: string | null;
};

/** The shop's contact for a channel user (by user id, else phone), created when new; both ids linked to it. */
export async function contactForIdentity(
  db: Queryable,
  shopId: string,
  who: ContactIdentity,
): Promise<string> {
  const byUser = who.userId ? await findContactByIdentity(db, shopId, who.channelType, who.userId) : null;
  if (byUser) {
    if (who.phone) await fillContactPhone(db, shopId, byUser, who.phone);
    await renameContact(db, shopId, byUser, who.name);
    return byUser;
  }
  let contactId: string;
  if (who.phone) {
    contactId = await upsertContact(db, shopId, newId('ctc'), who.name, who.phone);
    await linkIdentity(db, shopId, who.channelType, who.phone, contactId);
  } else {
    contactId = newId('ctc');
    await insertContactWithoutPhone(db, shopId, contactId, who.name);
  }
  return who.userId ? linkIdentity(db, shopId, who.channelType, who.userId, contactId) : contactId;
}

/** Links a user id to the contact of a phone when a message carries both (a webhook's `contacts[]`). */
export async function linkUserToPhone(
  db: Queryable,
  shopId: string,
  channelType: number,
  userId: string,
  phone: string,
): Promise<boolean> {
  const byPhone = await findContactByIdentity(db, shopId, channelType, phone);
  const byUser = await findContactByIdentity(db, shopId, channelType, userId);
  if (byUser) {
    await fillContactPhone(db, shopId, byUser, phone);
    if (!byPhone) await linkIdentity(db, shopId, channelType, phone, byUser);
    return false;
  }
  if (!byPhone) return false;
  await linkIdentity(db, shopId, channelType, userId, byPhone);
  return true;
}
