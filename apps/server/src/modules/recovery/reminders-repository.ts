/**
 * Reminders (`recovery_reminders`) and what they brought back (`recovery_recoveries`). A sender claims one due
 * reminder per transaction (`for update skip locked`, as the outbox claims its rows), so with several instances each
 * reminder is decided by one of them; the decision is written in the same transaction as the outbox message.
 * Read-only joins: `orders` (status, total, confirmation), `payments` (Waiting charges, when paid), `shops` (time
 * zone), `contacts` (name), `contact_identities` (where to send).
 */
import type { ReminderKind, ReminderReason } from '@vitrine/contracts/console-recovery';
import { PaymentMethod } from '@vitrine/contracts/enums';
import type { Queryable } from '../../db/client.ts';

/** Carts older than this (since their last change) are never reminded. */
export const CART_HORIZON_DAYS = 3;

export type ScanBatch = { last: string | null; carts: number; added: number; reset: number };

/**
 * One batch of the rule scan after cart id `after` (null: from the start), ONE statement over
 * `orders_open_contact_carts_idx`: open carts of known contacts in shops whose rule is on, keyset by id. A cart with
 * items and no first reminder gets one, due `first_after_minutes` after its last change; a cart whose version moved
 * since its reminder was scheduled (or that was emptied and filled again) has its timer started again from `now`.
 * Carts unchanged for more than three days are left alone. `last` is the cursor of the next batch. Every join
 * repeats the batch's range (`> $2`, `<= max(id)`): whatever join the planner picks on stale statistics of a
 * growing reminders table, a batch reads its own range only — without it each batch read every reminder after (or
 * before) it, O(n²) a scan (the bench measured 400 s for 100k carts, 11 s with it).
 */
export async function scanBatch(
  db: Queryable,
  now: Date,
  after: string | null,
  size: number,
): Promise<ScanBatch> {
  const [row] = await db.query<ScanBatch>(
    `with batch as (
       select o.id, o.shop_id, o.contact_id, o.version, o.updated_at, r.first_after_minutes, r.second_after_hours
         from orders o join recovery_rules r on r.shop_id = o.shop_id and r.enabled
        where o.status = 0 and o.contact_id is not null and o.id > $2
          and o.updated_at > $1::timestamptz - make_interval(days => ${CART_HORIZON_DAYS})
          and exists (select 1 from order_items i where i.order_id = o.id and i.order_id > $2)
        order by o.id limit $3
     ), reset as (
       update recovery_reminders m
          set due_at = $1::timestamptz + case when m.step = 1 then make_interval(mins => b.first_after_minutes)
                else make_interval(hours => coalesce(b.second_after_hours, 1)) end,
              cart_version = b.version, state = 'scheduled', reason = null, decided_at = null
         from batch b
        where m.order_id = b.id and m.order_id > $2 and m.order_id <= (select max(id) from batch)
          and m.kind = 'cart' and m.cart_version <> b.version
          and (m.state = 'scheduled' or (m.step = 1 and m.state = 'skipped' and m.reason = 'emptied'))
       returning m.id
     ), added as (
       insert into recovery_reminders (id, shop_id, order_id, contact_id, step, due_at, cart_version)
       select 'rmd_' || b.id || '_1', b.shop_id, b.id, b.contact_id, 1,
              b.updated_at + make_interval(mins => b.first_after_minutes), b.version
         from batch b
        where not exists (select 1 from recovery_reminders m
                           where m.order_id = b.id and m.order_id > $2 and m.order_id <= (select max(id) from batch)
                             and m.kind = 'cart' and m.step = 1)
       on conflict do nothing
       returning id
     )
     select (select max(id) from batch) as last, (select count(*) from batch)::int as carts,
            (select count(*) from added)::int as added, (select count(*) from reset)::int as reset`,
    [now.toISOString(), after ?? '', size],
  );
  return row!;
}

/** The local time of day a boleto's reminder goes out, the day before it is due. */
export const BOLETO_REMINDER_TIME = '10:00';

/** Where the next charge batch starts: the last batch's (expires_at as the database wrote it, id). */
export type PaymentCursor = { expiresAt: string; id: string };
export type PaymentScanBatch = { last: PaymentCursor | null; charges: number; added: number };

