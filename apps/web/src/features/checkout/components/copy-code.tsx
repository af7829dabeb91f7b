/**
 * A code the contact copies to pay their placed order — Pix copia e cola, a boleto's line: read-only, selected on
 * focus, a copy button and what the copy did. The edit's difference (order-edit/components/due-payment.tsx) has its
 * twin for Pix: one shared file in components/ would be a chunk of its own, named in the first route's preload
 * map, which is at its 90 KB budget (decision 0062).
 */
import { useState } from 'react';
import './copy-code.css';

export function CopyCode({
  id,
  label,
  code,
  button,
}: {
  id: string;
  label: string;
  code: string;
  button: string;
}) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = () =>
    void navigator.clipboard.writeText(code).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <div className="copy-code">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} readOnly rows={3} value={code} onFocus={(e) => e.currentTarget.select()} />
      <button type="button" className="button button--primary" onClick={copy}>
        {button}
      </button>
      <span role="status" className="copy-code__copied">
        {copied === true ? 'Código copiado.' : copied === false ? 'Selecione o código e copie.' : ''}
      </span>
    </div>
  );
}
