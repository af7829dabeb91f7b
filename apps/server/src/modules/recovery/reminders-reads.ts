/**
 * What the console and the contact's data rights read of the reminders and what they brought back (issue 36,
 * decision 0057): the pipeline's list, the recovered figures (since a day, per week and rule) and a contact's
 * reminders. Read-only; `reminders-repository.ts` owns the tables and writes them.
 */
import type { RecoveryReminder, ReminderKind, ReminderReason } from '@vitrine/contracts/console-recovery';
import type { Queryable } from '../../db/client.ts';

type ListRow = {
  id: string;
  order_id: string;
  contact_name: string | null;
  kind: ReminderKind;
  step: number;
  state: RecoveryReminder['state'];
  reason: ReminderReason | null;
  due_at: string | Date;
  sent_at: string | Date | null;
  total_cents: number;
  recovered_cents: number | null;
};

const iso = (at: string | Date) => new Date(at).toISOString();

/** The shop's newest reminders (scheduled first by due time, then the decided ones, newest first). */
export async function listReminders(db: Queryable, shopId: string, limit = 200): Promise<RecoveryReminder[]> {
  const rows = await db.query<ListRow>(
    `select m.id, m.order_id, c.name as contact_name, m.kind, m.step, m.state, m.reason, m.due_at, m.sent_at,
            o.total_cents, r.value_cents as recovered_cents
       from recovery_reminders m
       join orders o on o.id = m.order_id
       left join contacts c on c.id = m.contact_id
       left join recovery_recoveries r on r.reminder_id = m.id
      where m.shop_id = $1
      order by (m.state = 'scheduled') desc, case when m.state = 'scheduled' then m.due_at end,
               coalesce(m.decided_at, m.created_at) desc, m.id desc
      limit $2`,
    [shopId, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    orderId: row.order_id,
    contactName: row.contact_name,
    kind: row.kind,
    step: row.step,
    state: row.state,
    reason: row.reason,
    dueAt: iso(row.due_at),
    sentAt: row.sent_at ? iso(row.sent_at) : null,
    cartTotalCents: row.total_cents,
    recoveredCents: row.recovered_cents,
  }));
}

/** Orders recovered since `since` and their value. */
export async function recoveredSince(db: Queryable, shopId: string, since: Date) {
  const [row] = await db.query<{ orders: number; value_cents: number }>(
    `select count(*)::int as orders, coalesce(sum(value_cents), 0)::int as value_cents
       from recovery_recoveries where shop_id = $1 and confirmed_at > $2`,
    [shopId, since.toISOString()],
  );
  return { orders: row?.orders ?? 0, valueCents: row?.value_cents ?? 0 };
}

/** The contact's reminders as held (data rights, decision 0052): what each was about, its state, reason and times. */
export async function contactReminders(db: Queryable, shopId: string, contactId: string) {
  return db.query<Record<string, unknown>>(
    `select order_id, kind, step, state, reason, due_at, sent_at from recovery_reminders
      where shop_id = $1 and contact_id = $2 order by created_at, id`,
    [shopId, contactId],
  );
}

/**
 * What the reminders brought back since `since`, per week (Monday, in the shop's `timeZone`) and per rule — the
 * abandoned cart's or the unpaid order's (the kind of the reminder each recovered order is stored with).
 */
export async function recoveredByWeek(db: Queryable, shopId: string, since: Date, timeZone: string) {
  const rows = await db.query<{
    week: string;
    rule: 'cart' | 'payment';
    orders: number;
    value_cents: number;
  }>(
    `select to_char(date_trunc('week', r.confirmed_at at time zone $3), 'YYYY-MM-DD') as week,
            case when m.kind = 'cart' then 'cart' else 'payment' end as rule,
            count(*)::int as orders, coalesce(sum(r.value_cents), 0)::int as value_cents
       from recovery_recoveries r join recovery_reminders m on m.id = r.reminder_id
      where r.shop_id = $1 and r.confirmed_at > $2
      group by 1, 2 order by 1 desc, 2`,
    [shopId, since.toISOString(), timeZone],
  );
  return rows.map((r) => ({ week: r.week, rule: r.rule, orders: r.orders, valueCents: r.value_cents }));
}
