/** A CSV of each table of 'Relatórios › Funil' (issue 37), written by the one CSV writer (lib/csv.ts, decision 0051). */
import {
  FUNNEL_STAGE_LABELS,
  FUNNEL_STAGES,
  type FunnelCounts,
  type FunnelReport,
  type FunnelTable,
} from '@vitrine/contracts/console-reports-funnel';
import { csvText, type CsvRow } from '../../lib/csv.ts';
import { dayText } from './sales-csv.ts';

const stageHeader = FUNNEL_STAGES.map((s) => FUNNEL_STAGE_LABELS[s]);
const countsRow = (c: FunnelCounts) => FUNNEL_STAGES.map((s) => String(c[s]));
/** What share of the stage before reached this one ('' for the first, or when the one before is zero). */
export const stageShare = (c: FunnelCounts, i: number): number | null => {
  const before = i > 0 ? c[FUNNEL_STAGES[i - 1]!] : 0;
  return before > 0 ? Math.round((c[FUNNEL_STAGES[i]!] / before) * 1000) / 10 : null;
};
const percent = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

export function funnelTable(report: FunnelReport, table: FunnelTable): { header: CsvRow; rows: CsvRow[] } {
  switch (table) {
    case 'stages':
      return {
        header: ['Etapa', 'Quantidade', '% da etapa anterior'],
        rows: FUNNEL_STAGES.map((s, i) => {
          const share = stageShare(report.totals, i);
          return [
            FUNNEL_STAGE_LABELS[s],
            String(report.totals[s]),
            share === null ? '' : percent.format(share),
          ];
        }),
      };
    case 'periods':
      return {
        header: ['Período', ...stageHeader],
        rows: report.buckets.map((b) => [
          b.from === b.to ? dayText(b.from) : `${dayText(b.from)} a ${dayText(b.to)}`,
          ...countsRow(b.counts),
        ]),
      };
    case 'channels':
      return {
        header: ['Canal', ...stageHeader],
        rows: report.byChannel.map((c) => [c.label, ...countsRow(c.counts)]),
      };
  }
}

export const funnelTableCsv = (report: FunnelReport, table: FunnelTable) => {
  const { header, rows } = funnelTable(report, table);
  return csvText(header, rows);
};
