/**
 * A contact's data rights (LGPD art. 18; issue 39, item 12; docs/decisions/0052-contact-data-rights.md): what the
 * shop holds about a contact (export, JSON or CSV) and its erasure, each table by its owner in one transaction,
 * audited. Orders stay with their totals, items and dates (tax law); with `keepInvoiceData` the contact's name,
 * CPF/CNPJ and the orders' addresses stay too. What the erasure reaches is listed in PERSONAL_DATA (a test checks
 * every column of the schema that looks personal is in it).
 */
import type { ContactData, ContactErased } from '@vitrine/contracts/contact-data';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { csvText } from '../../lib/csv.ts';
import { recordAudit, type Actor } from '../../modules/audit/service.ts';
import {
  contactHeld,
  contactsNamed,
  eraseContactRecord,
  shopContact,
} from '../../modules/customer/service.ts';
import {
  anonymiseContactOrders,
  contactOrdersHeld,
  eraseContactCatalogOrders,
} from '../../modules/order/service.ts';
import { redactContactOutbox } from '../../modules/outbox/service.ts';
import { replacePayerUserIds } from '../../modules/payment/service.ts';
import {
  contactRecoveryState,
  contactReminders,
  deleteContactRecoveryState,
  deleteScheduledReminders,
} from '../../modules/recovery/service.ts';
import { endContactSessions } from '../../modules/session/service.ts';
import { phoneSpellings } from '../platform/orders.ts';

/** Every column that can hold a contact's personal data, and what the erasure does with it. */
export const PERSONAL_DATA: Record<string, string> = {
  'contacts.name': 'emptied (kept with keepInvoiceData)',
  'contacts.phone': 'emptied',
  'contacts.email': 'emptied',
  'contacts.document': 'emptied (kept with keepInvoiceData)',
  'contacts.birth_date': 'emptied',
  'contacts.corporate_document': 'emptied (kept with keepInvoiceData)',
  'contacts.corporate_name': 'emptied (kept with keepInvoiceData)',
  'contacts.trade_name': 'emptied (kept with keepInvoiceData)',
  'contacts.state_inscription': 'emptied (kept with keepInvoiceData)',
  'addresses.*': 'deleted',
  'contact_identities.external_user_id': 'deleted',
  'sessions.channel_id': 'replaced; the sessions end',
  'sessions.user_id': 'replaced',
  'orders.user_id': 'replaced',
  'orders.checkout': 'address removed (kept with keepInvoiceData)',
  'orders.assistant_search_terms': 'emptied',
  'payments.user_id': 'replaced',
  'idempotency_keys.user_id': 'replaced',
  'outbox.payload': 'replaced by { redacted: true }; undelivered rows fail',
  'recovery_contacts.*': 'deleted (opt-out and last message heard)',
  'recovery_reminders.*':
    'scheduled ones deleted; decided ones kept as the shop’s figures (no personal data)',
  // Staff and shop columns, not a contact's: staff_users.email/name, staff_invitations.email, shop_staff.user_id,
  // staff_sessions.user_id, staff_tokens.user_id, audit_log.actor_user_id, payment_ledger.actor_name.
};

/** The contact by phone or channel user id (chatbot platform), or by its id (console). */
type Named = { phone?: string | undefined; userId?: string | undefined; contactId?: string | undefined };

/** The shop's contacts a phone, user id or contact id names; 404 when none. */
export async function contactsOf(db: Queryable, shopId: string, named: Named): Promise<string[]> {
  if (named.contactId) {
    await shopContact(db, shopId, named.contactId); // 404 contactNotFound for another shop's contact
    return [named.contactId];
  }
  const ids = await contactsNamed(
    db,
    shopId,
    named.phone ? phoneSpellings(named.phone) : [],
    named.userId ?? null,
  );
  if (ids.length === 0) throw new AppError('notFound', 'contactNotFound');
  return ids;
}

