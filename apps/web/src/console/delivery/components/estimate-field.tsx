/**
 * A delivery or pickup estimate chosen, not typed (issue 38 item 9): 'Sem prazo', 'No mesmo dia', or within a
 * number of hours, days or working days. The form keeps its one canonical sentence (delivery-estimate.ts), so the
 * checkout reads 'No mesmo dia' or 'Em até 2 dias úteis' — never 'Em até No mesmo dia'. A text typed before
 * estimates were structured is shown as it was until a choice replaces it.
 */
import { useState } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import {
  estimateText,
  readEstimate,
  type DeliveryEstimate,
  type EstimateUnit,
} from '@vitrine/contracts/delivery-estimate';
import { SelectField, TextField } from '../../../components/form-field';

type Kind = '' | DeliveryEstimate['kind'];
const AMOUNT_LABEL: Record<EstimateUnit, string> = {
  hours: 'Quantas horas',
  days: 'Quantos dias',
  businessDays: 'Quantos dias úteis',
};

function EstimateInputs({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string | null;
  error: string | null;
  onChange: (text: string | null) => void;
}) {
  const read = readEstimate(value);
  const [kind, setKind] = useState<Kind>(read?.kind ?? '');
  const [amount, setAmount] = useState(read && read.kind !== 'sameDay' ? String(read.amount) : '1');
  const compose = (next: Kind, nextAmount: string) => {
    setKind(next);
    setAmount(nextAmount);
    if (next === '') return onChange(null);
    if (next === 'sameDay') return onChange(estimateText({ kind: next }));
    const n = Number(nextAmount.trim());
    // A number that is not one stays in the text, so the contract refuses it at the field.
    onChange(
      Number.isInteger(n) && n >= 1 ? estimateText({ kind: next, amount: n }) : `${nextAmount} ${next}`,
    );
  };
  return (
    <div className="delivery-row">
      <SelectField
        label={label}
        value={kind}
        onValue={(next) => compose(next as Kind, amount)}
        hint={!read && value ? `Prazo anterior: “${value}”. Escolha um prazo.` : undefined}
        error={error}
      >
        <option value="">Sem prazo</option>
        <option value="sameDay">No mesmo dia</option>
        <option value="hours">Em até … horas</option>
        <option value="days">Em até … dias</option>
        <option value="businessDays">Em até … dias úteis</option>
      </SelectField>
      {kind !== '' && kind !== 'sameDay' && (
        <TextField
          label={AMOUNT_LABEL[kind]}
          inputMode="numeric"
          value={amount}
          onValue={(text) => compose(kind, text)}
        />
      )}
    </div>
  );
}

export function EstimateField<T extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <EstimateInputs
          label={label}
          value={(field.value as string | null) ?? null}
          error={fieldState.error?.message ?? null}
          onChange={field.onChange}
        />
      )}
    />
  );
}
