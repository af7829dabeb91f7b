import type { Address } from '@vitrine/contracts/contact';
import type { Customer, CustomerBody, NewAddressBody } from '@vitrine/contracts/checkout';
import { isValidCep } from '@vitrine/contracts/validators';
import type { Queryable } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionContext } from '../../lib/session-context.ts';
import { getShop, settingsOf } from '../shop/service.ts';
import { contactFields } from './contact-fields.ts';
import {
  findContact,
  insertAddress,
  listAddresses,
  updateContact,
  type AddressRow,
  type ContactFields,
} from './repository.ts';

const digits = (value: string) => value.replace(/\D/g, '');

/** The session's contact (agents act for it); 422 when the session has none (anonymous). */
export function contactOf(session: SessionContext): string {
  if (!session.contactId) throw new AppError('unprocessable', 'contactRequired');
  return session.contactId;
}

/** "Avenida Paulista, 1000 - Bela Vista, São Paulo - SP, 01310-100" */
export function fullAddress(a: AddressRow): string {
  const complement = a.complement ? ` ${a.complement}` : '';
  const zip = `${a.zip_code.slice(0, 5)}-${a.zip_code.slice(5)}`;
  return `${a.street}, ${a.number}${complement} - ${a.neighborhood}, ${a.city} - ${a.state}, ${zip}`;
}

export function toAddress(a: AddressRow): Address {
  return {
    id: a.id,
    name: a.name,
    isDefault: a.is_default,
    state: a.state,
    city: a.city,
    street: a.street,
    number: a.number,
    zipCode: a.zip_code,
    complement: a.complement,
    neighborhood: a.neighborhood,
    neighborhoodId: a.neighborhood_id,
    fullAddress: fullAddress(a),
  };
}

/** The session contact's addresses in wire form. */
export async function addressList(db: Queryable, session: SessionContext): Promise<Address[]> {
  return (await listAddresses(db, session.shopId, contactOf(session))).map(toAddress);
}

/** Adds an address to the session's contact ('Preencha os campos obrigatórios' when incomplete). */
export async function addAddress(
  db: Queryable,
  session: SessionContext,
  body: NewAddressBody,
): Promise<Address[]> {
  const contactId = contactOf(session);
  const name = body.type === 'Outro' ? body.name : body.type;
  const required = [name, body.street, body.number, body.neighborhood, body.city, body.state];
  if (required.some((v) => !v) || !isValidCep(body.zipCode)) {
    throw new AppError('validation', 'addressRequiredFields');
  }
  const existing = await listAddresses(db, session.shopId, contactId);
  await insertAddress(db, {
    id: newId('adr'),
    shop_id: session.shopId,
    contact_id: contactId,
    name,
    is_default: existing.length === 0,
    zip_code: digits(body.zipCode),
    street: body.street,
    number: body.number,
    complement: body.complement || null,
    neighborhood: body.neighborhood,
    neighborhood_id: body.neighborhoodId || null,
    city: body.city,
    state: body.state,
  });
  return addressList(db, session);
}

function toCustomer(c: ContactFields): Customer {
  return {
    name: c.name,
    email: c.email,
    birthDate: c.birth_date,
    document: c.document,
    isCorporate: c.is_corporate,
    corporateDocument: c.corporate_document,
    corporateName: c.corporate_name,
    tradeName: c.trade_name,
    stateInscription: c.state_inscription,
  };
}

/**
 * Stores validated customer data on the session's contact (a contact only ever updates itself; an agent
 * updates the contact it serves). Birth date kept only when the shop enables it; company fields only with CNPJ.
 */
export async function updateCustomer(
  db: Queryable,
  session: SessionContext,
  body: CustomerBody,
): Promise<Customer> {
  const contactId = contactOf(session);
  const settings = settingsOf(await getShop(db, session.shopId));
  const row = contactFields(body, settings);
  await updateContact(db, session.shopId, contactId, row);
  return toCustomer(row);
}

// Offered to other modules (a module imports another only through its service.ts: docs/architecture.md).
export {
  contactsOfIdentity,
  findContact,
  listAddresses,
  searchContacts,
  upsertContact,
} from './repository.ts';
export { contactForIdentity, linkUserToPhone, type ContactIdentity } from './identity.ts';
export { confirmingCustomer, type ConfirmCustomer } from './confirm-customer.ts';

/** One contact of the shop (name and phone), or 404. */
export async function shopContact(db: Queryable, shopId: string, contactId: string) {
  const row = await findContact(db, shopId, contactId);
  if (!row) throw notFound('contactNotFound');
  return { name: row.name ?? 'Cliente', phone: row.phone ?? '' };
}
export { contactHeld, contactsNamed, eraseContactRecord, type ContactHeld } from './data-rights.ts';
