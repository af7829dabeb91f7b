/** The range, bucket, channel and (for owners and managers in Vendas) agent of a report, kept in the URL. */
import {
  REPORT_BUCKET_LABELS,
  type ReportBucket,
  type SalesReportQuery,
} from '@vitrine/contracts/console-reports';
import { BOARD_CHANNEL_LABELS } from '@vitrine/contracts/console-orders';
import { SelectField } from '../../../components/form-field';
import { DateField, onlyDays } from '../../components/date-field';

export function ReportFilters({
  query,
  agents,
  onChange,
}: {
  query: SalesReportQuery;
  agents: { id: string; name: string }[] | null;
  onChange: (query: SalesReportQuery) => void;
}) {
  const set = (key: keyof SalesReportQuery) => (value: string) =>
    onChange({ ...query, [key]: value || undefined } as SalesReportQuery);
  const inverted = query.from > query.to;
  return (
    <section className="console-card reports-filters" aria-label="Período e filtros">
      <DateField label="De" value={query.from} onValue={onlyDays(set('from'))} />
      <DateField
        label="Até"
        value={query.to}
        onValue={onlyDays(set('to'))}
        error={inverted ? 'A data final é anterior à inicial.' : null}
      />
      <SelectField
        label="Agrupar por"
        value={query.bucket}
        onValue={(v) => onChange({ ...query, bucket: v as ReportBucket })}
      >
        {Object.entries(REPORT_BUCKET_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <SelectField label="Canal" value={query.channel ?? ''} onValue={set('channel')}>
        <option value="">Todos</option>
        {Object.entries(BOARD_CHANNEL_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      {agents && agents.length > 0 && (
        <SelectField label="Atendente" value={query.agent ?? ''} onValue={set('agent')}>
          <option value="">Toda a loja</option>
          {agents.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </SelectField>
      )}
    </section>
  );
}
