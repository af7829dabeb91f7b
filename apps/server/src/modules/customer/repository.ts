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
