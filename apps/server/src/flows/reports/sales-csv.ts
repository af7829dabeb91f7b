/**
 * A CSV of each chart of 'Relatórios › Vendas' (issue 37), written by the one CSV writer (lib/csv.ts, decision
 * 0051): the same figures the chart draws, pt-BR numbers, the range's days as the shop reads them.
 */
import type { ReportChart, SalesReport, SalesSplit } from '@vitrine/contracts/console-reports';
import { centsToReais } from '@vitrine/contracts/money';
import { csvText, type CsvRow } from '../../lib/csv.ts';

const money = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const number = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });
export const reais = (cents: number) => money.format(centsToReais(cents));
export const dayText = (day: string) => day.split('-').reverse().join('/');
const period = (b: { from: string; to: string }) =>
  b.from === b.to ? dayText(b.from) : `${dayText(b.from)} a ${dayText(b.to)}`;

const splitRows = (rows: SalesSplit[]): CsvRow[] =>
  rows.map((r) => [r.label, String(r.orders), reais(r.revenueCents)]);

/** The header and rows of one chart of the report. */
export function chartTable(report: SalesReport, chart: ReportChart): { header: CsvRow; rows: CsvRow[] } {
  const split = (name: string, rows: SalesSplit[]) => ({
    header: [name, 'Pedidos', 'Receita (R$)'],
    rows: splitRows(rows),
  });
  switch (chart) {
    case 'periods':
      return {
        header: [
          'Período',
          'Pedidos',
          'Receita (R$)',
          'Ticket médio (R$)',
          'Itens por pedido',
          'Reembolsado (R$)',
          'Período anterior',
          'Pedidos (anterior)',
          'Receita (R$, anterior)',
        ],
        rows: report.buckets.map((b) => [
          period(b),
          String(b.current.orders),
          reais(b.current.revenueCents),
          reais(b.current.averageTicketCents),
          number.format(b.current.itemsPerOrder),
          reais(b.current.refundedCents),
          period({ from: shiftBack(b.from, report), to: shiftBack(b.to, report) }),
          String(b.previous.orders),
          reais(b.previous.revenueCents),
        ]),
      };
    case 'channel':
      return split('Canal', report.byChannel);
    case 'agent':
      return split('Atendente', report.byAgent);
    case 'logistic':
      return split('Entrega', report.byLogistic);
    case 'store':
      return split('Loja', report.byStore);
    case 'payment':
      return {
        header: ['Forma de pagamento', 'Pedidos pagos', 'Pago (R$)', 'Pedidos aguardando', 'Aguardando (R$)'],
        rows: report.byPayment.map((p) => [
          p.label,
          String(p.paid.orders),
          reais(p.paid.revenueCents),
          String(p.waiting.orders),
          reais(p.waiting.revenueCents),
        ]),
      };
    case 'coupons':
      return {
        header: ['Cupom', 'Pedidos', 'Desconto (R$)'],
        rows: report.coupons.map((c) => [c.code, String(c.orders), reais(c.discountCents)]),
      };
  }
}

/** A bucket's day in the previous period (the same shift back as the report's). */
function shiftBack(day: string, report: SalesReport): string {
  const shift = Date.parse(`${report.from}T00:00:00Z`) - Date.parse(`${report.previous.from}T00:00:00Z`);
  return new Date(Date.parse(`${day}T00:00:00Z`) - shift).toISOString().slice(0, 10);
}

/** One chart of the report as a CSV file's text. */
export function chartCsv(report: SalesReport, chart: ReportChart): string {
  const { header, rows } = chartTable(report, chart);
  return csvText(header, rows);
}
