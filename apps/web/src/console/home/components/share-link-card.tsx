/**
 * 'Experimente a loja' on the home: open the shop as a customer or as an atendente, and hand the customer link on
 * — 'Copiar', 'Compartilhar no WhatsApp' and a QR code to print for the counter (lazy: customer-link-qr.tsx).
 */
import { lazy, Suspense } from 'react';
import { whatsAppLink } from '@vitrine/contracts/format';
import { errorText } from '../../api/console-api';
import { CopyField } from '../../components/copy-field';
import { useAgentLink } from '../api/home';
import './share-link.css';

const CustomerLinkQr = lazy(() =>
  import('./customer-link-qr').then((module) => ({ default: module.CustomerLinkQr })),
);

export function ShareLinkCard({ shop, shopName, link }: { shop: string; shopName: string; link: string }) {
  const agentLink = useAgentLink(shop);
  return (
    <section className="console-card share-link" aria-labelledby="try-title">
      <h2 id="try-title" className="console-subtitle">
        Experimente a loja
      </h2>
      <p className="console-muted">
        Abra a loja como um cliente a vê, ou como atendente vendendo para um cliente de teste.
      </p>
      <div className="console-actions">
        <a className="button button--primary" href={link} target="_blank" rel="noreferrer">
          Abrir como cliente
        </a>
        <button
          type="button"
          className="button button--outline"
          disabled={agentLink.isPending}
          onClick={() =>
            agentLink.mutate(undefined, {
              onSuccess: (answer) => window.open(answer.url, '_blank', 'noopener'),
            })
          }
        >
          {agentLink.isPending ? 'Gerando link…' : 'Abrir como atendente'}
        </button>
      </div>
      {agentLink.isError && (
        <p className="console-alert console-alert--error" role="alert">
          {errorText(agentLink.error)}
        </p>
      )}
      <CopyField id="customer-link" label="Link do cliente" value={link} copiedText="Link copiado.">
        <a
          className="button button--outline"
          href={whatsAppLink('', `Faça seu pedido na ${shopName}: ${link}`)}
          target="_blank"
          rel="noreferrer"
        >
          Compartilhar no WhatsApp
        </a>
      </CopyField>
      <Suspense fallback={null}>
        <CustomerLinkQr link={link} shopName={shopName} />
      </Suspense>
    </section>
  );
}
