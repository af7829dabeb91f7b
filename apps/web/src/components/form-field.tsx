/**
 * The one form field of the app (storefront and shop console): a label, a text input, a text area or a select, an optional
 * hint and an error, wired for screen readers — the control is labelled, `aria-invalid` when it has an error (or
 * `invalid` says so), and `aria-describedby` names the hint, the error and any id the caller adds.
 * Styles: styles/forms.css (a base style, on the design tokens); a screen may make its fields compact by setting
 * `--field-gap` / `--field-label-size` on a container (the agent checkout does).
 *
 *   <TextField label="E-mail" type="email" value={email} onValue={setEmail} error={emailError} />
 *   <SelectField label="Loja" value={storeId} onValue={setStoreId}>{options}</SelectField>
 *   <TextAreaField label="Mensagem" rows={4} value={text} onValue={setText} />
 */
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

interface FieldFrameProps {
  label: string;
  /** Help below the control (`.field__hint`). */
  hint?: ReactNode;
  /** Error text below the control; marks the control invalid. */
  error?: string | null;
  /** Marks the control invalid without a text (e.g. after a refused submit explained elsewhere). */
  invalid?: boolean;
  /** Extra classes of the field's wrapper (grid placement). */
  className?: string;
}

type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
};

/** Wrapper, label, hint and error around the control `render` draws with the given wiring. */
function FieldFrame({
  label,
  hint,
  error,
  invalid = false,
  className,
  describedBy,
  render,
}: FieldFrameProps & { describedBy?: string; render: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : '';
  const errorId = error ? `${id}-error` : '';
  const ids = [describedBy, hintId, errorId].filter(Boolean).join(' ');
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {render({
        id,
        'aria-invalid': error || invalid ? true : undefined,
        'aria-describedby': ids || undefined,
        className: 'field__control',
      })}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export type TextFieldProps = FieldFrameProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'onChange' | 'value'> & {
    value: string;
    onValue: (value: string) => void;
  };

export function TextField(props: TextFieldProps) {
  const { label, hint, error, invalid, className, value, onValue, ...input } = props;
  const { 'aria-describedby': describedBy, ...rest } = input;
  return (
    <FieldFrame
      {...{ label, hint, error, invalid, className, describedBy }}
      render={(control) => (
        <input {...rest} {...control} value={value} onChange={(event) => onValue(event.target.value)} />
      )}
    />
  );
}

export type SelectFieldProps = FieldFrameProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'onChange' | 'value'> & {
    value: string | number;
    onValue: (value: string) => void;
    children: ReactNode;
  };

export function SelectField(props: SelectFieldProps) {
  const { label, hint, error, invalid, className, value, onValue, children, ...select } = props;
  const { 'aria-describedby': describedBy, ...rest } = select;
  return (
    <FieldFrame
      {...{ label, hint, error, invalid, className, describedBy }}
      render={(control) => (
        <select {...rest} {...control} value={value} onChange={(event) => onValue(event.target.value)}>
          {children}
        </select>
      )}
    />
  );
}

export type TextAreaFieldProps = FieldFrameProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className' | 'onChange' | 'value'> & {
    value: string;
    onValue: (value: string) => void;
  };

export function TextAreaField(props: TextAreaFieldProps) {
  const { label, hint, error, invalid, className, value, onValue, ...area } = props;
  const { 'aria-describedby': describedBy, ...rest } = area;
  return (
    <FieldFrame
      {...{ label, hint, error, invalid, className, describedBy }}
      render={(control) => (
        <textarea {...rest} {...control} value={value} onChange={(event) => onValue(event.target.value)} />
      )}
    />
  );
}
