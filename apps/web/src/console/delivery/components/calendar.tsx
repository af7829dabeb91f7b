/** The calendar of the days ahead: each window with its bookings against capacity and its order-by time. */
import type { ScheduleView } from '@vitrine/contracts/console-delivery';
import { WEEKDAY_LABELS } from '@vitrine/contracts/console-delivery';
import { formatDateTime } from '../../components/format-date';
import { Empty } from '../../components/page-state';

type Slot = ScheduleView['slots'][number];

const dayTitle = (day: string) =>
  `${WEEKDAY_LABELS[new Date(`${day}T12:00:00Z`).getUTCDay()]} ${day.slice(8)}/${day.slice(5, 7)}`;

/** `scopeName`: the option or seller whose slots these are (null: the whole shop's). */
export function DeliveryCalendar({
  slots,
  timeZone,
  scopeName = null,
}: {
  slots: Slot[];
  timeZone: string;
  scopeName?: string | null;
}) {
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
                  return (
                    <li key={slot.id} className="delivery-calendar__slot" data-full={full || undefined}>
                      <span>
                        {slot.start}–{slot.end}
                      </span>
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
                      <span className="console-muted">
                        pedidos até {formatDateTime(slot.orderBy, timeZone)}
                      </span>
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
