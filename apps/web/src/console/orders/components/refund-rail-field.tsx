/**
 * How a refund's money goes back (issue 34, decision 0050), shared by 'Reembolsar' and 'Enviar' / 'Tentar
 * novamente': by the rail of the payment it comes from (the gateway, the bank's API Pix), or recorded as done by
 * hand with its reference — the only way for cash or a Pix paid outside any API (the `manual` rail).
 */
import { REFUND_RAIL_LABELS, type RefundRail } from '@vitrine/contracts/order-refunds';
import { TextField } from '../../../components/form-field';
import { needsReference } from './refund-model';

export function RefundRailField({
  rail,
  manual,
  reference,
  error,
  onManual,
  onReference,
}: {
  /** The rail of the payment the money comes from (null: none left). */
  rail: RefundRail | null;
  manual: boolean;
  reference: string;
  error: string | null;
  onManual: (manual: boolean) => void;
  onReference: (reference: string) => void;
}) {
  const byHand = rail === 'manual' || rail === null;
  return (
    <fieldset className="order-refund">
      <legend>Como o dinheiro volta</legend>
      {byHand ? (
        <p className="console-muted">
          O pagamento foi registrado à mão (dinheiro, Pix fora da API do banco): devolva por fora e registre
          aqui como foi feito.
        </p>
      ) : (
        <>
          <label>
            <input type="radio" name="refund-rail" checked={!manual} onChange={() => onManual(false)} /> Pelo{' '}
            {REFUND_RAIL_LABELS[rail]}, automaticamente
          </label>
          <label>
            <input type="radio" name="refund-rail" checked={manual} onChange={() => onManual(true)} /> Já
            reembolsei por fora (registrar)
          </label>
        </>
      )}
      {needsReference(rail, manual) && (
        <TextField
          label="Referência do reembolso"
          name="refund-reference"
          hint="Por exemplo: devolvido no caixa, ou o código do Pix (E2E)."
          maxLength={100}
          value={reference}
          onValue={onReference}
          error={error}
        />
      )}
    </fieldset>
  );
}
