/**
 * Entrega › Agenda: weekly windows (day, start, end, order-by cut-off, capacity), exceptions (a closed day or an
 * extra window) and the days shown, saved together; a weekday window copies to every day and its cut-off is typed
 * in hours and minutes (issue 38); the calendar below shows bookings against capacity and opens them. The
 * schedule edited is the whole shop's or a delivery option's or seller's own (decision 0036): the checkout books
 * from the chosen option's own windows, else its seller's, else the shop's; the calendar follows the choice.
 */
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { localDay } from '@vitrine/contracts/shop-time';
import {
  scheduleBody,
  WEEKDAY_LABELS,
  type ScheduleBody,
  type ScheduleScope,
  type ScheduleView,
} from '@vitrine/contracts/console-delivery';
import { SelectField, TextField } from '../../../components/form-field';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { useShopTimeZone } from '../../api/me';
import { useDeliveryOptions, useSaveSchedule, useSchedule, useSellers } from '../api/delivery';
import { DeliveryCalendar } from './calendar';
import { CutoffField } from './cutoff-field';
import { DateField } from '../../components/date-field';
import { copyToEveryDay } from './schedule-model';
import { TimeField, WholeNumberField } from '../../components/form-fields';
import { FormError } from '../../components/form-error';
import { LoadError, Loading } from '../../components/page-state';

type Props = { control: Control<ScheduleBody>; index: number };
const window0 = { weekday: 1, start: '09:00', end: '12:00', cutoffMinutes: 60, capacity: 5 };

function WindowRow({
  control,
  index,
  onRemove,
  onCopy,
}: Props & { onRemove: () => void; onCopy: () => void }) {
  return (
    <div className="delivery-area">
      <Controller
        control={control}
        name={`windows.${index}.weekday`}
        render={({ field }) => (
          <SelectField label="Dia" value={String(field.value)} onValue={(v) => field.onChange(Number(v))}>
            {WEEKDAY_LABELS.map((label, weekday) => (
              <option key={label} value={weekday}>
                {label}
              </option>
            ))}
          </SelectField>
        )}
      />
      <TimeField control={control} name={`windows.${index}.start`} label="Início" />
      <TimeField control={control} name={`windows.${index}.end`} label="Fim" />
      <CutoffField control={control} name={`windows.${index}.cutoffMinutes`} />
      <WholeNumberField control={control} name={`windows.${index}.capacity`} label="Capacidade (pedidos)" />
      <button type="button" className="button button--outline" onClick={onCopy}>
        Copiar para todos os dias<span className="console-visually-hidden"> (janela {index + 1})</span>
      </button>
      <button type="button" className="button button--outline" onClick={onRemove}>
        Remover<span className="console-visually-hidden"> janela {index + 1}</span>
      </button>
    </div>
  );
}

function ExceptionRow({ control, index, onRemove }: Props & { onRemove: () => void }) {
  const kind = useWatch({ control, name: `exceptions.${index}.kind` });
  return (
    <div className="delivery-area">
      <Controller
        control={control}
        name={`exceptions.${index}.day`}
        render={({ field, fieldState }) => (
          <DateField
            label="Data"
            value={field.value}
            onValue={field.onChange}
            error={fieldState.error?.message ?? null}
          />
        )}
      />
      {kind === 'closed' ? (
        <Controller
          control={control}
          name={`exceptions.${index}.note`}
          render={({ field }) => (
            <TextField
              label="Motivo (opcional)"
              value={(field.value as string | null) ?? ''}
              onValue={(v) => field.onChange(v || null)}
            />
          )}
        />
      ) : (
        <>
          <TimeField control={control} name={`exceptions.${index}.start`} label="Início" />
          <TimeField control={control} name={`exceptions.${index}.end`} label="Fim" />
          <CutoffField control={control} name={`exceptions.${index}.cutoffMinutes`} />
          <WholeNumberField
            control={control}
            name={`exceptions.${index}.capacity`}
            label="Capacidade (pedidos)"
          />
        </>
      )}
      <button type="button" className="button button--outline" onClick={onRemove}>
        Remover<span className="console-visually-hidden"> exceção {index + 1}</span>
      </button>
    </div>
  );
}

