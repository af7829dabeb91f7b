/** Labelled text input of the card page; `invalid` marks it (after a refused submit) for sight and screen readers. */
import { useId, type InputHTMLAttributes } from 'react';

export interface FormFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'onChange' | 'value' | 'className'
> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  invalid?: boolean;
  className?: string;
}

export function FormField({ label, value, onValue, invalid = false, className, ...input }: FormFieldProps) {
  const id = useId();
  return (
    <div className={`payment-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        aria-invalid={invalid || undefined}
        onChange={(event) => onValue(event.target.value)}
        {...input}
      />
    </div>
  );
}
