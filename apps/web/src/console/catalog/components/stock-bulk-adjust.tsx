/**
 * Catálogo › Produtos: adjust the selected products' stock at once (issue 31) — set every item to a count or add
 * (subtract) an amount, with a reason; a confirmation says how many items of how many products change, then the
 * adjustments go in batches with their progress. Each batch is all or none; a refused batch stops the rest.
 */
import { useState } from 'react';
import type { ProductStockSummary, StockAdjustBody } from '@vitrine/contracts/console-stock';
import { TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { fetchStockSummaries, postAdjustment, useRefreshStock } from '../api/stock';
import { batches, bulkItems, type BulkMode } from './stock-model';
import './stock.css';

/** Items per request (the API takes up to 1,000; smaller batches show progress). */
const BATCH = 200;

type Plan = { items: StockAdjustBody['items']; products: number; untracked: number };
type Step =
  | { kind: 'form' }
  | { kind: 'confirm'; plan: Plan }
  | { kind: 'applying'; plan: Plan; done: number }
  | { kind: 'stopped'; plan: Plan; done: number; message: string };

function actionText(mode: BulkMode, amount: string): string {
  if (mode === 'set') return `Definir em ${amount} o estoque`;
  if (amount.startsWith('-')) return `Subtrair ${amount.slice(1)} do estoque`;
  return `Somar ${amount.replace(/^\+/, '')} ao estoque`;
}

export function StockBulkAdjust({
  shop,
  selected,
  onDone,
}: {
  shop: string;
  selected: Set<string>;
  onDone: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<BulkMode>('set');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; note?: string; load?: string }>({});
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [loading, setLoading] = useState(false);
  const refresh = useRefreshStock(shop);

  const close = () => {
    if (step.kind === 'applying') return;
    if (step.kind === 'stopped') onDone();
    setOpen(false);
    setStep({ kind: 'form' });
  };

  const review = async () => {
    // Each product reads the amount in its own measure when the plan is made (whole units, or kg).
    const next = {
      ...(amount.trim() === '' ? { amount: 'Informe a quantidade.' } : {}),
      ...(note.trim().length < 3 ? { note: 'Informe o motivo do ajuste.' } : {}),
    };
    setErrors(next);
    if (next.amount || next.note) return;
    setLoading(true);
    try {
      const products: ProductStockSummary[] = [];
      for (const codes of batches([...selected], 100))
        products.push(...(await fetchStockSummaries(shop, codes)).products);
      const built = bulkItems(products, mode, amount);
      if (!built.ok) return setErrors({ amount: built.message });
      const untracked = products.filter((p) => !p.track).length;
      setStep({ kind: 'confirm', plan: { items: built.items, products: products.length, untracked } });
    } catch (error) {
      setErrors({ load: errorText(error) });
    } finally {
      setLoading(false);
    }
  };

  const apply = async (plan: Plan) => {
    let done = 0;
    setStep({ kind: 'applying', plan, done });
    for (const batch of batches(plan.items, BATCH)) {
      try {
        await postAdjustment(shop, { items: batch, note: note.trim() });
      } catch (error) {
        setStep({ kind: 'stopped', plan, done, message: errorText(error) });
        void refresh();
        return;
      }
      done += batch.length;
      setStep({ kind: 'applying', plan, done });
    }
    void refresh();
    showToast(`Estoque ajustado em ${plan.items.length} item(ns).`, { variant: 'success' });
    setOpen(false);
    setStep({ kind: 'form' });
    setAmount('');
    setNote('');
    onDone();
  };

  const footer =
    step.kind === 'form' ? (
      <>
        <button type="button" className="button button--outline" onClick={close}>
          Cancelar
        </button>
        <button type="button" className="button" disabled={loading} onClick={() => void review()}>
          {loading ? 'Lendo o estoque…' : 'Revisar ajuste'}
        </button>
      </>
    ) : step.kind === 'confirm' ? (
      <>
        <button type="button" className="button button--outline" onClick={() => setStep({ kind: 'form' })}>
          Voltar
        </button>
        <button type="button" className="button" onClick={() => void apply(step.plan)}>
          Aplicar ajuste
        </button>
      </>
    ) : step.kind === 'stopped' ? (
      <button type="button" className="button" onClick={close}>
        Fechar
      </button>
    ) : null;

  return (
    <>
      <button
        type="button"
        className="button button--outline"
        disabled={selected.size === 0}
        onClick={() => setOpen(true)}
      >
        Ajustar estoque dos selecionados
      </button>
      <Modal
        open={open}
        onClose={close}
        size="sm"
        title="Ajustar estoque"
        footer={footer}
        closeOnBackdrop={step.kind === 'form'}
        hideCloseButton={step.kind === 'applying'}
      >
        {step.kind === 'form' && (
          <div className="console-form">
            <fieldset className="stock-bulk-mode">
              <legend>O que fazer com {selected.size} produto(s)</legend>
              <label className="settings-toggle">
                <input
                  type="radio"
                  name="stock-mode"
                  checked={mode === 'set'}
                  onChange={() => setMode('set')}
                />
                Definir o estoque
              </label>
              <label className="settings-toggle">
                <input
                  type="radio"
                  name="stock-mode"
                  checked={mode === 'add'}
                  onChange={() => setMode('add')}
                />
                Somar ou subtrair
              </label>
            </fieldset>
            <TextField
              label={mode === 'set' ? 'Novo estoque' : 'Quantidade (negativa para subtrair)'}
              hint="Em cada item (cada variação); produtos vendidos por quilo em kg."
              inputMode="decimal"
              value={amount}
              onValue={setAmount}
              error={errors.amount ?? null}
            />
            <TextField
              label="Motivo do ajuste"
              maxLength={500}
              value={note}
              onValue={setNote}
              error={errors.note ?? null}
            />
            {errors.load && (
              <p className="console-alert console-alert--error" role="alert">
                {errors.load}
              </p>
            )}
          </div>
        )}
        {step.kind === 'confirm' && (
          <>
            <p>
              {actionText(mode, amount.trim())} de {step.plan.items.length} item(ns) de {step.plan.products}{' '}
              produto(s)? Motivo: “{note.trim()}”.
            </p>
            {step.plan.untracked > 0 && (
              <p className="console-muted">
                {step.plan.untracked} produto(s) estão sem controle de estoque: o estoque muda, mas eles
                seguem vendendo sem limite.
              </p>
            )}
          </>
        )}
        {(step.kind === 'applying' || step.kind === 'stopped') && (
          <div role="status" aria-live="polite">
            <progress className="stock-bulk-progress" value={step.done} max={step.plan.items.length} />
            <p>
              {step.done} de {step.plan.items.length} item(ns) ajustados.
            </p>
          </div>
        )}
        {step.kind === 'stopped' && (
          <p className="console-alert console-alert--error" role="alert">
            O ajuste parou: {step.message} Os itens que faltavam não mudaram.
          </p>
        )}
      </Modal>
    </>
  );
}
