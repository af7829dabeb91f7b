/**
 * The customer's 'Confirmar pedido' button (' e retornar ao WhatsApp' on WhatsApp): a spinner while
 * confirming, then 'Redirecionando...'. Disabled while `updating`, while confirming, with a blocking message
 * or with nothing bought (lib/confirm-rules.ts). Reusable by the catalogue footer.
 */
import { useCurrentOrder, useSession } from '../../stores/app-store';
import { useConfirmOrder } from '../../stores/order/confirm-order';
import { confirmLabel, isConfirmDisabled } from '../../stores/order/confirm-rules';
import { useLiveOrder } from '../../stores/order/current-order';
import './confirm-order-button.css';

export interface ConfirmOrderButtonProps {
  /** A quantity or gift change is waiting or in flight. */
  updating?: boolean;
  className?: string;
}

export function ConfirmOrderButton({ updating = false, className }: ConfirmOrderButtonProps) {
  const session = useSession();
  const order = useCurrentOrder();
  const { confirm, state } = useConfirmOrder();
  useLiveOrder(); // the customer's catalogue footer and cart follow the order live
  const disabled = isConfirmDisabled({ order, updating, state });
  return (
    <button
      type="button"
      className={`button button--primary confirm-button${className ? ` ${className}` : ''}`}
      disabled={disabled}
      aria-busy={state === 'loading'}
      onClick={() => void confirm()}
    >
      {state === 'loading' && <span className="confirm-button__spinner" aria-hidden="true" />}
      {confirmLabel(session?.channelType, state)}
    </button>
  );
}
