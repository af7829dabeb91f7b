/**
 * How the contact pays the way they chose on their placed order (decision 0062): the Pix QR and copia e cola, the
 * boleto's line and PDF, the card page, the provider's page, what is paid on delivery, or — a charge that expired
 * or did not come — a new one.
 */
import { Link } from 'wouter';
import { formatBRL } from '@vitrine/contracts/money';
import type { PlacedPaymentHow } from '@vitrine/contracts/placed-payment';
import { dateTimeText } from '@vitrine/contracts/shop-time';
import { CopyCode } from './copy-code';

const until = (expiresAt: string | null, prefix: string, timeZone: string) =>
  expiresAt ? (
    <p className="placed-payment__note">{`${prefix} ${dateTimeText(expiresAt, timeZone, ' às ')}.`}</p>
  ) : null;

export function PaymentHow({
  how,
  amount,
  timeZone,
  busy,
  onRenew,
}: {
  how: PlacedPaymentHow;
  amount: string;
  timeZone: string;
  busy: boolean;
  onRenew: () => void;
}) {
  switch (how.kind) {
    case 'pix':
      return (
        <>
          <p>Pague com Pix: leia o QR Code no app do seu banco ou copie o código.</p>
          {how.pixQrImage && (
            <img className="placed-payment__qr" src={how.pixQrImage} alt={`QR Code Pix de ${amount}`} />
          )}
          <CopyCode
            id="placed-pix-code"
            label="Pix copia e cola"
            code={how.pixCode ?? ''}
            button="Copiar código Pix"
          />
          {until(how.expiresAt, 'Código válido até', timeZone)}
        </>
      );
    case 'boleto':
      return (
        <>
          <p>Pague o boleto no app do seu banco com a linha digitável, ou abra o boleto.</p>
          <CopyCode
            id="placed-boleto-line"
            label="Linha digitável"
            code={how.boletoLine ?? ''}
            button="Copiar linha"
          />
          {how.url && (
            <a className="button button--outline" href={how.url} target="_blank" rel="noopener noreferrer">
              Abrir boleto
            </a>
          )}
          {until(how.expiresAt, 'Vence em', timeZone)}
        </>
      );
    case 'card':
      return (
        <>
          <p>Pague com cartão de crédito na página de pagamento.</p>
          <Link href={how.url ?? '/order/payment'} className="button button--primary">
            Pagar {amount} com cartão
          </Link>
        </>
      );
    case 'link':
      return (
        <>
          <p>Pague na página de pagamento da loja.</p>
          <a href={how.url ?? '#'} className="button button--primary" rel="noopener noreferrer">
            Pagar {amount}
          </a>
        </>
      );
    case 'onDelivery': {
      const change = how.cashAmountCents ? ` (troco para ${formatBRL(how.cashAmountCents)})` : '';
      return <p>{`Você paga ${amount} na entrega: ${how.meanName ?? ''}${change}.`}</p>;
    }
    default:
      return (
        <>
          <p>A cobrança deste pedido não está disponível agora (ela expirou ou não foi gerada).</p>
          <button type="button" className="button button--primary" disabled={busy} onClick={onRenew}>
            {busy ? 'Gerando…' : 'Gerar nova cobrança'}
          </button>
        </>
      );
  }
}
