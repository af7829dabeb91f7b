/** The report's headline figures, each against the previous period, and what the revenue leaves out. */
import type { SalesFigures, SalesReport } from '@vitrine/contracts/console-reports';
import { changeText, dayText, decimal, money } from './report-model';

const FIGURES: { key: keyof SalesFigures; label: string; text: (v: number) => string }[] = [
  { key: 'revenueCents', label: 'Receita', text: money },
  { key: 'orders', label: 'Pedidos', text: (v) => String(v) },
  { key: 'averageTicketCents', label: 'Ticket médio', text: money },
  { key: 'itemsPerOrder', label: 'Itens por pedido', text: decimal },
];

export function SalesFiguresCard({ report }: { report: SalesReport }) {
  const { totals, previousTotals: before } = report;
  return (
    <section className="console-card" aria-labelledby="reports-figures-title">
      <h2 id="reports-figures-title" className="console-subtitle">
        Resumo de {dayText(report.from)} a {dayText(report.to)}
      </h2>
      <dl className="reports-figures">
        {FIGURES.map((f) => (
          <div key={f.key} className="reports-figure">
            <dt>{f.label}</dt>
            <dd className="reports-figure__value">{f.text(totals[f.key])}</dd>
            <dd className="reports-figure__before">
              {changeText(totals[f.key], before[f.key])} · antes {f.text(before[f.key])}
            </dd>
          </div>
        ))}
      </dl>
      <p className="console-muted reports-note">
        Comparado com {dayText(report.previous.from)} a {dayText(report.previous.to)}, período anterior de
        mesma duração. Pedidos cancelados não entram na receita
        {report.canceled.orders > 0
          ? ` (${report.canceled.orders} ${report.canceled.orders === 1 ? 'cancelado' : 'cancelados'}, ${money(report.canceled.totalCents)})`
          : ''}
        . Reembolsos aparecem à parte: {money(totals.refundedCents)} reembolsados, receita líquida{' '}
        {money(totals.netCents)}. Descontos concedidos: {money(totals.discountCents)}.
        {totals.weightKg > 0 ? ` Produtos a quilo: ${decimal(totals.weightKg)} kg (fora dos itens).` : ''}
      </p>
    </section>
  );
}