/**
 * The unpaid-order half of the rule scan (issue 36, decision 0057's addendum): ONE statement per batch over
 * `payments_expiry_idx` (Waiting charges by expiry), keyset by (expires_at, id). Every Waiting Pix code or boleto of a
 * Received order of a known contact, in a shop whose payment reminders are on, gets its reminders once (ids are
 * derived from the charge or the order, `on conflict do nothing`):
 * - 'pix': `pix_before_minutes` before the code expires (the message carries the same code);
 * - 'boleto': the day before the due day, at 10:00 in the shop's time zone (the due day is the shop's calendar day
 *   before the charge's expiry: charge.ts makes it due in 3 days and expire a day later);
 * - 'new_code': at the expiry, when the rule sends a new code after it — once per order, whatever its charges.
 * A reminder that would fall within 5 minutes of the charge's creation is not made (the code has just gone out).
 */
export async function scanPaymentBatch(
  db: Queryable,
  now: Date,
  after: PaymentCursor | null,
  size: number,
): Promise<PaymentScanBatch> {
  const [row] = await db.query<{
    last_at: string | null;
    last_id: string | null;
    charges: number;
    added: number;
  }>(
    `with batch as (
       select p.id, p.order_id, p.shop_id, o.contact_id, p.method, p.expires_at, p.created_at, r.new_code_after_expiry,
              case when p.method = ${PaymentMethod.Pix}
                     then p.expires_at - make_interval(mins => r.pix_before_minutes)
                   when r.boleto_day_before
                     then (((p.expires_at - interval '1 day') at time zone s.time_zone)::date - 1
                           + time '${BOLETO_REMINDER_TIME}') at time zone s.time_zone
              end as remind_at
         from payments p
         join orders o on o.id = p.order_id
         join recovery_rules r on r.shop_id = p.shop_id and r.payment_enabled
         join shops s on s.id = p.shop_id
        where p.status = 0 and p.expires_at > $1::timestamptz
          and (p.expires_at, p.id) > ($2::timestamptz, $3::text)
          and ((p.method = ${PaymentMethod.Pix} and p.pix_copy_paste is not null)
            or (p.method = ${PaymentMethod.Boleto} and p.boleto_line is not null))
          and o.status = 1 and o.contact_id is not null
        order by p.expires_at, p.id limit $4
     ), wanted as (
       select 'rmd_' || b.id || case when b.method = ${PaymentMethod.Pix} then '_pix' else '_boleto' end as id,
              b.shop_id, b.order_id, b.contact_id,
              case when b.method = ${PaymentMethod.Pix} then 'pix' else 'boleto' end as kind, b.id as payment_id,
              b.remind_at as due_at
         from batch b
        where b.remind_at > b.created_at + interval '5 minutes'
       union all
       select 'rmd_' || b.order_id || '_new', b.shop_id, b.order_id, b.contact_id, 'new_code', b.id, b.expires_at
         from batch b
        where b.new_code_after_expiry
     ), added as (
       insert into recovery_reminders (id, shop_id, order_id, contact_id, step, kind, payment_id, due_at, cart_version)
       select w.id, w.shop_id, w.order_id, w.contact_id, 1, w.kind, w.payment_id, w.due_at, 0 from wanted w
       on conflict do nothing
       returning id
     ), tail as (select expires_at, id from batch order by expires_at desc, id desc limit 1)
     select (select expires_at::text from tail) as last_at, (select id from tail) as last_id,
            (select count(*) from batch)::int as charges, (select count(*) from added)::int as added`,
    [now.toISOString(), after?.expiresAt ?? '-infinity', after?.id ?? '', size],
  );
  // The cursor keeps the database's text of the instant (microseconds; a JS Date would cut them to milliseconds and
  // read rows of the same instant again).
  const last = row?.last_at && row.last_id ? { expiresAt: row.last_at, id: row.last_id } : null;
  return { last, charges: row?.charges ?? 0, added: row?.added ?? 0 };
}

export type ReminderRow = {
  id: string;
  shop_id: string;
  order_id: string;
  contact_id: string;
  step: 1 | 2;
  kind: ReminderKind;
  payment_id: string | null;
  due_at: string | Date;
  cart_version: number;
  contact_name: string | null;
};

/** Claims the earliest due reminder in `tx`, skipping those another instance holds; null when none is due. */
export async function claimDueReminder(tx: Queryable, now: Date): Promise<ReminderRow | null> {
  const [row] = await tx.query<ReminderRow>(
    `select m.id, m.shop_id, m.order_id, m.contact_id, m.step, m.kind, m.payment_id, m.due_at, m.cart_version,
            (select c.name from contacts c where c.id = m.contact_id) as contact_name
       from recovery_reminders m
      where m.state = 'scheduled' and m.due_at <= $1::timestamptz
      order by m.due_at limit 1
      for update skip locked`,
    [now.toISOString()],
  );
  return row ?? null;
}

