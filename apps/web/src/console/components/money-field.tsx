/**
 * An amount in reais typed the Brazilian way ('1.234,56', '19,9', '20') kept in the form as centavos: empty is
 * null, text that is not an amount is NaN (the contract refuses it at the field) and shows its own hint.
 */
import { useState } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { TextField } from '../../components/form-field';

/** '1.234,56' → 123456; '' → null; not an amount → NaN. */
export function centsOfText(text: string): number | null {
  const clean = text.replace(/R\$|\s/g, '');
  if (clean === '') return null;
  if (!/^(\d{1,3}(\.\d{3})+|\d+)(,\d{1,2})?$/.test(clean)) return Number.NaN;
  const [whole = '0', fraction = ''] = clean.replace(/\./g, '').split(',');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 123456 → '1.234,56'; null → ''. */
export function textOfCents(cents: number | null | undefined): string {
  if (typeof cents !== 'number' || !Number.isFinite(cents)) return '';
  return (cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

const BAD = 'Valor inválido: use, por exemplo, 1.234,56.';

export function MoneyField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  className,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  hint?: string;
  className?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MoneyInput
          label={label}
          hint={hint}
          className={className}
          name={name}
          cents={field.value as number | null}
          onCents={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message ?? null}
        />
      )}
    />
  );
}

/** The same field outside a react-hook-form form: `cents` in, `onCents` out. */
export function MoneyInput({
  cents,
  onCents,
  error,
  ...field
}: {
  label: string;
  hint?: string;
  className?: string;
  name: string;
  cents: number | null;
  onCents: (cents: number | null) => void;
  onBlur: () => void;
  error: string | null;
}) {
  const [text, setText] = useState(() => textOfCents(cents));
  // A value set from outside (reset after a save, a bulk fill) shows as typed money.
  const [shown, setShown] = useState(cents);
  if (cents !== shown && !(Number.isNaN(cents) && Number.isNaN(shown))) {
    setShown(cents);
    if (centsOfText(text) !== cents) setText(textOfCents(cents));
  }
  const parsed = centsOfText(text);
  return (
    <TextField
      {...field}
      inputMode="decimal"
      value={text}
      onValue={(next) => {
        setText(next);
        const value = centsOfText(next);
        setShown(value);
        onCents(value);
      }}
      error={parsed !== null && Number.isNaN(parsed) ? BAD : error}
    />
  );
}
