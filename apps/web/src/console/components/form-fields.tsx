/**
 * The console's one form-field kit: react-hook-form fields over the shared `TextField` (components/form-field.tsx),
 * each wired to the form's state and its zod errors, and the form's refusal line.
 *
 * - `FormText`: a text; `OptionalTextField`: a text kept as null when blank; `WholeNumberField`: a whole number
 *   (blank null); `TimeField`: a 24-hour HH:MM (`CLOCK`: its input props); `CheckField`: a checkbox;
 * Money has its own field (money-field.tsx); the server's refusal above a form's buttons is `FormError`
 * (form-error.tsx, apart so the signed-out screens load no form library).
 */
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { TextField, type TextFieldProps } from '../../components/form-field';

type FormTextProps<T extends FieldValues> = Omit<TextFieldProps, 'value' | 'onValue' | 'name' | 'error'> & {
  control: Control<T>;
  name: FieldPath<T>;
};

export function FormText<T extends FieldValues>({ control, name, ...field }: FormTextProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange, onBlur }, fieldState }) => (
        <TextField
          {...field}
          name={name}
          value={(value as string | undefined) ?? ''}
          onValue={onChange}
          onBlur={onBlur}
          error={fieldState.error?.message ?? null}
        />
      )}
    />
  );
}

/** A 24-hour time typed as HH:MM (the browser's time input would show AM/PM in an English system). */
export const CLOCK = {
  inputMode: 'numeric',
  placeholder: '08:30',
  maxLength: 5,
  autoComplete: 'off',
} as const;

type Field<T extends FieldValues> = { control: Control<T>; name: FieldPath<T>; label: string; hint?: string };

/** A whole number; blank is null (none), other text NaN (the schema says why). */
export function WholeNumberField<T extends FieldValues>({ control, name, label, hint }: Field<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          hint={hint}
          name={name}
          inputMode="numeric"
          value={typeof field.value === 'number' && !Number.isNaN(field.value) ? String(field.value) : ''}
          onValue={(text) =>
            field.onChange(text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text) : NaN)
          }
          onBlur={field.onBlur}
          error={fieldState.error?.message ?? null}
        />
      )}
    />
  );
}

export function CheckField<T extends FieldValues>({ control, name, label }: Field<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <label className="settings-toggle">
          <input
            type="checkbox"
            name={name}
            checked={Boolean(field.value)}
            onChange={(e) => field.onChange(e.target.checked)}
          />
          {label}
        </label>
      )}
    />
  );
}

export function TimeField<T extends FieldValues>({ control, name, label }: Field<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          name={name}
          {...CLOCK}
          value={(field.value as string | null) ?? ''}
          onValue={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message ?? null}
        />
      )}
    />
  );
}

/** A text the contract keeps as null when blank. */
export function OptionalTextField<T extends FieldValues>({ control, name, label, hint }: Field<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          hint={hint}
          name={name}
          value={(field.value as string | null) ?? ''}
          onValue={(text) => field.onChange(text === '' ? null : text)}
          onBlur={field.onBlur}
          error={fieldState.error?.message ?? null}
        />
      )}
    />
  );
}
