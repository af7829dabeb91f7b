/**
 * The editor's lists: cluster highlights (one text each), specifications (name and values, values separated by
 * ';') and subscription offers (recurrence and frequency). Rows are added and removed with buttons.
 */
import { Controller, useFieldArray, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import type { ProductInputDraft } from '@vitrine/contracts/console-catalog';
import { RecurrenceType } from '@vitrine/contracts/enums';
import { TextField } from '../../../components/form-field';
import { FormText, WholeNumberField } from '../../components/form-fields';

type Props = { control: Control<ProductInputDraft> };

const RECURRENCES: [number, string][] = [
  [RecurrenceType.Daily, 'Diária'],
  [RecurrenceType.Weekly, 'Semanal'],
  [RecurrenceType.Monthly, 'Mensal'],
  [RecurrenceType.Yearly, 'Anual'],
];

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="button button--outline editor-row__remove"
      aria-label={label}
      onClick={onClick}
    >
      Remover
    </button>
  );
}

export function HighlightsEditor({
  control,
  setValue,
}: Props & { setValue: UseFormSetValue<ProductInputDraft> }) {
  // Highlights are plain strings, which a field array cannot key: the rows are the list's indexes.
  const list = useWatch({ control, name: 'clusterHighlights' });
  const set = (next: string[]) => setValue('clusterHighlights', next, { shouldDirty: true });
  return (
    <fieldset className="console-card editor-list">
      <legend>Destaques</legend>
      <p className="console-muted">Selos curtos mostrados no produto (ex.: Orgânico, Sem glúten).</p>
      {list.map((_, index) => (
        <div key={index} className="editor-row">
          <FormText control={control} name={`clusterHighlights.${index}`} label={`Destaque ${index + 1}`} />
          <RemoveButton
            label={`Remover destaque ${index + 1}`}
            onClick={() => set(list.filter((__, i) => i !== index))}
          />
        </div>
      ))}
      <button type="button" className="button button--outline" onClick={() => set([...list, ''])}>
        Adicionar destaque
      </button>
    </fieldset>
  );
}

export function SpecificationsEditor({ control }: Props) {
  const list = useFieldArray({ control, name: 'specifications' });
  return (
    <fieldset className="console-card editor-list">
      <legend>Especificações</legend>
      {list.fields.map((row, index) => (
        <div key={row.id} className="editor-row">
          <FormText control={control} name={`specifications.${index}.name`} label="Nome" />
          <Controller
            control={control}
            name={`specifications.${index}.values`}
            render={({ field, fieldState }) => (
              <TextField
                label="Valores"
                hint="Separe vários com ;"
                value={field.value.join(';')}
                onValue={(text) => field.onChange(text.split(';'))}
                onBlur={field.onBlur}
                error={fieldState.error?.message ?? null}
              />
            )}
          />
          <RemoveButton label={`Remover especificação ${index + 1}`} onClick={() => list.remove(index)} />
        </div>
      ))}
      <button
        type="button"
        className="button button--outline"
        onClick={() => list.append({ name: '', values: [''] })}
      >
        Adicionar especificação
      </button>
    </fieldset>
  );
}

export function SubscriptionsEditor({ control }: Props) {
  const list = useFieldArray({ control, name: 'subscriptionOffers' });
  return (
    <fieldset className="console-card editor-list">
      <legend>Assinatura</legend>
      <p className="console-muted">Ofertas para o cliente receber o produto de tempos em tempos.</p>
      {list.fields.map((row, index) => (
        <div key={row.id} className="editor-row">
          <Controller
            control={control}
            name={`subscriptionOffers.${index}.recurrenceType`}
            render={({ field }) => (
              <label className="field">
                <span className="field__label">Recorrência</span>
                <select
                  className="field__control"
                  value={field.value}
                  onChange={(e) => field.onChange(Number(e.target.value))}
                >
                  {RECURRENCES.map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </label>
            )}
          />
          <WholeNumberField
            control={control}
            name={`subscriptionOffers.${index}.frequency`}
            label="A cada (vezes a recorrência)"
          />
          <RemoveButton label={`Remover oferta ${index + 1}`} onClick={() => list.remove(index)} />
        </div>
      ))}
      <button
        type="button"
        className="button button--outline"
        onClick={() => list.append({ recurrenceType: RecurrenceType.Monthly, frequency: 1 })}
      >
        Adicionar oferta de assinatura
      </button>
    </fieldset>
  );
}
