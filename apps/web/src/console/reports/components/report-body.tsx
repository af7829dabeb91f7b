import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, LoadError, Loading } from '../../components/page-state';

/**
 * A report's answer, the same on every tab: the error with its retry, 'Carregando relatório…' before the first
 * figures, `empty` when the figures say there is nothing, else the body — dimmed and busy while newer ones load.
 */
export function ReportBody<T>({
  report,
  empty,
  children,
}: {
  report: UseQueryResult<T>;
  /** What to say instead of the body when the answer has nothing to show. */
  empty?: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (report.isError) return <LoadError error={report.error} onRetry={() => void report.refetch()} />;
  if (report.data === undefined) return <Loading label="Carregando relatório…" />;
  const nothing = empty?.(report.data);
  if (nothing) return <Empty>{nothing}</Empty>;
  return (
    <div
      className={report.isFetching ? 'reports-body is-stale' : 'reports-body'}
      aria-busy={report.isFetching}
    >
      {children(report.data)}
    </div>
  );
}
