import { weekdayOf } from '@vitrine/contracts/shop-time';
import type { Db, Queryable } from '../../db/client.ts';
import { getCurrentOrder } from '../order/service.ts';
import type { SessionContext } from '../session/service.ts';
import { listLogistics, listSellers } from './repository.ts';
import type { SlotScope } from './schedule-plan.ts';
import { bookingScope, listSlots } from './schedule-repository.ts';
import { extendSlotsForToday } from './schedule-setup.ts';

const WEEKDAYS = [
  'Domingo',
  'Segunda-feira',
  'Terça-feira',
  'Quarta-feira',
  'Quinta-feira',
  'Sexta-feira',
  'Sábado',
];

export type ScheduleDay = {
  header: string;
  day: string;
  options: { id: string; startTime: string; endTime: string; scheduleUntil: string; enabled: boolean }[];
};

export type CheckoutChoice = {
  /** the chosen logistic option (a manual freight names none that exists) */
  logistic?: { providerId: string; type: number } | null | undefined;
  /** the chosen store, by id or by provider id */
  sellerId?: string | null | undefined;
  sellerProviderId?: string | null | undefined;
};

/**
 * The slots a checkout books from (decision 0036): its delivery option's own windows, else its store's (the
 * option's store, else the one chosen), else the shop's.
 */
export async function scopeForChoice(
  db: Queryable,
  shopId: string,
  choice: CheckoutChoice,
): Promise<SlotScope> {
  const { logistic } = choice;
  const [rows, sellers] = await Promise.all([
    logistic ? listLogistics(db, shopId, logistic.type) : [],
    choice.sellerProviderId ? listSellers(db, shopId) : [],
  ]);
  const row = logistic && rows.find((r) => r.provider_id === logistic.providerId);
  const sellerId =
    row?.seller_id ??
    choice.sellerId ??
    sellers.find((s) => s.provider_id === choice.sellerProviderId)?.id ??
    null;
  return bookingScope(db, shopId, { optionId: row?.id ?? null, sellerId });
}

/**
 * Delivery days with their slots for the current order's option or store (else the shop's); a full slot or one
 * past its order-by cut-off is disabled.
 */
export async function scheduleDays(
  db: Db,
  session: SessionContext,
  now = new Date(),
): Promise<ScheduleDay[]> {
  const order = await getCurrentOrder(db, session);
  return scheduleDaysFor(
    db,
    session.shopId,
    {
      logistic: order.logistic && !order.logistic.limitsOnly ? order.logistic : null,
      sellerProviderId: order.seller?.providerId ?? null,
    },
    now,
  );
}

/** The delivery days and slots a checkout choice books from (scheduleDays; an order edit's 'Horário'). */
export async function scheduleDaysFor(
  db: Db,
  shopId: string,
  choice: CheckoutChoice,
  now = new Date(),
): Promise<ScheduleDay[]> {
  const today = await extendSlotsForToday(db, shopId, now);
  const scope = await scopeForChoice(db, shopId, choice);
  const days = new Map<string, ScheduleDay>();
  for (const slot of await listSlots(db, shopId, scope, today)) {
    const weekday = WEEKDAYS[weekdayOf(slot.day)] ?? '';
    const day = days.get(slot.day) ?? {
      header: `${weekday} ${slot.day.slice(8)}/${slot.day.slice(5, 7)}`,
      day: slot.day,
      options: [],
    };
    days.set(slot.day, day);
    day.options.push({
      id: slot.id,
      startTime: slot.start_time,
      endTime: slot.end_time,
      scheduleUntil: slot.schedule_until,
      enabled: slot.reserved < slot.capacity && new Date(slot.schedule_until) > now,
    });
  }
  return [...days.values()].filter((day) => day.options.some((o) => o.enabled));
}
