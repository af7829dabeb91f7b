/**
 * Recuperação › Lembretes: the carts in the pipeline — next reminder at, sent, or not sent and why — and the orders
 * the reminders brought back in the last 30 days with their value. Dates in the shop's time zone.
 */
import { Link } from 'wouter';
import {
  REMINDER_REASON_LABELS,
  REMINDER_STATE_LABELS,
  type RecoveryReminder,
} from '@vitrine/contracts/console-recovery';
import { formatBRL } from '@vitrine/contracts/money';
import { useRecoveryReminders } from '../api/recovery';
import { formatDateTime } from '../../components/format-date';
import { Empty, LoadError, Loading } from '../../components/page-state';

function when(reminder: RecoveryReminder, timeZone: string) {
  if (reminder.state === 'sent' && reminder.sentAt)
    return `Enviado em ${formatDateTime(reminder.sentAt, timeZone)}`;
  if (reminder.state === 'scheduled') return `Próximo em ${formatDateTime(reminder.dueAt, timeZone)}`;
  return '—';
}

export function RecoveryPipeline({ shop }: { shop: string }) {
  const list = useRecoveryReminders(shop);
  return (
    <section className="console-card" aria-labelledby="recovery-pipeline-title">
      <h2 id="recovery-pipeline-title" className="console-subtitle">
        Lembretes
      </h2>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <p className="recovery-recovered">
            Recuperados nos últimos 30 dias:{' '}
            <strong>
              {list.data.recovered.orders === 1 ? '1 pedido' : `${list.data.recovered.orders} pedidos`},{' '}
              {formatBRL(list.data.recovered.valueCents)}
            </strong>
          </p>
          {list.data.reminders.length === 0 ? (
            <Empty>
              Nenhum lembrete ainda. Com a recuperação ligada, os carrinhos parados aparecem aqui.
            </Empty>
          ) : (
            <div className="console-table-wrap" role="region" aria-label="Lembretes de carrinho" tabIndex={0}>
              <table className="console-table">
                <thead>
                  <tr>
                    <th scope="col">Cliente</th>
                    <th scope="col">Lembrete</th>
                    <th scope="col">Situação</th>
                    <th scope="col">Quando</th>
                    <th scope="col">Carrinho</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.reminders.map((r) => (
                    <tr key={r.id}>
                      <td data-label="Cliente">{r.contactName ?? 'Cliente'}</td>
                      <td data-label="Lembrete">{r.step === 1 ? '1º' : '2º'}</td>
                      <td data-label="Situação">
                        {REMINDER_STATE_LABELS[r.state]}
                        {r.reason && (
                          <span className="recovery-reason">{REMINDER_REASON_LABELS[r.reason]}</span>
                        )}
                        {r.recoveredCents !== null && (
                          <span className="recovery-reason recovery-reason--won">
                            Recuperado: {formatBRL(r.recoveredCents)}
                          </span>
                        )}
                      </td>
                      <td data-label="Quando">{when(r, list.data.timeZone)}</td>
                      <td data-label="Carrinho">
                        {r.recoveredCents !== null ? (
                          <Link href={`/console/lojas/${shop}/pedidos/${r.orderId}`}>
                            {formatBRL(r.cartTotalCents)}
                          </Link>
                        ) : (
                          formatBRL(r.cartTotalCents)
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
