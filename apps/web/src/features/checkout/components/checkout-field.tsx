/** Labelled text input / select of the checkout, with an optional note and an error tied to the control. */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

interface FieldFrameProps {
  label: string;
  error?: string | null | undefined;
  note?: ReactNode;
  className?: string;
}

function describedBy(id: string, error: unknown, note: unknown): string | undefined {
  const ids = [error ? `${id}-error` : '', note ? `${id}-note` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function Frame({
  id,
  label,
  error,
  note,
  className,
  children,
}: FieldFrameProps & { id: string; children: ReactNode }) {
  return (
    <div className={`checkout-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {note && (
        <p id={`${id}-note`} className="checkout-field__note">
          {note}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="checkout-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export type TextFieldProps = FieldFrameProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
    value: string;
    onValue: (value: string) => void;
  };

export function TextField({ label, error, note, className, value, onValue, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} note={note} className={className}>
      <input
        id={id}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, note)}
        {...input}
      />
    </Frame>
  );
}

export type SelectFieldProps = FieldFrameProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
    value: string;
    onValue: (value: string) => void;
    children: ReactNode;
  };

export function SelectField({
  label,
  error,
  note,
  className,
  value,
  onValue,
  children,
  ...select
}: SelectFieldProps) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} note={note} className={className}>
      <select
        id={id}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, note)}
        {...select}
      >
        {children}
      </select>
    </Frame>
  );
}
