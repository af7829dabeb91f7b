/**
 * A coupon's form (new or edit) on the contract's schema: each field shows the server's own pt-BR message; the
 * discount is typed as R$ for a fixed coupon and as a whole percentage otherwise; blank limits and dates mean none.
 */
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  COUPON_KIND_LABELS,
  COUPON_KINDS,
  couponBody,
  type ConsoleCoupon,
  type CouponBody,
} from '@vitrine/contracts/console-coupons';
import { showToast } from '../../../stores/toast-store';
import { SelectField } from '../../../components/form-field';
import { useSaveCoupon } from '../api/rules';
import { FormText, WholeNumberField } from '../../components/form-fields';
import { MoneyField } from '../../components/money-field';
import { SaveBar } from '../../components/save-bar';
import { DateField } from '../../components/date-field';

export function bodyOfCoupon(c: ConsoleCoupon): CouponBody {
  const { id: _id, uses: _uses, ...body } = c;
  return body;
}

const EMPTY: CouponBody = {
  code: '',
  kind: 'percentage',
  value: 10,
  minOrderCents: 0,
  validFrom: null,
  validUntil: null,
  usageLimit: null,
  perCustomerLimit: null,
  firstOrderOnly: false,
  active: true,
};

type Field = { control: Control<CouponBody>; label: string; hint?: string };

function CouponDate({ control, name, label }: Field & { name: 'validFrom' | 'validUntil' }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          label={label}
          hint="Em branco: sem data."
          value={field.value ?? ''}
          onValue={(value) => field.onChange(value === '' ? null : value)}
          onBlur={field.onBlur}
          error={fieldState.error?.message ?? null}
        />
      )}
    />
  );
}

function Toggle({
  control,
  name,
  label,
}: {
  control: Control<CouponBody>;
  name: 'firstOrderOnly' | 'active';
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <label className="settings-toggle">
          <input type="checkbox" checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
          {label}
        </label>
      )}
    />
  );
}

export function CouponForm({
  shop,
  coupon,
  onDone,
}: {
  shop: string;
  coupon: ConsoleCoupon | null;
  onDone: () => void;
}) {
  const save = useSaveCoupon(shop);
  const form = useForm<CouponBody>({
    resolver: zodResolver(couponBody),
    defaultValues: coupon ? bodyOfCoupon(coupon) : EMPTY,
  });
  const { control } = form;
  const kind = useWatch({ control, name: 'kind' });
  return (
    <form
      className="console-form sales-form"
      noValidate
      onSubmit={form.handleSubmit((body) =>
        save.mutate(
          { id: coupon?.id ?? null, body },
          {
            onSuccess: (saved) => {
              showToast(coupon ? `Cupom ${saved.code} salvo.` : `Cupom ${saved.code} criado.`, {
                variant: 'success',
              });
              onDone();
            },
          },
        ),
      )}
    >
      <FormText
        control={control}
        name="code"
        label="Código"
        autoComplete="off"
        hint="O que o cliente digita, por exemplo BEMVINDO10."
      />
      <div className="console-form-row">
        <Controller
          control={control}
          name="kind"
          render={({ field }) => (
            <SelectField
              label="Tipo de desconto"
              value={field.value}
              onValue={(value) => {
                field.onChange(value);
                form.setValue('value', value === 'fixed' ? 1000 : 10);
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
        {kind === 'fixed' ? (
          <MoneyField control={control} name="value" label="Desconto (R$)" />
        ) : (
          <WholeNumberField control={control} name="value" label="Desconto (%)" />
        )}
      </div>
      <MoneyField
        control={control}
        name="minOrderCents"
        label="Pedido mínimo (R$)"
        hint="Valor dos itens a partir do qual o cupom vale; 0,00 para qualquer pedido."
      />
      <div className="console-form-row">
        <CouponDate control={control} name="validFrom" label="Válido a partir de" />
        <CouponDate control={control} name="validUntil" label="Válido até" />
      </div>
      <div className="console-form-row">
        <WholeNumberField
          control={control}
          name="usageLimit"
          label="Limite de usos"
          hint="Em branco: sem limite."
        />
        <WholeNumberField
          control={control}
          name="perCustomerLimit"
          label="Limite por cliente"
          hint="Em branco: sem limite."
        />
      </div>
      <Toggle control={control} name="firstOrderOnly" label="Só na primeira compra do cliente" />
      <Toggle control={control} name="active" label="Ativo" />
      <SaveBar call={save} label={coupon ? 'Salvar cupom' : 'Criar cupom'} onCancel={onDone} />
    </form>
  );
}
