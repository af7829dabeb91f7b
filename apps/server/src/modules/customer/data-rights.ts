/**
 * A contact's data rights (LGPD art. 18; issue 39, item 12) on the tables this module owns: what is held (the
 * contact, saved addresses, channel identities) and its erasure — the contact row keeps its id (orders point at
 * it) with every personal field emptied; with `keepInvoiceData` its name and CPF/CNPJ stay, as an invoice needs.
 */
import type { Queryable } from '../../db/client.ts';
import type { AddressRow, ContactRow } from './repository.ts';

export { eraseContactRecord } from './repository.ts';

export type ContactHeld = {
  contact: ContactRow & { created_at: string };
  addresses: AddressRow[];
  identities: { channel_type: number; external_user_id: string; created_at: string }[];
};

/** Everything the module holds about the contact; null when it is not the shop's. */
export async function contactHeld(
  db: Queryable,
  shopId: string,
  contactId: string,
): Promise<ContactHeld | null> {
  const [contact] = await db.query<ContactHeld['contact']>(
    `select id, name, phone, email, document, birth_date::text, is_corporate, corporate_document, corporate_name,
            trade_name, state_inscription, created_at
       from contacts where shop_id = $1 and id = $2`,
    [shopId, contactId],
  );
  if (!contact) return null;
  const addresses = await db.query<AddressRow>(
    `select id, name, is_default, zip_code, street, number, complement, neighborhood, neighborhood_id, city, state
       from addresses where shop_id = $1 and contact_id = $2 order by created_at`,
    [shopId, contactId],
  );
  const identities = await db.query<ContactHeld['identities'][number]>(
    `select channel_type, external_user_id, created_at from contact_identities
      where shop_id = $1 and contact_id = $2 order by created_at`,
    [shopId, contactId],
  );
  return { contact, addresses, identities };
}

/** The shop's contacts stored under any of these phone spellings or this channel user id. */
export async function contactsNamed(
  db: Queryable,
  shopId: string,
  phones: string[],
  externalUserId: string | null,
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select id from contacts where shop_id = $1 and phone = any($2::text[])
     union
     select contact_id from contact_identities where shop_id = $1 and external_user_id = $3`,
    [shopId, phones, externalUserId],
  );
  return rows.map((r) => r.id);
}