/** What the shop holds about the contact(s) named; with `audited` (the console) each export is audited. */
export async function exportContactData(
  db: Db,
  shopId: string,
  named: Named,
  audited: { actor: Actor; format: 'json' | 'csv' } | null = null,
): Promise<ContactData> {
  const contacts = [];
  for (const contactId of await contactsOf(db, shopId, named)) {
    const held = await contactHeld(db, shopId, contactId);
    if (!held) continue;
    const orders = await contactOrdersHeld(db, shopId, contactId);
    const [messages] = await db.query<{ n: number }>(
      `select count(*)::int as n from outbox where shop_id = $1 and payload ->> 'contactId' = $2`,
      [shopId, contactId],
    );
    const recovery = {
      state: await contactRecoveryState(db, shopId, contactId),
      reminders: await contactReminders(db, shopId, contactId),
    };
    contacts.push({ ...held, orders, messages: messages?.n ?? 0, recovery });
    if (audited)
      await recordAudit(db, shopId, audited.actor, 'contact.exported', contactId, { format: audited.format });
  }
  return { contacts };
}

/** The export as CSV: one row per item held (section, field, value). */
export function contactDataCsv(data: ContactData): string {
  const rows: string[][] = [];
  for (const c of data.contacts) {
    for (const [field, value] of Object.entries(c.contact))
      rows.push(['contato', field, String(value ?? '')]);
    c.addresses.forEach((a, i) => rows.push([`endereço ${i + 1}`, 'endereço', JSON.stringify(a)]));
    c.identities.forEach((id, i) => rows.push([`identidade ${i + 1}`, 'canal', JSON.stringify(id)]));
    c.orders.forEach((o) => rows.push([`pedido ${String(o.number ?? o.id)}`, 'pedido', JSON.stringify(o)]));
    rows.push(['mensagens', 'quantidade', String(c.messages)]);
    if (c.recovery.state) rows.push(['recuperação', 'contato', JSON.stringify(c.recovery.state)]);
    c.recovery.reminders.forEach((r, i) => rows.push([`lembrete ${i + 1}`, 'lembrete', JSON.stringify(r)]));
  }
  return csvText(['seção', 'campo', 'valor'], rows);
}

/** Erases the contact(s) a phone or user id names, in one transaction, audited. */
export async function eraseContactData(
  db: Db,
  shopId: string,
  named: Named & { keepInvoiceData: boolean },
  actor: Actor,
): Promise<ContactErased> {
  return db.transaction(async (tx) => {
    const ids = await contactsOf(tx, shopId, named);
    let orders = 0;
    let messages = 0;
    for (const contactId of ids) {
      const held = await contactHeld(tx, shopId, contactId);
      if (!held) continue;
      const { contact, identities } = held;
      const identifiers = [
        contact.phone,
        contact.email,
        contact.document,
        ...identities.map((i) => i.external_user_id),
      ].filter((v): v is string => typeof v === 'string' && v.length >= 6);
      const userIds = await endContactSessions(tx, shopId, contactId);
      await eraseContactCatalogOrders(tx, shopId, contactId);
      const orderIds = await anonymiseContactOrders(tx, shopId, contactId, named.keepInvoiceData);
      await replacePayerUserIds(tx, shopId, userIds, `removido-${contactId}`);
      messages += await redactContactOutbox(tx, shopId, contactId, orderIds, [...identifiers, ...userIds]);
      await deleteContactRecoveryState(tx, shopId, contactId);
      await deleteScheduledReminders(tx, shopId, contactId);
      await eraseContactRecord(tx, shopId, contactId, named.keepInvoiceData);
      orders += orderIds.length;
      await recordAudit(tx, shopId, actor, 'contact.erased', contactId, {
        orders: orderIds.length,
        keepInvoiceData: named.keepInvoiceData,
      });
    }
    return { contacts: ids.length, orders, messages };
  });
}
