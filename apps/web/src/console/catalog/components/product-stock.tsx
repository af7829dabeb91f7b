/**
 * Catálogo › Produto › Estoque (issue 31): 'Controlar estoque', 'Permitir venda sem estoque' and the low-stock
 * threshold; each unit's on hand, held and available, with an inline count that asks for a reason and is written
 * as an adjustment movement; and the movement history (product-stock-history.tsx). Kilo products count in kg.
 */
import { useState, type KeyboardEvent } from 'react';
import type { ProductStock as Stock, StockUnit } from '@vitrine/contracts/console-stock';
import { TextField } from '../../../components/form-field';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { LoadError, Loading } from '../../components/page-state';
import { stockAmount, type StockMeasure } from '../../components/stock-amount';
import { useAdjustStock, useProductStock, useSaveStockSettings } from '../api/stock';
import { StockHistory } from './product-stock-history';
import { amountInput, parseStockAmount } from './stock-model';
import './stock.css';

/** Enter inside the block acts on it, never submitting the product's form around it. */
const onEnter = (run: () => void) => (e: KeyboardEvent) => {
  if (e.key !== 'Enter') return;
  e.preventDefault();
  run();
};

export function ProductStock({ shop, code }: { shop: string; code: string | null }) {
  const stock = useProductStock(shop, code);
  return (
    <fieldset className="console-card stock-block" aria-label="Estoque">
      <legend>Estoque</legend>
      {code === null ? (
        <p className="console-muted">Salve o produto para controlar o estoque.</p>
      ) : stock.isPending ? (
        <Loading label="Carregando estoque…" />
      ) : stock.isError ? (
        <LoadError error={stock.error} onRetry={() => void stock.refetch()} />
      ) : (
        <>
          <StockSettings
            key={JSON.stringify(stock.data.settings)}
            shop={shop}
            code={code}
            stock={stock.data}
          />
          <StockUnits shop={shop} stock={stock.data} />
          <StockHistory shop={shop} code={code} stock={stock.data} />
        </>
      )}
    </fieldset>
  );
}

function StockSettings({ shop, code, stock }: { shop: string; code: string; stock: Stock }) {
  const measure: StockMeasure = stock.units[0]?.measure ?? 'unit';
  const [track, setTrack] = useState(stock.settings.track);
  const [backorder, setBackorder] = useState(stock.settings.allowBackorder);
  const [threshold, setThreshold] = useState(amountInput(stock.settings.lowThreshold, measure));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveStockSettings(shop, code);
  const changed =
    track !== stock.settings.track ||
    backorder !== stock.settings.allowBackorder ||
    threshold !== amountInput(stock.settings.lowThreshold, measure);
  const submit = () => {
    const low = parseStockAmount(threshold, measure, 'count');
    if (!low.ok) return setError(low.message);
    setError(null);
    save.mutate(
      { track, allowBackorder: backorder, lowThreshold: low.value },
      {
        onSuccess: () => showToast('Controle de estoque salvo.', { variant: 'success' }),
        onError: (e) => showToast(errorText(e), { variant: 'error' }),
      },
    );
  };
  return (
    <div className="stock-settings">
      <label className="settings-toggle">
        <input type="checkbox" checked={track} onChange={(e) => setTrack(e.target.checked)} />
        Controlar estoque
      </label>
      <label className="settings-toggle">
        <input type="checkbox" checked={backorder} onChange={(e) => setBackorder(e.target.checked)} />
        Permitir venda sem estoque
      </label>
      <TextField
        label={measure === 'gram' ? 'Alerta de estoque baixo (kg)' : 'Alerta de estoque baixo (unidades)'}
        hint="Entra em Início › Baixo estoque quando o disponível chega a este número."
        inputMode={measure === 'gram' ? 'decimal' : 'numeric'}
        value={threshold}
        onValue={setThreshold}
        onKeyDown={onEnter(submit)}
        error={error}
      />
      <button
        type="button"
        className="button button--outline"
        disabled={!changed || save.isPending}
        onClick={submit}
      >
        {save.isPending ? 'Salvando…' : 'Salvar controle de estoque'}
      </button>
      {!stock.settings.track && (
        <p className="console-muted editor-grid__wide">
          Sem controle, o produto vende sem limite e o estoque abaixo é só informativo.
        </p>
      )}
    </div>
  );
}

