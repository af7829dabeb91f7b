/**
 * The board's filters: status, payment status, 'Reembolso pendente' (a refund granted and not sent yet), channel
 * and dates apply as they change; the text search applies
 * on Enter or 'Buscar'. They live in the URL (`onChange` writes it), so a reload or the back button keeps them.
 * On phones they fold behind a 'Filtros' button.
 */
import { useState, type FormEvent } from 'react';
import {
  BOARD_CHANNEL_LABELS,
  BOARD_PAYMENT_STATUS_LABELS,
  type BOARD_REFUND_FILTERS,
  type BoardFilters,
  ORDER_STAGE_LABELS,
} from '@vitrine/contracts/console-orders';
import { SelectField, TextField } from '../../../components/form-field';
import { activeFilterCount } from './filters-model';
import { DateField, onlyDays } from '../../components/date-field';

/** 'Reembolso pendente' (BOARD_REFUND_FILTER_LABELS) as the field's option: the field is named 'Reembolso'. */
const REFUND_OPTIONS: Record<(typeof BOARD_REFUND_FILTERS)[number], string> = { pending: 'Pendente' };

function Options({ labels }: { labels: Record<string, string> }) {
  return (
    <>
      <option value="">Todos</option>
      {Object.entries(labels).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
  );
}

export function OrderFilters({
  filters,
  onChange,
}: {
  filters: BoardFilters;
  onChange: (filters: BoardFilters) => void;
}) {
  const [text, setText] = useState(filters.q ?? '');
  const [shownQ, setShownQ] = useState(filters.q);
  const [open, setOpen] = useState(false);
  if (shownQ !== filters.q) {
    // The URL's search changed (back button, 'Limpar filtros'): the box shows it.
    setShownQ(filters.q);
    setText(filters.q ?? '');
  }
  const set = (key: keyof BoardFilters) => (value: string) =>
    onChange({ ...filters, [key]: value || undefined });
  const search = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...filters, q: text.trim() || undefined });
  };
  const count = activeFilterCount(filters);
  const inverted = Boolean(filters.from && filters.to && filters.from > filters.to);
  return (
    <section className="console-card orders-filters" aria-label="Filtros dos pedidos">
      <form className="orders-search" role="search" onSubmit={search}>
        <TextField
          label="Buscar pedido"
          placeholder="Nome, telefone ou nº (#42)"
          type="search"
          value={text}
          onValue={setText}
          maxLength={100}
        />
        <button type="submit" className="button button--primary">
          Buscar
        </button>
      </form>
      <button
        type="button"
        className="button button--outline orders-filters__toggle"
        aria-expanded={open}
        aria-controls="orders-filter-fields"
        onClick={() => setOpen(!open)}
      >
        Filtros{count > 0 ? ` (${count})` : ''}
      </button>
      <div
        id="orders-filter-fields"
        className={open ? 'orders-filters__fields is-open' : 'orders-filters__fields'}
      >
        <SelectField label="Situação" value={filters.status ?? ''} onValue={set('status')}>
          <Options labels={ORDER_STAGE_LABELS} />
        </SelectField>
        <SelectField label="Pagamento" value={filters.payment ?? ''} onValue={set('payment')}>
          <Options labels={BOARD_PAYMENT_STATUS_LABELS} />
        </SelectField>
        <SelectField label="Reembolso" value={filters.refund ?? ''} onValue={set('refund')}>
          <Options labels={REFUND_OPTIONS} />
        </SelectField>
        <SelectField label="Canal" value={filters.channel ?? ''} onValue={set('channel')}>
          <Options labels={BOARD_CHANNEL_LABELS} />
        </SelectField>
        <DateField label="De" value={filters.from ?? ''} onValue={onlyDays(set('from'))} />
        <DateField
          label="Até"
          value={filters.to ?? ''}
          onValue={onlyDays(set('to'))}
          error={inverted ? 'A data final é anterior à inicial.' : null}
        />
        {count > 0 && (
          <button
            type="button"
            className="button button--outline orders-filters__clear"
            onClick={() => onChange({})}
          >
            Limpar filtros
          </button>
        )}
      </div>
    </section>
  );
}