/** Where a message to the contact goes on `channelType`: its newest identity there (WhatsApp: its phone too). */
export async function recipientOf(
  db: Queryable,
  shopId: string,
  contactId: string,
  channelType: number,
): Promise<string | null> {
  const [row] = await db.query<{ recipient: string | null }>(
    `select coalesce(
       (select external_user_id from contact_identities where shop_id = $1 and contact_id = $2 and channel_type = $3
         order by created_at desc limit 1),
       (select phone from contacts where id = $2 and shop_id = $1 and $3 = 1)) as recipient`,
    [shopId, contactId, channelType],
  );
  return row?.recipient || null;
}

/** How many reminders the contact was sent since `since`. */
export async function sentToContactSince(tx: Queryable, contactId: string, since: Date): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `select count(*)::int as n from recovery_reminders where contact_id = $1 and state = 'sent' and sent_at > $2`,
    [contactId, since.toISOString()],
  );
  return row?.n ?? 0;
}

export async function markSkipped(tx: Queryable, id: string, reason: ReminderReason, now: Date) {
  await tx.query(
    `update recovery_reminders set state = 'skipped', reason = $2, decided_at = $3 where id = $1`,
    [id, reason, now.toISOString()],
  );
}

/** Moves a scheduled reminder to `dueAt` (quiet hours: with that reason; a changed cart: its new version). */
export async function reschedule(
  tx: Queryable,
  id: string,
  dueAt: Date,
  reason: ReminderReason | null,
  cartVersion: number,
) {
  await tx.query(`update recovery_reminders set due_at = $2, reason = $3, cart_version = $4 where id = $1`, [
    id,
    dueAt.toISOString(),
    reason,
    cartVersion,
  ]);
}

export async function markSent(tx: Queryable, id: string, outboxId: string, now: Date) {
  await tx.query(
    `update recovery_reminders set state = 'sent', reason = null, outbox_id = $2, sent_at = $3, decided_at = $3
      where id = $1`,
    [id, outboxId, now.toISOString()],
  );
}

/** Schedules the cart's second reminder (once). */
export async function scheduleSecond(tx: Queryable, first: ReminderRow, dueAt: Date, cartVersion: number) {
  await tx.query(
    `insert into recovery_reminders (id, shop_id, order_id, contact_id, step, due_at, cart_version)
     values ($1, $2, $3, $4, 2, $5, $6) on conflict do nothing`,
    [
      `rmd_${first.order_id}_2`,
      first.shop_id,
      first.order_id,
      first.contact_id,
      dueAt.toISOString(),
      cartVersion,
    ],
  );
}

/**
 * Records as recovered every order confirmed (a cart's reminder) or paid (a payment reminder) within `windowDays`
 * after a reminder sent to it — the latest one before that moment — with its total; once per order
 * (`confirmed_at` is when it was confirmed or paid). Looks at reminders sent in the last window and a day.
 */
export async function recordRecoveries(db: Queryable, now: Date, windowDays: number): Promise<number> {
  const rows = await db.query(
    `insert into recovery_recoveries (order_id, shop_id, reminder_id, value_cents, confirmed_at)
     select distinct on (x.order_id) x.order_id, x.shop_id, x.id, x.total_cents, x.at
       from (select m.order_id, m.shop_id, m.id, m.sent_at, o.total_cents,
                    case when m.kind = 'cart' then o.confirmed_at
                         else (select p.updated_at from payments p where p.order_id = m.order_id and p.status = 1)
                    end as at
               from recovery_reminders m join orders o on o.id = m.order_id
              where m.state = 'sent' and m.sent_at > $1::timestamptz - make_interval(days => $2 + 1)
                and o.status in (1, 2)) x
      where x.at >= x.sent_at and x.at < x.sent_at + make_interval(days => $2)
      order by x.order_id, x.sent_at desc
     on conflict (order_id) do nothing
     returning order_id`,
    [now.toISOString(), windowDays],
  );
  return rows.length;
}

/**
 * Erasure (decision 0052): the contact's scheduled reminders go (none is ever sent to an erased contact); the
 * decided ones stay as the shop's figures — kinds, states and times of an order that keeps no personal data.
 */
export async function deleteScheduledReminders(tx: Queryable, shopId: string, contactId: string) {
  await tx.query(
    `delete from recovery_reminders where shop_id = $1 and contact_id = $2 and state = 'scheduled'`,
    [shopId, contactId],
  );
}
