/**
 * The 'Testar conexão' row (Integrações' channels, Pagamentos › Conta de pagamento): the button, 'Testando…' while the
 * call runs, and the answer in green or red.
 */
import './connection-test.css';

export function ConnectionTestRow({
  pending,
  disabled = false,
  onTest,
  answer,
  idle = '',
}: {
  pending: boolean;
  disabled?: boolean;
  onTest: () => void;
  /** The provider's answer to the last test, if any. */
  answer: { ok: boolean; message: string } | undefined;
  /** What the row says before any answer. */
  idle?: string;
}) {
  return (
    <div className="connection-test">
      <button
        type="button"
        className="button button--outline"
        disabled={disabled || pending}
        onClick={onTest}
      >
        {pending ? 'Testando…' : 'Testar conexão'}
      </button>
      <p className="connection-test__answer" role="status" data-ok={answer?.ok ?? undefined}>
        {answer?.message ?? idle}
      </p>
    </div>
  );
}
