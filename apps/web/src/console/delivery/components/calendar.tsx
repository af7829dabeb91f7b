/**
 * The calendar of the days ahead: each window with its bookings against capacity and its order-by time, the
 * orders booked in it as links to them, and a window whose order-by time has passed as 'Encerrado' (issue 38).
 */
import { useState } from 'react';
import { Link } from 'wouter';
import type { ScheduleView } from '@vitrine/contracts/console-delivery';
import { WEEKDAY_LABELS } from '@vitrine/contracts/console-delivery';
import { formatDateTime } from '../../components/format-date';
import { Empty } from '../../components/page-state';

type Slot = ScheduleView['slots'][number];

const dayTitle = (day: string) =>
  `${WEEKDAY_LABELS[new Date(`${day}T12:00:00Z`).getUTCDay()]} ${day.slice(8)}/${day.slice(5, 7)}`;

/** `scopeName`: the option or seller whose slots these are (null: the whole shop's). */
export function DeliveryCalendar({
  shop,
  slots,
  timeZone,
  scopeName = null,
}: {
  shop: string;
  slots: Slot[];
  timeZone: string;
  scopeName?: string | null;
}) {
  // The moment the calendar was drawn (the schedule is read again on each visit and save).
  const [now] = useState(() => Date.now());
  const days = new Map<string, Slot[]>();
  for (const slot of slots) days.set(slot.day, [...(days.get(slot.day) ?? []), slot]);
  return (
    <div className="delivery-calendar" aria-labelledby="calendar-title">
      <h3 id="calendar-title" className="console-subtitle">
        Pedidos agendados{scopeName ? ` · ${scopeName}` : ''}
      </h3>
      {days.size === 0 ? (
        <Empty>Nenhum horário nos próximos dias.</Empty>
      ) : (
        <ol className="delivery-calendar__days">
          {[...days].map(([day, ofDay]) => (
            <li key={day} className="delivery-calendar__day">
              <h4>{dayTitle(day)}</h4>
              <ul>
                {ofDay.map((slot) => {
                  const full = slot.booked >= slot.capacity;
                  const closed = new Date(slot.orderBy).getTime() <= now;
                  return (
                    <li
                      key={slot.id}
                      className="delivery-calendar__slot"
                      data-full={(full && !closed) || undefined}
                      data-closed={closed || undefined}
                    >
                      <span>
                        {slot.start}–{slot.end}
                      </span>
                      {closed ? (
                        <strong>Encerrado</strong>
                      ) : (
                        <>
                          <meter
                            min={0}
                            max={Math.max(slot.capacity, 1)}
                            value={slot.booked}
                            aria-label={`${slot.booked} de ${slot.capacity} pedidos`}
                          />
                          <strong>
                            {slot.booked}/{slot.capacity}
                            {full ? ' · lotado' : ''}
                          </strong>
                        </>
                      )}
                      <span className="console-muted">
                        {closed ? 'pedidos encerrados em' : 'pedidos até'}{' '}
                        {formatDateTime(slot.orderBy, timeZone)}
                      </span>
                      {slot.orders.length > 0 && (
                        <ul
                          className="delivery-calendar__orders"
                          aria-label={`Pedidos de ${dayTitle(day)}, ${slot.start}–${slot.end}`}
                        >
                          {slot.orders.map((order) => (
                            <li key={order.id}>
                              <Link href={`/console/lojas/${shop}/pedidos/${order.id}`}>
                                nº {order.number}
                                {order.customer ? ` · ${order.customer}` : ''}
                              </Link>
                            </li>
                          ))}
                        </ul>
                      )}
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
