import { StatusMessage } from '../../../components/status-message';

/** Where the session bootstrap sends the user when the session (or its shop) cannot be loaded. */
export function InvalidSessionPage() {
  return (
    <div className="page">
      <StatusMessage tone="warning" title="Sessão Inválida">
        <p className="status-message__text">
          Não foi possível abrir o catálogo. Abra novamente o link recebido na conversa.
        </p>
      </StatusMessage>
    </div>
  );
}
