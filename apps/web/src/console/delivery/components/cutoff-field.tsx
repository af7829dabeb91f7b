/**
 * The order-by cut-off of a schedule window typed as hours and minutes before it starts (issue 38: "min antes"
 * was tedious for "1 day before"); the form keeps minutes (schedule-model.ts).
 */
import { useState } from 'react';
import { Controller, type Control, type FieldPath } from 'react-hook-form';
import type { ScheduleBody } from '@vitrine/contracts/console-delivery';
import { TextField } from '../../../components/form-field';
import { cutoffMinutesOf, cutoffTexts } from './schedule-model';

function CutoffInputs({
  value,
  onValue,
  onBlur,
  error,
}: {
  value: number | null;
  onValue: (minutes: number | null) => void;
  onBlur: () => void;
  error: string | null;
}) {
  const [texts, setTexts] = useState(() => cutoffTexts(value));
  const set = (part: 'hours' | 'minutes') => (text: string) => {
    const next = { ...texts, [part]: text };
    setTexts(next);
    onValue(cutoffMinutesOf(next.hours, next.minutes));
  };
  return (
    <>
      <TextField
        label="Pedidos até (horas antes)"
        inputMode="numeric"
        value={texts.hours}
        onValue={set('hours')}
        onBlur={onBlur}
        invalid={error !== null}
        hint="24 = um dia antes."
      />
      <TextField
        label="e minutos antes"
        inputMode="numeric"
        value={texts.minutes}
        onValue={set('minutes')}
        onBlur={onBlur}
        error={error}
      />
    </>
  );
}

export function CutoffField({
  control,
  name,
}: {
  control: Control<ScheduleBody>;
  name: FieldPath<ScheduleBody>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <CutoffInputs
          value={typeof field.value === 'number' ? field.value : null}
          onValue={field.onChange}
          onBlur={field.onBlur}
          error={
            fieldState.error
              ? Number.isNaN(field.value)
                ? 'Use horas inteiras e de 0 a 59 minutos.'
                : (fieldState.error.message ?? null)
              : null
          }
        />
      )}
    />
  );
}
