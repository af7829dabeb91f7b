/**
 * The shop's delivery schedule as the console saves it (issue 18) and the slots it materialises. Slots are only
 * ever upserted or retired here; what a checkout books stays holdSlot()'s (schedule-repository.ts), and the
 * database keeps reserved <= capacity whatever runs at the same time on any instance: a capacity is never set
 * below the slot's bookings (read under the row's lock by the upsert), and a slot with bookings is closed
 * (capacity = bookings), never deleted.
 */
import type { Queryable } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import type { PlannedSlot, Schedule, SlotScope } from './schedule-plan.ts';

type WindowRow = {
  id: string;
  option_id: string | null;
  seller_id: string | null;
  weekday: number;
  start_time: string;
  end_time: string;
  cutoff_minutes: number;
  capacity: number;
};
type ExceptionRow = Omit<WindowRow, 'weekday'> & {
  day: string;
  kind: 'closed' | 'extra';
  note: string | null;
};

/** The shop's schedule (every scope's windows and exceptions), or null before it saves one. */
export async function readSchedule(db: Queryable, shopId: string): Promise<Schedule | null> {
  const [settings] = await db.query<{ days_ahead: number }>(
    'select days_ahead from delivery_schedules where shop_id = $1',
    [shopId],
  );
  if (!settings) return null;
  const windows = await db.query<WindowRow>(
    `select id, option_id, seller_id, weekday, start_time, end_time, cutoff_minutes, capacity from schedule_windows
      where shop_id = $1 order by weekday, start_time`,
    [shopId],
  );
  const exceptions = await db.query<ExceptionRow>(
    `select id, option_id, seller_id, to_char(day, 'YYYY-MM-DD') as day, kind, start_time, end_time,
            cutoff_minutes, capacity, note
       from schedule_exceptions where shop_id = $1 order by day, start_time nulls first`,
    [shopId],
  );
  return {
    daysAhead: settings.days_ahead,
    windows: windows.map((w) => ({
      id: w.id,
      optionId: w.option_id,
      sellerId: w.seller_id,
      weekday: w.weekday,
      start: w.start_time,
      end: w.end_time,
      cutoffMinutes: w.cutoff_minutes,
      capacity: w.capacity,
    })),
    exceptions: exceptions.map((x) =>
      x.kind === 'closed'
        ? {
            id: x.id,
            optionId: x.option_id,
            sellerId: x.seller_id,
            kind: 'closed' as const,
            day: x.day,
            note: x.note,
          }
        : {
            id: x.id,
            optionId: x.option_id,
            sellerId: x.seller_id,
            kind: 'extra' as const,
            day: x.day,
            start: x.start_time,
            end: x.end_time,
            cutoffMinutes: x.cutoff_minutes,
            capacity: x.capacity,
          },
    ),
  };
}

const IN_SCOPE = 'shop_id = $1 and option_id is not distinct from $2 and seller_id is not distinct from $3';

/**
 * Replaces one scope's windows and exceptions (new ids; slots are matched by scope, day and start) and sets the
 * days shown, which are the shop's.
 */
export async function writeSchedule(
  tx: Queryable,
  shopId: string,
  scope: SlotScope,
  schedule: Schedule,
  today: string,
) {
  await tx.query(
    `insert into delivery_schedules (shop_id, days_ahead, synced_on) values ($1, $2, $3)
     on conflict (shop_id) do update set days_ahead = excluded.days_ahead, synced_on = excluded.synced_on`,
    [shopId, schedule.daysAhead, today],
  );
  const inScope = [shopId, scope.optionId, scope.sellerId];
  await tx.query(`delete from schedule_windows where ${IN_SCOPE}`, inScope);
  await tx.query(`delete from schedule_exceptions where ${IN_SCOPE}`, inScope);
  if (schedule.windows.length > 0)
    await tx.query(
      `insert into schedule_windows (id, shop_id, option_id, seller_id, weekday, start_time, end_time,
                                     cutoff_minutes, capacity)
       select w.id, $1, $2, $3, w.weekday, w.start, w."end", w."cutoffMinutes", w.capacity
         from jsonb_to_recordset($4::jsonb) as w(id text, weekday int, start text, "end" text, "cutoffMinutes" int,
                                                 capacity int)`,
      [...inScope, JSON.stringify(schedule.windows)],
    );
  if (schedule.exceptions.length > 0)
    await tx.query(
      `insert into schedule_exceptions (id, shop_id, option_id, seller_id, day, kind, start_time, end_time,
                                        cutoff_minutes, capacity, note)
       select x.id, $1, $2, $3, x.day::date, x.kind, x.start, x."end", x."cutoffMinutes", x.capacity, x.note
         from jsonb_to_recordset($4::jsonb) as x(id text, day text, kind text, start text, "end" text,
                                                 "cutoffMinutes" int, capacity int, note text)`,
      [...inScope, JSON.stringify(schedule.exceptions)],
    );
}

/**
 * Claims the day's slot extension: true for the one caller (of any instance) that moves the shop's schedule to
 * `today`, which then materialises its slots in the same transaction.
 */
export async function claimSync(tx: Queryable, shopId: string, today: string): Promise<boolean> {
  const claimed = await tx.query(
    'update delivery_schedules set synced_on = $2 where shop_id = $1 and synced_on < $2 returning shop_id',
    [shopId, today],
  );
  return claimed.length > 0;
}

/** Makes the shop's slots (every scope's) from `today` on the planned ones. */
export async function materialiseSlots(tx: Queryable, shopId: string, today: string, planned: PlannedSlot[]) {
  const rows = JSON.stringify(planned.map((p) => ({ ...p, id: newId('slt') })));
  await tx.query(
    `insert into schedule_slots (id, shop_id, option_id, seller_id, day, start_time, end_time, schedule_until,
                                 capacity, source_id)
     select p.id, $1, p.option_id, p.seller_id, p.day::date, p.start_time, p.end_time,
            p.schedule_until::timestamptz, p.capacity, p.source_id
       from jsonb_to_recordset($2::jsonb) as p(id text, option_id text, seller_id text, day text,
                                               start_time text, end_time text, schedule_until text, capacity int,
                                               source_id text)
     on conflict (shop_id, option_id, seller_id, day, start_time) do update
       set end_time = excluded.end_time, schedule_until = excluded.schedule_until, source_id = excluded.source_id,
           capacity = greatest(excluded.capacity, schedule_slots.reserved)`,
    [shopId, rows],
  );
  const unplanned = `shop_id = $1 and day >= $2::date and not exists (
      select 1 from jsonb_to_recordset($3::jsonb) as p(option_id text, seller_id text, day text, start_time text)
       where p.day::date = schedule_slots.day and p.start_time = schedule_slots.start_time
         and p.option_id is not distinct from schedule_slots.option_id
         and p.seller_id is not distinct from schedule_slots.seller_id)`;
  await tx.query(`delete from schedule_slots where ${unplanned} and reserved = 0`, [shopId, today, rows]);
  await tx.query(
    `update schedule_slots set capacity = reserved where ${unplanned} and capacity <> reserved`,
    [shopId, today, rows],
  );
}
