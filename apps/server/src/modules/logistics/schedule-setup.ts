/**
 * The console's delivery schedule (issue 18): the owner's windows and exceptions, the calendar of bookings
 * against capacity, a save that re-materialises the slots in its transaction, and the daily extension of the
 * slots by the first checkout of the day (whichever instance it reaches).
 */
import {
  WEEKDAY_LABELS,
  type ScheduleBody,
  type ScheduleException,
  type ScheduleScope,
  type ScheduleSetupView,
  type ScheduleWindow,
} from '@vitrine/contracts/console-delivery';
import { localDay } from '@vitrine/contracts/shop-time';
import type { Db, Queryable } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { getShop } from '../shop/service.ts';
import { listLogistics, listSellers } from './repository.ts';
import {
  plannedSlots,
  sameScope,
  scopeOf,
  scopesOf,
  SHOP_SCOPE,
  type Schedule,
  type SlotScope,
} from './schedule-plan.ts';
import { listSlots } from './schedule-repository.ts';
import { claimSync, materialiseSlots, readSchedule, writeSchedule } from './schedule-writer.ts';
import { optionNotFound, storeNotFound } from './setup.ts';

type ScopeBody = Omit<ScheduleBody, 'optionId' | 'storeId'>;
const scopeBody = (s: Schedule, scope: SlotScope): ScopeBody => ({
  daysAhead: s.daysAhead,
  windows: s.windows
    .filter((w) => sameScope(scopeOf(w), scope))
    .map(({ id: _id, optionId: _o, sellerId: _s, ...w }) => w),
  exceptions: s.exceptions
    .filter((x) => sameScope(scopeOf(x), scope))
    .map(({ id: _id, optionId: _o, sellerId: _s, ...x }) => x),
});

/**
 * The scope a console request names — a delivery option (type 1) or a store of the shop, else the whole shop —
 * with its name for the audit; another shop's or an unknown id is 404.
 */
async function scopeNamed(db: Queryable, shopId: string, named: ScheduleScope) {
  if (named.optionId) {
    const option = (await listLogistics(db, shopId, 1)).find((o) => o.id === named.optionId);
    if (!option) throw optionNotFound();
    return { scope: { optionId: option.id, sellerId: null }, label: `opção ${option.name}` };
  }
  if (named.storeId) {
    const store = (await listSellers(db, shopId)).find((s) => s.id === named.storeId);
    if (!store) throw storeNotFound();
    return { scope: { optionId: null, sellerId: store.id }, label: `loja ${store.name}` };
  }
  return { scope: SHOP_SCOPE, label: null };
}

export async function scheduleViewOf(
  db: Queryable,
  shopId: string,
  named: ScheduleScope = {},
  now = new Date(),
): Promise<ScheduleSetupView> {
  const { scope } = await scopeNamed(db, shopId, named);
  const schedule = await readSchedule(db, shopId);
  const today = localDay(now, (await getShop(db, shopId)).time_zone);
  const slots = await listSlots(db, shopId, scope, today);
  return {
    configured: schedule !== null,
    optionId: scope.optionId,
    storeId: scope.sellerId,
    ...(schedule ? scopeBody(schedule, scope) : { daysAhead: 7, windows: [], exceptions: [] }),
    ownSchedules: schedule
      ? scopesOf(schedule)
          .slice(1)
          .map((s) => ({ optionId: s.optionId, storeId: s.sellerId }))
      : [],
    slots: slots.map((s) => ({
      id: s.id,
      day: s.day,
      start: s.start_time,
      end: s.end_time,
      orderBy: s.schedule_until,
      capacity: s.capacity,
      booked: s.reserved,
    })),
  };
}

