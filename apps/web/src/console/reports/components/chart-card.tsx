/**
 * One chart of the report in its card: the title, the chart (Chart.js, loaded with the first chart), 'Mostrar
 * tabela' for the same figures as a table (always there for screen readers) and 'Baixar CSV' (the server's file).
 * `wide`: the card takes the report's whole width (a table of many columns).
 */
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Skeleton } from '../../../components/skeleton';
import type { Series } from './sales-chart';

const SalesChart = lazy(() => import('./sales-chart').then((m) => ({ default: m.SalesChart })));

export type ChartTableData = { header: string[]; rows: ReactNode[][] };

export function ChartCard({
  title,
  csvHref,
  chart,
  table,
  wide = false,
}: {
  title: string;
  csvHref: string;
  chart: { labels: string[]; series: Series[]; money: boolean; horizontal?: boolean } | null;
  table: ChartTableData;
  wide?: boolean;
}) {
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <section
      className={`console-card reports-card${wide ? ' reports-card--wide' : ''}`}
      aria-labelledby={`${id}-title`}
    >
      <div className="reports-card__head">
        <h2 id={`${id}-title`} className="console-subtitle">
          {title}
        </h2>
        <div className="reports-card__actions">
          {chart && (
            <button
              type="button"
              className="button button--outline"
              aria-expanded={shown}
              aria-controls={`${id}-table`}
              onClick={() => setShown(!shown)}
            >
              {shown ? 'Ocultar tabela' : 'Mostrar tabela'}
            </button>
          )}
          <a className="button button--outline" href={csvHref} download>
            Baixar CSV
          </a>
        </div>
      </div>
      {chart && (
        <Suspense fallback={<Skeleton height="220px" />}>
          <SalesChart {...chart} description={`${title}: gráfico; os números estão na tabela desta seção.`} />
        </Suspense>
      )}
      {/* A table on show may scroll sideways: a region the keyboard can reach and scroll. */}
      <div
        id={`${id}-table`}
        className={chart && !shown ? 'console-visually-hidden' : 'console-table-wrap'}
        {...(chart && !shown ? {} : { role: 'region', 'aria-label': 'Tabela', tabIndex: 0 })}
      >
        <table className="console-table reports-table">
          <caption className="console-visually-hidden">{title}</caption>
          <thead>
            <tr>
              {table.header.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) =>
                  j === 0 ? (
                    <th key={j} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={j} data-label={table.header[j]}>
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