function ScheduleForm({
  shop,
  saved,
  scopeName,
}: {
  shop: string;
  saved: ScheduleView;
  scopeName: string | null;
}) {
  const save = useSaveSchedule(shop);
  const timeZone = useShopTimeZone(shop);
  const { daysAhead, windows: savedWindows, exceptions: savedExceptions, optionId, storeId } = saved;
  const form = useForm<ScheduleBody>({
    resolver: zodResolver(scheduleBody),
    defaultValues: { optionId, storeId, daysAhead, windows: savedWindows, exceptions: savedExceptions },
  });
  const own = savedWindows.length > 0 || savedExceptions.length > 0;
  const windows = useFieldArray({ control: form.control, name: 'windows' });
  const exceptions = useFieldArray({ control: form.control, name: 'exceptions' });
  const today = localDay(new Date(), timeZone);
  return (
    <form
      className="console-form delivery-form"
      noValidate
      aria-label="Agenda de entregas"
      onSubmit={form.handleSubmit((body) =>
        save.mutate(body, {
          onSuccess: (view) => {
            const { optionId: o, storeId: s, daysAhead: d, windows: w, exceptions: x } = view;
            form.reset({ optionId: o, storeId: s, daysAhead: d, windows: w, exceptions: x });
            showToast('Agenda salva. Os horários dos próximos dias já seguem a nova agenda.', {
              variant: 'success',
            });
          },
        }),
      )}
    >
      {scopeName && !own && (
        <p className="console-muted" role="note">
          {scopeName} ainda não tem agenda própria: usa a de toda a loja. Adicione uma janela para que ela
          tenha os seus horários.
        </p>
      )}
      <WholeNumberField
        control={form.control}
        name="daysAhead"
        label="Dias mostrados no checkout"
        hint="Quantos dias à frente, a partir de hoje, o cliente pode escolher (vale para toda a loja)."
      />
      <fieldset className="delivery-areas">
        <legend>Janelas semanais</legend>
        {windows.fields.length === 0 && (
          <p className="console-muted">Nenhuma janela: sem entregas agendadas.</p>
        )}
        {windows.fields.map((w, index) => (
          <WindowRow
            key={w.id}
            control={form.control}
            index={index}
            onRemove={() => windows.remove(index)}
            onCopy={() => {
              const copied = copyToEveryDay(form.getValues('windows'), index);
              windows.replace(copied.windows);
              showToast(
                copied.added === 0
                  ? 'Todos os dias já têm esta janela.'
                  : `Janela copiada para mais ${copied.added} ${copied.added === 1 ? 'dia' : 'dias'}. Salve a agenda para valer.`,
                { variant: 'success' },
              );
            }}
          />
        ))}
        <button type="button" className="button button--outline" onClick={() => windows.append(window0)}>
          Adicionar janela semanal
        </button>
      </fieldset>
      <fieldset className="delivery-areas">
        <legend>Exceções (feriados, dias fechados, janelas extras)</legend>
        {exceptions.fields.map((x, index) => (
          <div key={x.id}>
            <p>
              <strong>{x.kind === 'closed' ? 'Dia fechado' : 'Janela extra'}</strong>
            </p>
            <ExceptionRow control={form.control} index={index} onRemove={() => exceptions.remove(index)} />
          </div>
        ))}
        <div className="console-actions">
          <button
            type="button"
            className="button button--outline"
            onClick={() => exceptions.append({ kind: 'closed', day: today, note: null })}
          >
            Adicionar dia fechado
          </button>
          <button
            type="button"
            className="button button--outline"
            onClick={() => exceptions.append({ ...window0, kind: 'extra', day: today })}
          >
            Adicionar janela extra
          </button>
        </div>
      </fieldset>
      <FormError error={save.isError ? errorText(save.error) : null} />
      <div className="console-actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Salvando…' : 'Salvar agenda'}
        </button>
      </div>
    </form>
  );
}

/** 'option:<id>' | 'store:<id>' | '' (the whole shop) as the select keeps it. */
const scopeOfValue = (value: string): ScheduleScope =>
  value.startsWith('option:')
    ? { optionId: value.slice(7), storeId: null }
    : value.startsWith('store:')
      ? { optionId: null, storeId: value.slice(6) }
      : { optionId: null, storeId: null };

function ScopePicker({
  shop,
  value,
  onValue,
  own,
}: {
  shop: string;
  value: string;
  onValue: (value: string) => void;
  own: ScheduleView['ownSchedules'];
}) {
  const options = useDeliveryOptions(shop).data?.options ?? [];
  const sellers = useSellers(shop).data?.stores ?? [];
  const mark = (has: boolean) => (has ? ' · agenda própria' : '');
  return (
    <SelectField
      label="Agenda de"
      hint="A opção de entrega escolhida no checkout usa a sua agenda própria; sem ela, a da loja que entrega ou retira; sem essa, a de toda a loja. Um dia fechado de toda a loja (feriado) fecha também as agendas próprias."
      value={value}
      onValue={onValue}
    >
      <option value="">Toda a loja</option>
      {options.length > 0 && (
        <optgroup label="Opções de entrega">
          {options.map((o) => (
            <option key={o.id} value={`option:${o.id}`}>
              {o.name}
              {mark(own.some((s) => s.optionId === o.id))}
            </option>
          ))}
        </optgroup>
      )}
      {sellers.length > 0 && (
        <optgroup label="Lojas">
          {sellers.map((s) => (
            <option key={s.id} value={`store:${s.id}`}>
              {s.name}
              {mark(own.some((x) => x.storeId === s.id))}
            </option>
          ))}
        </optgroup>
      )}
    </SelectField>
  );
}

export function DeliverySchedule({ shop }: { shop: string }) {
  const [scopeValue, setScopeValue] = useState('');
  const scope = scopeOfValue(scopeValue);
  const schedule = useSchedule(shop, scope);
  const timeZone = useShopTimeZone(shop);
  const whole = useSchedule(shop);
  const options = useDeliveryOptions(shop).data?.options ?? [];
  const sellers = useSellers(shop).data?.stores ?? [];
  const scopeName = scope.optionId
    ? (options.find((o) => o.id === scope.optionId)?.name ?? 'Esta opção')
    : scope.storeId
      ? (sellers.find((s) => s.id === scope.storeId)?.name ?? 'Esta loja')
      : null;
  return (
    <section className="console-card" aria-labelledby="schedule-title">
      <h2 id="schedule-title" className="console-subtitle">
        Agenda de entregas
      </h2>
      <ScopePicker
        shop={shop}
        value={scopeValue}
        onValue={setScopeValue}
        own={(schedule.data ?? whole.data)?.ownSchedules ?? []}
      />
      {schedule.isPending ? (
        <Loading />
      ) : schedule.isError ? (
        <LoadError error={schedule.error} onRetry={() => void schedule.refetch()} />
      ) : (
        <>
          <ScheduleForm key={scopeValue} shop={shop} saved={schedule.data} scopeName={scopeName} />
          <DeliveryCalendar
            shop={shop}
            slots={schedule.data.slots}
            timeZone={timeZone}
            scopeName={scopeName}
          />
        </>
      )}
    </section>
  );
}
