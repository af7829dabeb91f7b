import type { Queryable } from '../../db/client.ts';

export type AddressRow = {
  id: string;
  name: string;
  is_default: boolean;
  zip_code: string;
  street: string;
  number: string;
  complement: string | null;
  neighborhood: string;
  neighborhood_id: string | null;
  city: string;
  state: string;
};

/** A contact's saved data (spec §3 Customer) plus its id and phone. */
export type ContactRow = {
  id: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  document: string | null;
  birth_date: string | null;
  is_corporate: boolean;
  corporate_document: string | null;
  corporate_name: string | null;
  trade_name: string | null;
  state_inscription: string | null;
};

/** The contact's address book, oldest first (the checkout's address index points into it). */
export async function listAddresses(db: Queryable, shopId: string, contactId: string): Promise<AddressRow[]> {
  return db.query<AddressRow>(
    `select id, name, is_default, zip_code, street, number, complement, neighborhood, neighborhood_id, city, state
       from addresses where shop_id = $1 and contact_id = $2 order by created_at, id`,
    [shopId, contactId],
  );
}

export async function insertAddress(
  db: Queryable,
  row: AddressRow & { shop_id: string; contact_id: string },
) {
  await db.query(
    `insert into addresses (id, shop_id, contact_id, name, is_default, zip_code, street, number, complement,
       neighborhood, neighborhood_id, city, state)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      row.id,
      row.shop_id,
      row.contact_id,
      row.name,
      row.is_default,
      row.zip_code,
      row.street,
      row.number,
      row.complement,
      row.neighborhood,
      row.neighborhood_id,
      row.city,
      row.state,
    ],
  );
}

/** What a customer update writes. */
export type ContactFields = Omit<ContactRow, 'id' | 'phone'>;

export async function findContact(
  db: Queryable,
  shopId: string,
  contactId: string,
): Promise<ContactRow | null> {
  const [row] = await db.query<ContactRow>(
    `select id, name, phone, email, document, to_char(birth_date, 'DD/MM/YYYY') as birth_date, is_corporate,
            corporate_document, corporate_name, trade_name, state_inscription
       from contacts where shop_id = $1 and id = $2`,
    [shopId, contactId],
  );
  return row ?? null;
}

export async function updateContact(db: Queryable, shopId: string, contactId: string, c: ContactFields) {
  await db.query(
    `update contacts set name = $3, email = $4, document = $5, birth_date = to_date($6, 'DD/MM/YYYY'),
            is_corporate = $7, corporate_document = $8, corporate_name = $9, trade_name = $10,
            state_inscription = $11, updated_at = now()
      where shop_id = $1 and id = $2`,
    [
      shopId,
      contactId,
      c.name,
      c.email,
      c.document,
      c.birth_date,
      c.is_corporate,
      c.corporate_document,
      c.corporate_name,
      c.trade_name,
      c.state_inscription,
    ],
  );
}

/** The shop's contacts whose name or phone contains `q` (all when empty), most recently updated first. */
export async function searchContacts(db: Queryable, shopId: string, q: string, limit: number) {
  return db.query<{ id: string; name: string | null; phone: string | null }>(
    `select id, name, phone from contacts
      where shop_id = $1 and ($2 = '' or name ilike '%' || $2 || '%' or phone like '%' || $2 || '%')
      order by updated_at desc, id limit $3`,
    [shopId, q.replace(/[%_\\]/g, ''), limit],
  );
}

/** The shop's contact with that phone, created or renamed (a platform session names it). */
export async function upsertContact(db: Queryable, shopId: string, id: string, name: string, phone: string) {
  const [row] = await db.query<{ id: string }>(
    `insert into contacts (id, shop_id, name, phone) values ($1, $2, $3, $4)
     on conflict (shop_id, phone) do update set name = excluded.name, updated_at = now()
     returning id`,
    [id, shopId, name, phone],
  );
  return row!.id;
}

/** The contact a channel's external user id (WhatsApp's BSUID `user_id`, or its phone) names, or null. */
export async function findContactByIdentity(
  db: Queryable,
  shopId: string,
  channelType: number,
  externalUserId: string,
): Promise<string | null> {
  const [row] = await db.query<{ contact_id: string }>(
    `select contact_id from contact_identities where shop_id = $1 and channel_type = $2 and external_user_id = $3`,
    [shopId, channelType, externalUserId],
  );
  return row?.contact_id ?? null;
}

/** Links (channel, external user id) to the contact unless the id already names one; answers the contact it names. */
export async function linkIdentity(
  db: Queryable,
  shopId: string,
  channelType: number,
  externalUserId: string,
  contactId: string,
): Promise<string> {
  await db.query(
    `insert into contact_identities (shop_id, channel_type, external_user_id, contact_id) values ($1, $2, $3, $4)
     on conflict do nothing`,
    [shopId, channelType, externalUserId, contactId],
  );
  return (await findContactByIdentity(db, shopId, channelType, externalUserId))!;
}

/** A new contact known only by its channel user id (no phone yet). */
export async function insertContactWithoutPhone(db: Queryable, shopId: string, id: string, name: string) {
  await db.query(`insert into contacts (id, shop_id, name) values ($1, $2, $3)`, [id, shopId, name]);
}

/** Gives a contact that has no phone yet the phone a later message carried (when no other contact has it). */
export async function fillContactPhone(db: Queryable, shopId: string, contactId: string, phone: string) {
  await db.query(
    `update contacts set phone = $3, updated_at = now() where shop_id = $1 and id = $2 and phone is null
        and not exists (select 1 from contacts other where other.shop_id = $1 and other.phone = $3)`,
    [shopId, contactId, phone],
  );
}

/** The shop's contacts a channel's external user id names (order look-up by `userId`). */
export async function contactsOfIdentity(
  db: Queryable,
  shopId: string,
  externalUserId: string,
): Promise<string[]> {
  const rows = await db.query<{ contact_id: string }>(
    `select distinct contact_id from contact_identities where shop_id = $1 and external_user_id = $2`,
    [shopId, externalUserId],
  );
  return rows.map((r) => r.contact_id);
}

/** Renames a contact (a platform session names it). */
export async function renameContact(db: Queryable, shopId: string, contactId: string, name: string) {
  await db.query(`update contacts set name = $3, updated_at = now() where shop_id = $1 and id = $2`, [
    shopId,
    contactId,
    name,
  ]);
}

/** The name an erased contact keeps (LGPD; modules/customer/data-rights.ts). */
export const ERASED_CONTACT_NAME = 'Cliente removido (LGPD)';

/** Empties the contact's personal fields, deletes its addresses and identities. */
export async function eraseContactRecord(
  tx: Queryable,
  shopId: string,
  contactId: string,
  keepInvoiceData: boolean,
): Promise<void> {
  await tx.query(
    `update contacts set
        name = case when $3 then name else $4 end, phone = null, email = null, birth_date = null,
        document = case when $3 then document else null end,
        corporate_document = case when $3 then corporate_document else null end,
        corporate_name = case when $3 then corporate_name else null end,
        trade_name = case when $3 then trade_name else null end,
        state_inscription = case when $3 then state_inscription else null end,
        updated_at = now()
      where shop_id = $1 and id = $2`,
    [shopId, contactId, keepInvoiceData, ERASED_CONTACT_NAME],
  );
  await tx.query('delete from addresses where shop_id = $1 and contact_id = $2', [shopId, contactId]);
  await tx.query('delete from contact_identities where shop_id = $1 and contact_id = $2', [
    shopId,
    contactId,
  ]);
}
