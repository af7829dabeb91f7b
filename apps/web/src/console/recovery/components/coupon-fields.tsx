/**
 * Recuperação › the second cart reminder's coupon: on or off, percentage or fixed value, validity in hours or days,
 * and the line with {cupom} that goes under the reminder's text. Each field shows the contract's pt-BR refusal.
 */
import { useState } from 'react';
import { Controller, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { COUPON_KIND_LABELS, COUPON_KINDS } from '@vitrine/contracts/console-coupons';
import { DEFAULT_RECOVERY_COUPON, type RecoveryRule } from '@vitrine/contracts/console-recovery';
import { SelectField, TextAreaField, TextField } from '../../../components/form-field';
import { WholeNumberField } from '../../components/form-fields';
import { MoneyField } from '../../components/money-field';

type Props = { control: Control<RecoveryRule>; setValue: UseFormSetValue<RecoveryRule> };

/** Whole days when the hours are a multiple of 24 (48 → 2 dias), else hours. */
const unitOf = (hours: number | null | undefined) =>
  typeof hours === 'number' && hours > 0 && hours % 24 === 0 ? 'days' : 'hours';

/** The validity typed in hours or days; the rule keeps hours (NaN for text that is not a whole number). */
function ValidityField({ control }: Pick<Props, 'control'>) {
  return (
    <Controller
      control={control}
      name="secondCoupon.validHours"
      render={({ field, fieldState }) => (
        <ValidityInput
          hours={field.value}
          onHours={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message ?? null}
        />
      )}
    />
  );
}

function ValidityInput(props: {
  hours: number;
  onHours: (hours: number) => void;
  onBlur: () => void;
  error: string | null;
}) {
  const [unit, setUnit] = useState(() => unitOf(props.hours));
  const factor = unit === 'days' ? 24 : 1;
  const [text, setText] = useState(() => (Number.isFinite(props.hours) ? String(props.hours / factor) : ''));
  const hoursOf = (value: string, f: number) => (/^\d+$/.test(value.trim()) ? Number(value) * f : Number.NaN);
  return (
    <div className="recovery-form__row">
      <TextField
        label="Validade do cupom"
        inputMode="numeric"
        value={text}
        onValue={(value) => {
          setText(value);
          props.onHours(hoursOf(value, factor));
        }}
        onBlur={props.onBlur}
        error={props.error}
      />
      <SelectField
        label="Unidade da validade"
        value={unit}
        onValue={(value) => {
          const next = value === 'days' ? 'days' : 'hours';
          setUnit(next);
          props.onHours(hoursOf(text, next === 'days' ? 24 : 1));
        }}
      >
        <option value="hours">horas</option>
        <option value="days">dias</option>
      </SelectField>
    </div>
  );
}

export function SecondCouponFields({ control, setValue }: Props) {
  const coupon = useWatch({ control, name: 'secondCoupon' });
  return (
    <fieldset className="recovery-form__group">
      <legend>Cupom no segundo lembrete</legend>
      <label className="settings-toggle">
        <input
          type="checkbox"
          name="secondCouponOn"
          checked={coupon !== null}
          onChange={(e) =>
            setValue('secondCoupon', e.target.checked ? DEFAULT_RECOVERY_COUPON : null, {
              shouldValidate: true,
            })
          }
        />
        Oferecer um cupom no segundo lembrete
      </label>
      {coupon && (
        <>
          <p className="console-muted">
            Um cupom por cliente, criado quando o lembrete sai: vale uma vez, só para esse cliente, até o fim
            da validade. O primeiro lembrete nunca leva cupom.
          </p>
          <div className="recovery-form__row">
            <Controller
              control={control}
              name="secondCoupon.kind"
              render={({ field }) => (
                <SelectField
                  label="Tipo de desconto"
                  value={field.value}
                  onValue={(value) => {
                    field.onChange(value);
                    setValue('secondCoupon.value', value === 'fixed' ? 1000 : 10);
                  }}
                >
                  {COUPON_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {COUPON_KIND_LABELS[k]}
                    </option>
                  ))}
                </SelectField>
              )}
            />
            {coupon.kind === 'fixed' ? (
              <MoneyField control={control} name="secondCoupon.value" label="Desconto (R$)" />
            ) : (
              <WholeNumberField control={control} name="secondCoupon.value" label="Desconto (%)" />
            )}
          </div>
          <ValidityField control={control} />
          <Controller
            control={control}
            name="secondCoupon.text"
            render={({ field, fieldState }) => (
              <TextAreaField
                label="Texto do cupom"
                rows={2}
                maxLength={300}
                hint="Vai logo abaixo da mensagem do segundo lembrete. Use {cupom} (o código, obrigatório), {desconto} e {validade} (data e hora, no horário da loja)."
                value={field.value}
                onValue={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message ?? null}
              />
            )}
          />
        </>
      )}
    </fieldset>
  );
}
