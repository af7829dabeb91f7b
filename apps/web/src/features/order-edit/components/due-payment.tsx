/**
 * After the contact accepted an edit that left something to pay (issue 34): what is due and how to pay it by the
 * order's method — the shop's Pix BR Code of the difference (QR and 'Copiar código Pix'), the card page, the shop's
 * link, or where the charge arrives.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { formatBRL } from '@vitrine/contracts/money';
import type { OrderEditDue } from '@vitrine/contracts/order-edits';

const SAID: Record<OrderEditDue['kind'], string> = {
  pix: 'Pague com Pix: leia o QR Code no app do seu banco ou copie o código.',
  card: 'Pague com cartão na página de pagamento.',
  link: 'Pague pelo link de pagamento da loja.',
  chat: 'A cobrança chega pela conversa assim que for gerada.',
  onDelivery: 'Você paga na entrega.',
  manual: 'Combine o pagamento com a loja pela conversa.',
};

function CopyCode({ code }: { code: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = () =>
    void navigator.clipboard.writeText(code).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <div className="due-payment__code">
      <label htmlFor="due-pix-code">Pix copia e cola</label>
      <textarea id="due-pix-code" readOnly rows={3} value={code} onFocus={(e) => e.currentTarget.select()} />
      <button type="button" className="button button--primary" onClick={copy}>
        Copiar código Pix
      </button>
      <span role="status" className="due-payment__copied">
        {copied === true ? 'Código copiado.' : copied === false ? 'Selecione o código e copie.' : ''}
      </span>
    </div>
  );
}

export function DuePayment({ due }: { due: OrderEditDue }) {
  const amount = formatBRL(due.cents);
  return (
    <section className="order-edit__card due-payment" aria-label="Pagar a diferença">
      <h2 className="due-payment__title">Falta pagar {amount}</h2>
      <p>{SAID[due.kind]}</p>
      {due.kind === 'pix' && due.pixCode && (
        <>
          {due.pixQrImage && (
            <img className="due-payment__qr" src={due.pixQrImage} alt={`QR Code Pix de ${amount}`} />
          )}
          <CopyCode code={due.pixCode} />
        </>
      )}
      {due.kind === 'card' && due.url && (
        <Link href={due.url} className="button button--primary">
          Pagar {amount} com cartão
        </Link>
      )}
      {due.kind === 'link' && due.url && (
        <a href={due.url} className="button button--primary" rel="noopener noreferrer">
          Pagar {amount}
        </a>
      )}
    </section>
  );
}
