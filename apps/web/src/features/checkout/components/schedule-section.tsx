/**
 * 3. Agendamento (spec §2, §4; shown when the shop has the schedule step): day select, then the time select
 * of that day's enabled slots (window and order-by cut-off). Choosing a day clears the time. No day:
 * 'Sem horários de entrega disponíveis'. The slots are the chosen option's or store's own when it has a schedule
 * of its own (decision 0036), so they reload when the order's option or store changes.
 */
import { useState } from 'react';
import { DEFAULT_TIME_ZONE } from '@vitrine/contracts/shop-time';
import { getSchedule } from '../api/get-schedule';
import { setSchedule } from '../api/set-schedule';
import { checkoutActions, useCheckoutForm } from '../hooks/checkout-store';
import { changeOrder } from '../hooks/order-change';
import { useCheckoutList } from '../hooks/use-checkout-list';
import { afterDay } from '../lib/checkout-form';
import { slotText } from '../lib/schedule-text';
import { SelectField } from '../../../components/form-field';
import { useCurrentOrder, useShopSettings } from '../../../stores/app-store';

export function ScheduleSection() {
  const form = useCheckoutForm();
  const order = useCurrentOrder();
  const timeZone = useShopSettings()?.timeZone ?? DEFAULT_TIME_ZONE;
  const [reload, setReload] = useState(0);
  const choice = `${order?.logistic?.type ?? ''}:${order?.logistic?.providerId ?? ''}:${order?.seller?.providerId ?? ''}`;
  const days = useCheckoutList(
    getSchedule,
    `schedule:${reload}:${choice}`,
    'Falha ao carregar horários de entrega',
  );
  const day = days.items.find((item) => item.day === form.selectedDay);
  // Only open slots, plus the one this order holds (its own place may have filled it).
  const slots = day?.options.filter((slot) => slot.enabled || slot.id === form.selectedSchedule) ?? [];

  const onSlot = async (id: string) => {
    checkoutActions.patch({ selectedSchedule: id });
    const order = await changeOrder(() => setSchedule(id));
    // A slot taken meanwhile: show the places as they are now.
    if (!order) {
      checkoutActions.patch({ selectedSchedule: '' });
      setReload((n) => n + 1);
    }
  };

  return (
    <section className="checkout-section" aria-labelledby="checkout-schedule-title">
      <h2 id="checkout-schedule-title" className="checkout-section__title">
        Agendamento
      </h2>
      {!days.loading && days.items.length === 0 ? (
        <p className="checkout-note">Sem horários de entrega disponíveis</p>
      ) : (
        <div className="checkout-grid">
          <SelectField
            label="Dia"
            value={day ? form.selectedDay : ''}
            onValue={(value) => checkoutActions.replace(afterDay(form, value))}
          >
            <option value="" disabled>
              Selecione o dia
            </option>
            {days.items.map((item) => (
              <option key={item.day} value={item.day}>
                {item.header}
              </option>
            ))}
          </SelectField>
          {day && (
            <SelectField
              label="Horário"
              value={slots.some((slot) => slot.id === form.selectedSchedule) ? form.selectedSchedule : ''}
              onValue={(id) => void onSlot(id)}
            >
              <option value="" disabled>
                Selecione o horário
              </option>
              {slots.map((slot) => (
                <option key={slot.id} value={slot.id}>
                  {slotText(slot, timeZone)}
                </option>
              ))}
            </SelectField>
          )}
        </div>
      )}
    </section>
  );
}
