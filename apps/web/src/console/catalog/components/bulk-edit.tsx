/**
 * Catálogo › Produtos' bulk edit: change the selected products' price by a percentage or a value, activate,
 * deactivate or move them to a category, after a confirmation that says what will change.
 */
import { useState, type ReactNode } from 'react';
import type { BulkAction, ConsoleCategory } from '@vitrine/contracts/console-catalog-api';
import { formatBRL } from '@vitrine/contracts/money';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { useBulkEdit } from '../api/catalog';

type BulkKind = BulkAction['kind'];
const BULK_LABELS: Record<BulkKind, string> = {
  pricePercent: 'Mudar preço em %',
  priceValue: 'Mudar preço em R$',
  activate: 'Ativar',
  deactivate: 'Desativar',
  category: 'Mover para a categoria',
};

/** The action a person set up, or the pt-BR reason it is not ready. */
function actionOf(kind: BulkKind, amount: string, categoryCode: string): BulkAction | string {
  const number = Number(amount.replace(/\./g, '').replace(',', '.'));
  if (kind === 'pricePercent')
    return Number.isFinite(number) && number !== 0
      ? { kind, percent: number }
      : 'Informe o percentual (ex.: 10 ou -5).';
  if (kind === 'priceValue')
    return Number.isFinite(number) && number !== 0
      ? { kind, cents: Math.round(number * 100) }
      : 'Informe o valor em reais (ex.: 2,50 ou -1).';
  if (kind === 'category') return { kind, categoryCode: categoryCode || null };
  return { kind };
}

function describe(action: BulkAction, count: number, categories: ConsoleCategory[]): string {
  const products = `${count} produto(s)`;
  switch (action.kind) {
    case 'pricePercent':
      return `${action.percent > 0 ? 'Aumentar' : 'Reduzir'} em ${Math.abs(action.percent)}% todos os preços de ${products}?`;
    case 'priceValue':
      return `${action.cents > 0 ? 'Somar' : 'Tirar'} ${formatBRL(Math.abs(action.cents))} de todos os preços de ${products}?`;
    case 'activate':
      return `Ativar ${products}?`;
    case 'deactivate':
      return `Desativar ${products}? Eles aparecem como indisponíveis na loja.`;
    case 'category': {
      const name = categories.find((c) => c.code === action.categoryCode)?.name ?? 'sem categoria';
      return `Mover ${products} para ${name}?`;
    }
  }
}

export function BulkEdit({
  shop,
  selected,
  categories,
  onDone,
  children,
}: {
  shop: string;
  /** The codes of the selected products. */
  selected: Set<string>;
  categories: ConsoleCategory[];
  /** After a change was applied (the selection is cleared). */
  onDone: () => void;
  /** Other actions on the selection, at the bar's end (the stock adjustment). */
  children?: ReactNode;
}) {
  const [kind, setKind] = useState<BulkKind>('pricePercent');
  const [amount, setAmount] = useState('');
  const [categoryCode, setCategoryCode] = useState('');
  const [confirming, setConfirming] = useState<BulkAction | null>(null);
  const bulk = useBulkEdit(shop);
  return (
    <>
      <div className="catalog-bulk" aria-label="Alterar selecionados">
        <span>{selected.size} selecionado(s)</span>
        <label className="field">
          <span className="field__label">Ação</span>
          <select
            aria-label="Ação"
            className="field__control"
            value={kind}
            onChange={(e) => setKind(e.target.value as BulkKind)}
          >
            {(Object.keys(BULK_LABELS) as BulkKind[]).map((k) => (
              <option key={k} value={k}>
                {BULK_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        {(kind === 'pricePercent' || kind === 'priceValue') && (
          <label className="field">
            <span className="field__label">{kind === 'pricePercent' ? 'Percentual' : 'Valor (R$)'}</span>
            <input
              aria-label={kind === 'pricePercent' ? 'Percentual' : 'Valor (R$)'}
              className="field__control"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              placeholder={kind === 'pricePercent' ? '10 ou -5' : '2,50 ou -1'}
            />
          </label>
        )}
        {kind === 'category' && (
          <label className="field">
            <span className="field__label">Categoria de destino</span>
            <select
              aria-label="Categoria de destino"
              className="field__control"
              value={categoryCode}
              onChange={(e) => setCategoryCode(e.target.value)}
            >
              <option value="">Sem categoria</option>
              {categories.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <button
          type="button"
          className="button"
          disabled={selected.size === 0 || bulk.isPending}
          onClick={() => {
            const action = actionOf(kind, amount, categoryCode);
            if (typeof action === 'string') showToast(action, { variant: 'error' });
            else setConfirming(action);
          }}
        >
          Aplicar aos selecionados
        </button>
        {children}
      </div>

      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        size="sm"
        title="Confirmar alteração"
        footer={
          <>
            <button type="button" className="button button--outline" onClick={() => setConfirming(null)}>
              Cancelar
            </button>
            <button
              type="button"
              className="button"
              disabled={bulk.isPending}
              onClick={() =>
                confirming &&
                bulk.mutate(
                  { codes: [...selected], action: confirming },
                  {
                    onSuccess: (result) => {
                      showToast(`${result.changed} de ${result.selected} produto(s) alterado(s).`, {
                        variant: 'success',
                      });
                      setConfirming(null);
                      onDone();
                    },
                    onError: (error) => showToast(errorText(error), { variant: 'error' }),
                  },
                )
              }
            >
              Confirmar
            </button>
          </>
        }
      >
        <p>{confirming && describe(confirming, selected.size, categories)}</p>
      </Modal>
    </>
  );
}
