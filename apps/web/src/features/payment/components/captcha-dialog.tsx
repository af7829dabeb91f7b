/**
 * Captcha dialog (spec §4, §8): shown when the payment failed with type ReCAPTCHA; the token resubmits the
 * payment with key and token. After a refused token it shows 'Houve um problema na validação do ReCaptcha, por
 * favor tente novamente' and a fresh widget. Mounted (open) while the payment waits for the captcha.
 */
import { Modal } from '../../../components/modal';
import { PAYMENT_MESSAGES } from '../lib/payment-outcome';
import { CaptchaWidget } from './captcha-widget';

export interface CaptchaDialogProps {
  recaptchaKey: string;
  refused: boolean;
  /** A new round shows a fresh widget. */
  round: number;
  busy: boolean;
  onToken: (token: string) => void;
  onClose: () => void;
}

export function CaptchaDialog({ recaptchaKey, refused, round, busy, onToken, onClose }: CaptchaDialogProps) {
  return (
    <Modal open onClose={onClose} title="Verificação de segurança" size="sm">
      {refused && (
        <p className="payment-dialog__error" role="alert">
          {PAYMENT_MESSAGES.captchaRefused}
        </p>
      )}
      <p className="payment-dialog__advice">Confirme que você não é um robô para concluir o pagamento.</p>
      <CaptchaWidget key={round} siteKey={recaptchaKey} onToken={onToken} disabled={busy} />
      {busy && (
        <p className="payment-form__hint" role="status">
          Processando...
        </p>
      )}
    </Modal>
  );
}
