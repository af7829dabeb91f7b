/**
 * Vendas › Tabelas de preço (decision 0039): the shop's price tables, each with its price count and the stores
 * that use it; create, rename, delete (after a confirmation; refused while a store uses the table) and open its
 * prices editor.
 */
import { useState, type FormEvent } from 'react';
import type { ConsolePriceTable } from '@vitrine/contracts/console-price-tables';
import { showToast } from '../../../stores/toast-store';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/form-field';
import { errorText } from '../../api/console-api';
import { usePriceTables } from '../../api/price-tables';
import { useDeletePriceTable, useSavePriceTable } from '../api/price-tables';
import { ConfirmDelete } from '../../components/confirm-delete';
import { Empty, LoadError, Loading } from '../../components/page-state';
import { PriceTableEditor } from './price-table-editor';

const pricesText = (n: number) => (n === 0 ? 'Nenhum preço próprio' : n === 1 ? '1 preço' : `${n} preços`);

function TableForm({
  shop,
  table,
  onDone,
}: {
  shop: string;
  table: ConsolePriceTable | null;
  onDone: (saved: ConsolePriceTable) => void;
}) {
  const save = useSavePriceTable(shop);
  const [name, setName] = useState(table?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError('Informe o nome da tabela.');
      return;
    }
    save.mutate(
      { id: table?.id ?? null, name: name.trim() },
      {
        onSuccess: (saved) => {
          showToast(table ? `Tabela renomeada para “${saved.name}”.` : `Tabela “${saved.name}” criada.`, {
            variant: 'success',
          });
          onDone(saved);
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="sales-form">
      <TextField
        label="Nome da tabela"
        value={name}
        onValue={(v) => {
          setName(v);
          setError(null);
        }}
        maxLength={60}
        autoFocus
        error={error}
      />
      <div className="console-actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {table ? 'Salvar nome' : 'Criar tabela'}
        </button>
      </div>
    </form>
  );
}

export function SalesPriceTables({ shop }: { shop: string }) {
  const tables = usePriceTables(shop);
  const remove = useDeletePriceTable(shop);
  const [editing, setEditing] = useState<ConsolePriceTable | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<ConsolePriceTable | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = tables.data?.tables.find((t) => t.id === openId) ?? null;

  if (open) return <PriceTableEditor shop={shop} table={open} onBack={() => setOpenId(null)} />;
  return (
    <section className="console-section" aria-labelledby="sales-tables-title">
      <div className="console-title-row">
        <h2 id="sales-tables-title" className="console-subtitle">
          Tabelas de preço
        </h2>
        <button type="button" className="button button--primary" onClick={() => setEditing(null)}>
          Nova tabela
        </button>
      </div>
      <p className="console-muted">
        Uma tabela dá a um produto ou variação um preço diferente do catálogo. Cada loja escolhe quais tabelas
        o atendente pode usar e qual já vem aplicada (Entrega › Lojas).
      </p>
      {tables.isPending ? (
        <Loading />
      ) : tables.isError ? (
        <LoadError error={tables.error} onRetry={() => void tables.refetch()} />
      ) : tables.data.tables.length === 0 ? (
        <Empty>Nenhuma tabela de preço ainda. Crie uma, por exemplo “Atacado”.</Empty>
      ) : (
        <ul className="sales-coupons" aria-label="Tabelas de preço">
          {tables.data.tables.map((table) => (
            <li key={table.id} className="console-card sales-coupon">
              <strong className="sales-coupon__code">{table.name}</strong>
              <p className="sales-coupon__line">{pricesText(table.prices)}</p>
              <p className="console-muted sales-coupon__line">
                {table.stores.length
                  ? `Usada por: ${table.stores.join(', ')}`
                  : 'Nenhuma loja usa esta tabela'}
              </p>
              <div className="console-actions">
                <button type="button" className="button button--primary" onClick={() => setOpenId(table.id)}>
                  Preços <span className="console-visually-hidden">de {table.name}</span>
                </button>
                <button type="button" className="button button--outline" onClick={() => setEditing(table)}>
                  Renomear <span className="console-visually-hidden">{table.name}</span>
                </button>
                <button type="button" className="button button--outline" onClick={() => setDeleting(table)}>
                  Excluir <span className="console-visually-hidden">{table.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? `Renomear ${editing.name}` : 'Nova tabela de preço'}
        size="sm"
      >
        {editing !== undefined && (
          <TableForm
            shop={shop}
            table={editing}
            onDone={(saved) => {
              setEditing(undefined);
              if (!editing) setOpenId(saved.id);
            }}
          />
        )}
      </Modal>
      <ConfirmDelete
        item={deleting}
        title="Excluir tabela de preço"
        remove={remove}
        deleted={(t) => `Tabela “${t.name}” excluída.`}
        onClose={() => setDeleting(null)}
      >
        <p>
          A tabela <strong>{deleting?.name}</strong> (
          {deleting ? pricesText(deleting.prices).toLowerCase() : ''}) será apagada. Pedidos já feitos mantêm
          os preços. Uma tabela usada por uma loja não pode ser excluída: tire-a da loja antes.
        </p>
      </ConfirmDelete>
    </section>
  );
}
