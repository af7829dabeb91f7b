import { Link } from 'wouter';
import { StatusMessage } from '../../../components/status-message';

/** Any unknown path, and /product without an id (spec §2). */
export function NotFoundPage() {
  return (
    <div className="page">
      <StatusMessage tone="info" title="Página não encontrada">
        <p className="status-message__text">O endereço que você abriu não existe ou mudou.</p>
        <Link className="button button--primary" href="/catalog">
          Voltar ao início
        </Link>
      </StatusMessage>
    </div>
  );
}