const dayLabel = (day: string) => `${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const cutoffWords = (minutes: number) =>
  minutes === 0 ? 'até o início' : minutes % 60 === 0 ? `${minutes / 60} h antes` : `${minutes} min antes`;
const windowWords = (w: ScheduleWindow) =>
  `${WEEKDAY_LABELS[w.weekday]} ${w.start}–${w.end}, pedidos ${cutoffWords(w.cutoffMinutes)}, ${w.capacity} pedidos`;
const exceptionWords = (x: ScheduleException) =>
  x.kind === 'closed'
    ? `${dayLabel(x.day)} fechado${x.note ? ` (${x.note})` : ''}`
    : `${dayLabel(x.day)} extra ${x.start}–${x.end}, pedidos ${cutoffWords(x.cutoffMinutes)}, ${x.capacity} pedidos`;
const scheduleWords = (s: ScopeBody | null) => ({
  daysAhead: s ? `${s.daysAhead} dias` : '—',
  windows: s ? s.windows.map(windowWords).join('; ') || 'Nenhuma' : '—',
  exceptions: s ? s.exceptions.map(exceptionWords).join('; ') || 'Nenhuma' : '—',
});
const LABELS = { daysAhead: 'Dias mostrados', windows: 'Janelas semanais', exceptions: 'Exceções' };

/**
 * Saves one scope's windows and exceptions (the body's option or store, else the whole shop's) and the days shown,
 * and makes every slot from today on match the shop's whole schedule; answers the changes for the audit (a
 * scope's labels name it: 'Janelas semanais (opção Expressa)').
 */
export async function saveSchedule(tx: Queryable, shopId: string, body: ScheduleBody, now = new Date()) {
  const { scope, label } = await scopeNamed(tx, shopId, body);
  const before = await readSchedule(tx, shopId);
  const mine: Schedule = {
    daysAhead: body.daysAhead,
    windows: body.windows.map((w) => ({ ...w, id: newId('swn'), ...scopeIds(scope) })),
    exceptions: body.exceptions.map((x) => ({ ...x, id: newId('sex'), ...scopeIds(scope) })),
  };
  const others = (xs: Schedule['windows' | 'exceptions']) => xs.filter((x) => !sameScope(scopeOf(x), scope));
  const whole: Schedule = {
    daysAhead: body.daysAhead,
    windows: [...(before ? (others(before.windows) as Schedule['windows']) : []), ...mine.windows],
    exceptions: [
      ...(before ? (others(before.exceptions) as Schedule['exceptions']) : []),
      ...mine.exceptions,
    ],
  };
  const { time_zone: timeZone } = await getShop(tx, shopId);
  const today = localDay(now, timeZone);
  await writeSchedule(tx, shopId, scope, mine, today);
  await materialiseSlots(tx, shopId, today, plannedSlots(whole, today, timeZone));
  const old = scheduleWords(before && scopeBody(before, scope));
  const neu = scheduleWords(mine && scopeBody(mine, scope));
  return Object.entries(LABELS)
    .map(([key, text]) => ({
      label: label && key !== 'daysAhead' ? `${text} (${label})` : text,
      before: old[key as keyof typeof old],
      after: neu[key as keyof typeof neu],
    }))
    .filter((c) => c.before !== c.after);
}

const scopeIds = (scope: SlotScope) => ({ optionId: scope.optionId, sellerId: scope.sellerId });

/**
 * Extends the shop's slots to the new day's horizon once per shop-local day: the first caller of the day (any
 * instance) claims it and materialises in the same transaction; the others find it done and go on. Answers the
 * shop's today.
 */
export async function extendSlotsForToday(db: Db, shopId: string, now = new Date()): Promise<string> {
  const { time_zone: timeZone } = await getShop(db, shopId);
  const today = localDay(now, timeZone);
  await db.transaction(async (tx) => {
    if (!(await claimSync(tx, shopId, today))) return;
    const schedule = await readSchedule(tx, shopId);
    if (schedule) await materialiseSlots(tx, shopId, today, plannedSlots(schedule, today, timeZone));
  });
  return today;
}
