/**
 * Recuperação › Lembretes: the carts and unpaid orders in the pipeline — what each reminder is about (the cart's
 * 1st or 2nd, a Pix about to expire, a boleto due tomorrow, a new code), next reminder at, sent, or not sent and
 * why — and the orders the reminders brought back in the last 30 days with their value. Dates in the shop's time
 * zone.
 */
import { Link } from 'wouter';
import {
  REMINDER_KIND_LABELS,
  REMINDER_REASON_LABELS,
  REMINDER_STATE_LABELS,
  type RecoveryReminder,
  type RecoveryReminders,
} from '@vitrine/contracts/console-recovery';
import { formatBRL } from '@vitrine/contracts/money';
import { useRecoveryReminders } from '../api/recovery';
import { formatDateTime } from '../../components/format-date';
import { Empty, LoadError, Loading } from '../../components/page-state';

const kindOf = (r: RecoveryReminder) =>
  r.kind === 'cart' ? `${REMINDER_KIND_LABELS.cart} (${r.step}º)` : REMINDER_KIND_LABELS[r.kind];

function when(reminder: RecoveryReminder, timeZone: string) {
  if (reminder.state === 'sent' && reminder.sentAt)
    return `Enviado em ${formatDateTime(reminder.sentAt, timeZone)}`;
  if (reminder.state === 'scheduled') return `Próximo em ${formatDateTime(reminder.dueAt, timeZone)}`;
  return '—';
}

type Weeks = RecoveryReminders['byWeek'];

/** Recovered orders per week and rule (carts, unpaid orders), newest week first. */
function RecoveredByWeek({ weeks }: { weeks: Weeks }) {
  const days = [...new Set(weeks.map((w) => w.week))];
  const cell = (week: string, rule: Weeks[number]['rule']) => {
    const found = weeks.find((w) => w.week === week && w.rule === rule);
    return found ? `${found.orders} · ${formatBRL(found.valueCents)}` : '—';
  };
  return (
    <div className="console-table-wrap" role="region" aria-label="Recuperados por semana" tabIndex={0}>
      <table className="console-table">
        <thead>
          <tr>
            <th scope="col">Semana de</th>
            <th scope="col">Carrinho abandonado</th>
            <th scope="col">Pedido não pago</th>
          </tr>
        </thead>
        <tbody>
          {days.map((week) => (
            <tr key={week}>
              <td data-label="Semana de">{week.split('-').reverse().join('/')}</td>
              <td data-label="Carrinho abandonado">{cell(week, 'cart')}</td>
              <td data-label="Pedido não pago">{cell(week, 'payment')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
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
          {list.data.byWeek.length > 0 && <RecoveredByWeek weeks={list.data.byWeek} />}
          {list.data.reminders.length === 0 ? (
            <Empty>
              Nenhum lembrete ainda. Com a recuperação ligada, os carrinhos parados e os pedidos não pagos
              aparecem aqui.
            </Empty>
          ) : (
            <div className="console-table-wrap" role="region" aria-label="Lembretes" tabIndex={0}>
              <table className="console-table">
                <thead>
                  <tr>
                    <th scope="col">Cliente</th>
                    <th scope="col">Lembrete</th>
                    <th scope="col">Situação</th>
                    <th scope="col">Quando</th>
                    <th scope="col">Pedido</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.reminders.map((r) => (
                    <tr key={r.id}>
                      <td data-label="Cliente">{r.contactName ?? 'Cliente'}</td>
                      <td data-label="Lembrete">{kindOf(r)}</td>
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
                      <td data-label="Pedido">
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
