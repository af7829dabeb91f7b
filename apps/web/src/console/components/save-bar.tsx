/**
 * The foot of a console form (Vendas' coupons and gifts; Pagamentos' methods, Pix, charge and payment account): the server's
 * refusal in pt-BR, the submit button that says it is working, and an optional 'Cancelar'.
 *
 *   <SaveBar call={save} label="Salvar chave Pix" />
 *   <SaveBar call={save} label={coupon ? 'Salvar cupom' : 'Criar cupom'} onCancel={onDone} />
 */
import type { ReactNode } from 'react';
import { errorText } from '../api/console-api';
import { FormError } from './form-error';

/** The save call (a TanStack mutation): its state drives the error and the button. */
type Call = { isPending: boolean; isError: boolean; error: unknown };

export function SaveBar({
  call,
  label,
  onCancel,
  children,
}: {
  call: Call;
  /** The submit button's words ('Salvar chave Pix'); 'Salvando…' while the call runs. */
  label: string;
  /** Shows 'Cancelar' (a dialog's form). */
  onCancel?: () => void;
  /** More buttons after the submit one. */
  children?: ReactNode;
}) {
  return (
    <>
      <FormError error={call.isError ? errorText(call.error) : null} />
      <div className="console-actions">
        <button type="submit" className="button button--primary" disabled={call.isPending}>
          {call.isPending ? 'Salvando…' : label}
        </button>
        {onCancel && (
          <button type="button" className="button button--outline" onClick={onCancel}>
            Cancelar
          </button>
        )}
        {children}
      </div>
    </>
  );
}
