/**
 * An address to hand on, read-only, with 'Copiar' and a spoken confirmation (`copiedText`): the catalogue feeds'
 * addresses (Integrações) and the customer link on 'Início'. `children` go beside 'Copiar' (e.g. a share link).
 */
import { useState, type ReactNode } from 'react';
import './copy-field.css';

export function CopyField({
  id,
  label,
  value,
  copiedText,
  children,
}: {
  id: string;
  label: string;
  value: string;
  copiedText: string;
  children?: ReactNode;
}) {
  const [status, setStatus] = useState('');
  const copy = () =>
    void navigator.clipboard.writeText(value).then(
      () => setStatus(copiedText),
      () => setStatus('Não foi possível copiar: selecione o endereço e copie.'),
    );
  return (
    <div className="copy-field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-field__row">
        <input
          id={id}
          className="field__control copy-field__input"
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button button--outline" onClick={copy}>
          Copiar
        </button>
        {children}
      </div>
      <p className="console-muted copy-field__status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
