/** Registro de atividades (owner): team, setup and sales rules changes (old → new values), newest first. */
import { auditChangesOf } from '@vitrine/contracts/audit-changes';
import { ROLE_LABELS, type AuditEntry, type StaffRole } from '@vitrine/contracts/console';
import { useAuditLog } from '../api/audit';
import { useShopTimeZone } from '../../api/me';
import { formatDateTime } from '../../components/format-date';
import { Empty, LoadError, Loading } from '../../components/page-state';

const role = (value: unknown) => ROLE_LABELS[value as StaffRole] ?? String(value);

/** One line of pt-BR per kind of entry. */
function describe(entry: AuditEntry): string {
  const { detail, target } = entry;
  switch (entry.action) {
    case 'shop.created':
      return `criou a loja ${String(detail.name ?? target)}`;
    case 'invitation.sent':
      return `convidou ${target} como ${role(detail.role)}`;
    case 'invitation.accepted':
      return `aceitou o convite como ${role(detail.role)}`;
    case 'invitation.canceled':
      return `cancelou o convite de ${target}`;
    case 'member.role-changed':
      return `mudou um papel de ${role(detail.from)} para ${role(detail.to)}`;
    case 'contact.exported':
      return `baixou os dados de um contato (${String(detail.format ?? 'json').toUpperCase()})`;
    case 'contact.erased':
      return detail.keepInvoiceData
        ? 'apagou os dados de um contato (mantidos os da nota fiscal)'
        : 'apagou os dados de um contato';
    case 'member.removed':
      return `removeu o acesso de uma pessoa (${role(detail.role)})`;
    case 'photo.added':
      return 'enviou uma foto de produto';
    case 'photo.reordered':
      return 'mudou a ordem das fotos de um produto';
    case 'photo.deleted':
      return 'excluiu uma foto de produto';
    case 'settings.changed':
      return 'alterou as configurações da loja';
    case 'logo.uploaded':
      return 'enviou um novo logo';
    case 'coupon.created':
      return `criou o cupom ${String(detail.code ?? '')}`;
    case 'coupon.changed':
      return `alterou o cupom ${String(detail.code ?? '')}`;
    case 'gift.created':
      return `criou o brinde “${String(detail.name ?? '')}”`;
    case 'gift.changed':
      return `alterou o brinde “${String(detail.name ?? '')}”`;
    case 'gift.removed':
      return `excluiu o brinde “${String(detail.name ?? '')}”`;
    case 'payment-methods.changed':
      return 'alterou as formas de pagamento aceitas';
    case 'pix.changed':
      return 'alterou a chave Pix da loja';
    case 'delivery.store.created':
      return `cadastrou a loja “${String(detail.name ?? '')}”`;
    case 'delivery.store.changed':
      return `alterou a loja “${String(detail.name ?? '')}”`;
    case 'delivery.store.removed':
      return `removeu a loja “${String(detail.name ?? '')}”`;
    case 'delivery.option.created':
      return `criou a opção de entrega “${String(detail.name ?? '')}”`;
    case 'delivery.option.changed':
      return `alterou a opção de entrega “${String(detail.name ?? '')}”`;
    case 'delivery.option.removed':
      return `removeu a opção de entrega “${String(detail.name ?? '')}”`;
    case 'delivery.schedule.changed':
      return 'alterou a agenda de entregas';
    case 'price-table.created':
      return `criou a tabela de preço “${String(detail.name ?? '')}”`;
    case 'price-table.renamed':
      return `renomeou a tabela de preço para “${String(detail.name ?? '')}”`;
    case 'price-table.removed':
      return `excluiu a tabela de preço “${String(detail.name ?? '')}”`;
    case 'price-table.prices.changed':
      return `alterou preços da tabela “${String(detail.name ?? '')}”`;
    case 'price-table.imported':
      return `importou preços da tabela “${String(detail.name ?? '')}” por planilha (${Number(detail.count ?? 0)} alterado(s))`;
    case 'stock.settings':
      return `alterou o controle de estoque do produto ${target ?? ''}`;
    case 'stock.adjusted':
      return `ajustou o estoque de ${Array.isArray(detail.items) ? detail.items.length : 0} item(ns): “${String(detail.note ?? '')}”`;
    case 'contact.opt-out':
      return detail.optedOut
        ? 'registrou que um contato pediu para não receber lembretes (plataforma)'
        : 'registrou que um contato voltou a aceitar lembretes (plataforma)';
    case 'recovery.changed':
      return 'alterou a recuperação de carrinhos';
    case 'messaging.changed':
      return 'alterou as integrações (canais e chatbot)';
    case 'order.completed':
      return 'completou um pedido (forma de pagamento)';
    default:
      return entry.action;
  }
}

/** What a setup change changed, field by field: 'Limite de usos: 1 uso → 5 usos'. */
function AuditChanges({ entry }: { entry: AuditEntry }) {
  const changes = auditChangesOf(entry.detail);
  if (changes.length === 0) return null;
  return (
    <ul className="console-audit-changes">
      {changes.map((change) => (
        <li key={change.label}>
          {change.label}: <del>{change.before}</del> <span aria-hidden="true">→</span>
          <span className="console-visually-hidden">para</span> <ins>{change.after}</ins>
        </li>
      ))}
    </ul>
  );
}

export function AuditPage({ shop }: { shop: string }) {
  const audit = useAuditLog(shop);
  const timeZone = useShopTimeZone(shop);
  if (audit.isPending) return <Loading />;
  if (audit.isError) return <LoadError error={audit.error} onRetry={() => void audit.refetch()} />;
  const entries = audit.data.pages.flatMap((page) => page.entries);
  return (
    <>
      <h1 className="console-title">Registro de atividades</h1>
      <section className="console-card">
        {entries.length === 0 ? (
          <Empty>Nenhuma atividade registrada ainda.</Empty>
        ) : (
          <ol className="console-timeline">
            {entries.map((entry) => (
              <li key={entry.id} className="console-timeline__item">
                <time dateTime={entry.at} className="console-muted">
                  {formatDateTime(entry.at, timeZone)}
                </time>
                <span>
                  <strong>{entry.actor}</strong> {describe(entry)}
                </span>
                <AuditChanges entry={entry} />
              </li>
            ))}
          </ol>
        )}
        {audit.hasNextPage && (
          <button
            type="button"
            className="button button--outline"
            disabled={audit.isFetchingNextPage}
            onClick={() => void audit.fetchNextPage()}
          >
            {audit.isFetchingNextPage ? 'Carregando…' : 'Ver mais'}
          </button>
        )}
      </section>
    </>
  );
}
