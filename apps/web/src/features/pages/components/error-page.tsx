import { whatsAppLink } from '@vitrine/contracts/format';
import { StatusMessage } from '../../../components/status-message';
import { useAppStore } from '../../../stores/app-store';

/**
 * Generic error page (spec §2 "Other pages"): shown by the error boundaries when a screen crashes.
 * Links back to the shop's WhatsApp chat when the number is known, else to WhatsApp itself.
 */
export function ErrorPage() {
  const phone = useAppStore((state) => state.settings?.whatsApp ?? null);
  const href = phone ? whatsAppLink(phone) : 'https://wa.me/';
  return (
    <div className="page">
      <StatusMessage tone="error" title="Ops! Algo de errado aconteceu">
        <p className="status-message__text">Tente novamente em instantes ou fale com a loja pelo WhatsApp.</p>
        <a className="button button--primary" href={href} rel="noopener noreferrer">
          Voltar para o WhatsApp
        </a>
      </StatusMessage>
    </div>
  );
}
