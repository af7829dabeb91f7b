/**
 * A date typed as dd/mm/aaaa whatever the browser's language (issue 38: the native date input follows the
 * browser's locale). The value is the ISO day ('2026-12-01'), '' when empty, and the typed text itself while it is
 * not a real date, so the form's contract answers 'Data inválida.' at the field (a filter takes only '' and ISO
 * days: `onlyDays`).
 */
import { useState } from 'react';
import { maskDate } from '@vitrine/contracts/masks';
import { TextField } from '../../components/form-field';

/** '01/12/2026' → '2026-12-01'; anything that is not a real calendar day comes back as typed. */
export function isoOfTyped(text: string): string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return text;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : text;
}

/** '2026-12-01' → '01/12/2026'; other text as it is. */
export const typedOfIso = (iso: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : iso;

export function DateField({
  label,
  hint,
  value,
  onValue,
  onBlur,
  error = null,
}: {
  label: string;
  hint?: string;
  value: string;
  onValue: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
}) {
  const [text, setText] = useState(() => typedOfIso(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    // Set from outside (a reset, a saved copy): show it, unless it is what the person is typing.
    setShown(value);
    if (isoOfTyped(text) !== value) setText(typedOfIso(value));
  }
  return (
    <TextField
      label={label}
      hint={hint ? `${hint} Formato dd/mm/aaaa.` : 'Formato dd/mm/aaaa.'}
      inputMode="numeric"
      placeholder="dd/mm/aaaa"
      maxLength={10}
      value={text}
      onValue={(typed) => {
        const masked = maskDate(typed);
        setText(masked);
        onValue(masked === '' ? '' : isoOfTyped(masked));
      }}
      onBlur={onBlur}
      error={error}
    />
  );
}

/** For filters: passes on only '' and real days, so a half-typed date changes nothing. */
export const onlyDays = (apply: (value: string) => void) => (value: string) => {
  if (value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value)) apply(value);
};
