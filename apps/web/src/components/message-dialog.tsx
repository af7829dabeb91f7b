/**
 * Generic title / message dialog with an 'Ok' button (spec §2: "A generic title/message dialog with Ok
 * exists"; §8 shows server messages in dialogs titled 'Pagamento', 'Cupom', 'Finalizar Pedido').
 *
 *   const [error, setError] = useState<string | null>(null);
 *   <MessageDialog open={error !== null} title="Cupom" message={error ?? ''} onClose={() => setError(null)} />
 */
import type { ReactNode } from 'react';
import { Modal } from './modal';

export interface MessageDialogProps {
  open: boolean;
  title: ReactNode;
  /** Plain text; line breaks (\n or \r\n) are kept. */
  message: ReactNode;
  onClose: () => void;
  /** Label of the single button (default 'Ok'). */
  okLabel?: string;
}

export function MessageDialog({ open, title, message, onClose, okLabel = 'Ok' }: MessageDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      size="sm"
      footer={
        <button type="button" className="button button--primary" onClick={onClose}>
          {okLabel}
        </button>
      }
    >
      <p className="message-dialog__text">{message}</p>
    </Modal>
  );
}
