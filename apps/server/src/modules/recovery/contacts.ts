/**
 * What recovery keeps per contact (`recovery_contacts`): whether they asked to stop ('PARAR' in the chat, or the
 * chatbot platform's flag) and when we last heard from them (WhatsApp's 24-hour window). A send locks the row, so
 * the per-contact cap is counted by one instance at a time.
 */
import type { Queryable } from '../../db/client.ts';

export type ContactState = { optedOut: boolean; lastInboundAt: Date | null };

/** Records (or withdraws, `optedOut` false) the contact's opt-out. */
export async function recordOptOut(
  db: Queryable,
  shopId: string,
  contactId: string,
  source: 'chat' | 'platform',
  optedOut = true,
): Promise<void> {
  await db.query(
    `insert into recovery_contacts (shop_id, contact_id, opted_out_at, opt_out_source)
     values ($1, $2, case when $4::boolean then now() end, case when $4::boolean then $3::text end)
     on conflict (shop_id, contact_id) do update
       set opted_out_at = case when $4::boolean then coalesce(recovery_contacts.opted_out_at, now()) end,
           opt_out_source = case when $4::boolean then coalesce(recovery_contacts.opt_out_source, $3::text) end`,
    [shopId, contactId, source, optedOut],
  );
}

/** Records a message heard from the contact at `at` (keeps the latest). */
export async function recordInbound(
  db: Queryable,
  shopId: string,
  contactId: string,
  at: Date,
): Promise<void> {
  await db.query(
    `insert into recovery_contacts (shop_id, contact_id, last_inbound_at) values ($1, $2, $3)
     on conflict (shop_id, contact_id) do update
       set last_inbound_at = greatest(recovery_contacts.last_inbound_at, excluded.last_inbound_at)`,
    [shopId, contactId, at.toISOString()],
  );
}

/** Locks the contact's row in `tx` (made when missing) and answers it. */
export async function lockContactState(
  tx: Queryable,
  shopId: string,
  contactId: string,
): Promise<ContactState> {
  await tx.query(
    'insert into recovery_contacts (shop_id, contact_id) values ($1, $2) on conflict do nothing',
    [shopId, contactId],
  );
  const [row] = await tx.query<{ opted_out_at: Date | null; last_inbound_at: string | Date | null }>(
    'select opted_out_at, last_inbound_at from recovery_contacts where shop_id = $1 and contact_id = $2 for update',
    [shopId, contactId],
  );
  return {
    optedOut: Boolean(row?.opted_out_at),
    lastInboundAt: row?.last_inbound_at ? new Date(row.last_inbound_at) : null,
  };
}

/** The contact's recovery row as held (data rights, decision 0052): opt-out and the last message heard. */
export async function contactRecoveryState(db: Queryable, shopId: string, contactId: string) {
  const [row] = await db.query<Record<string, unknown>>(
    `select opted_out_at, opt_out_source, last_inbound_at from recovery_contacts
      where shop_id = $1 and contact_id = $2`,
    [shopId, contactId],
  );
  return row ?? null;
}

/** Erasure (decision 0052): the contact's recovery row goes (its opt-out with it: the contact has no address left). */
export async function deleteContactRecoveryState(tx: Queryable, shopId: string, contactId: string) {
  await tx.query('delete from recovery_contacts where shop_id = $1 and contact_id = $2', [shopId, contactId]);
}