function StockUnits({ shop, stock }: { shop: string; stock: Stock }) {
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <div className="console-table-wrap" role="region" aria-label="Estoque por item" tabIndex={0}>
      <table className="console-table stock-units">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Em estoque</th>
            <th scope="col">Reservado</th>
            <th scope="col">Disponível</th>
            <th scope="col">
              <span className="console-visually-hidden">Ações</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {stock.units.map((unit) => (
            <UnitRow
              key={unit.unitId}
              shop={shop}
              unit={unit}
              editing={editing === unit.unitId}
              onEdit={(on) => setEditing(on ? unit.unitId : null)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UnitRow(props: { shop: string; unit: StockUnit; editing: boolean; onEdit: (on: boolean) => void }) {
  const { unit, editing, onEdit } = props;
  return (
    <>
      <tr>
        <th scope="row">
          {unit.name}
          <span className="console-muted"> · {unit.sku}</span>
        </th>
        <td data-label="Em estoque">{stockAmount(unit.onHand, unit.measure)}</td>
        <td data-label="Reservado">{stockAmount(unit.held, unit.measure)}</td>
        <td data-label="Disponível">
          {stockAmount(unit.available, unit.measure)}
          {unit.low && <span className="chip stock-low">Baixo</span>}
        </td>
        <td>
          {!editing && (
            <button
              type="button"
              className="button button--outline"
              aria-label={`Ajustar estoque de ${unit.name}`}
              onClick={() => onEdit(true)}
            >
              Ajustar
            </button>
          )}
        </td>
      </tr>
      {editing && (
        <tr>
          <td colSpan={5}>
            <AdjustForm shop={props.shop} unit={unit} onDone={() => onEdit(false)} />
          </td>
        </tr>
      )}
    </>
  );
}

/** The inline count of one unit: the new on hand and the reason, written as one adjustment movement. */
function AdjustForm({ shop, unit, onDone }: { shop: string; unit: StockUnit; onDone: () => void }) {
  const [count, setCount] = useState(amountInput(unit.onHand, unit.measure));
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ count?: string; note?: string; server?: string }>({});
  const adjust = useAdjustStock(shop);
  const submit = () => {
    const parsed = parseStockAmount(count, unit.measure, 'count');
    const next = {
      ...(parsed.ok ? {} : { count: parsed.message }),
      ...(note.trim().length < 3 ? { note: 'Informe o motivo do ajuste.' } : {}),
    };
    setErrors(next);
    if (!parsed.ok || next.note) return;
    adjust.mutate(
      { items: [{ unitId: unit.unitId, onHand: parsed.value }], note: note.trim() },
      {
        onSuccess: ({ moved }) => {
          showToast(moved === 0 ? 'Nada mudou: o estoque já era esse.' : 'Estoque ajustado.', {
            variant: 'success',
          });
          onDone();
        },
        onError: (e) => setErrors({ server: errorText(e) }),
      },
    );
  };
  return (
    <div className="stock-adjust" role="group" aria-label={`Ajuste de ${unit.name}`}>
      <TextField
        label={unit.measure === 'gram' ? 'Novo estoque (kg)' : 'Novo estoque'}
        inputMode={unit.measure === 'gram' ? 'decimal' : 'numeric'}
        value={count}
        onValue={setCount}
        onKeyDown={onEnter(submit)}
        error={errors.count ?? null}
        autoFocus
      />
      <TextField
        label="Motivo do ajuste"
        placeholder="Ex.: contagem do estoque, avaria"
        maxLength={500}
        value={note}
        onValue={setNote}
        onKeyDown={onEnter(submit)}
        error={errors.note ?? null}
      />
      <button type="button" className="button" disabled={adjust.isPending} onClick={submit}>
        {adjust.isPending ? 'Salvando…' : 'Salvar ajuste'}
      </button>
      <button type="button" className="button button--outline" onClick={onDone}>
        Cancelar
      </button>
      {errors.server && (
        <p className="console-alert console-alert--error stock-adjust__error" role="alert">
          {errors.server}
        </p>
      )}
    </div>
  );
}
