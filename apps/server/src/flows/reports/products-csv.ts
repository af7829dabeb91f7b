/**
 * A CSV of each table of 'Relatórios › Produtos' (issue 37), written by the one CSV writer (lib/csv.ts, decision
 * 0051, every cell neutralised — a search term is the shopper's text): the figures the screen shows, pt-BR
 * numbers, weights by the spec's t/kg/g rule.
 */
import type { ProductSales, ProductsReport, ProductTable } from '@vitrine/contracts/console-reports-products';
import { formatWeight } from '@vitrine/contracts/format';
import { csvText, type CsvRow } from '../../lib/csv.ts';
import { dayText, reais } from './sales-csv.ts';

const count = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** A product's quantity as the screen says it: units, or its weight for a kilo product. */
const quantityOf = (s: ProductSales) => (s.soldInKilo ? formatWeight(s.weightKg) : count.format(s.units));

const salesRows = (rows: ProductSales[]): CsvRow[] =>
  rows.map((s) => [s.name, String(s.orders), quantityOf(s), reais(s.valueCents)]);

/** The header and rows of one table of the report. */
export function productTable(
  report: ProductsReport,
  table: ProductTable,
): { header: CsvRow; rows: CsvRow[] } {
  switch (table) {
    case 'value':
      return { header: ['Produto', 'Pedidos', 'Quantidade', 'Valor (R$)'], rows: salesRows(report.byValue) };
    case 'units':
      return { header: ['Produto', 'Pedidos', 'Unidades', 'Valor (R$)'], rows: salesRows(report.byUnits) };
    case 'weight':
      return { header: ['Produto', 'Pedidos', 'Peso', 'Valor (R$)'], rows: salesRows(report.byWeight) };
    case 'viewed':
      return {
        header: ['Produto', 'Visualizações', 'Pedidos'],
        rows: report.viewed.map((v) => [v.name, String(v.views), String(v.orders)]),
      };
    case 'soldout':
      return {
        header: ['Produto', 'Dias esgotado'],
        rows: report.soldOut.map((s) => [s.name, String(s.days)]),
      };
    case 'searches':
      return {
        header: ['Busca', 'Vezes', 'Dias', 'Última vez'],
        rows: report.searchMisses.map((m) => [
          m.term,
          String(m.searches),
          String(m.days),
          dayText(m.lastDay),
        ]),
      };
  }
}

/** One table of the report as a CSV file's text. */
export function productTableCsv(report: ProductsReport, table: ProductTable): string {
  const { header, rows } = productTable(report, table);
  return csvText(header, rows);
}
