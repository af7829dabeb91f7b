/**
 * A seller's form (Entrega › Lojas) (new or edit): the address found by its CEP, the service fee, pickup on or off with its
 * time estimate, the opening hours of each weekday, and the price tables its agents may use with the default one
 * (decision 0039). Each field shows the contract's pt-BR message.
 */
import { useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { maskCep } from '@vitrine/contracts/masks';
import { storeBody, WEEKDAY_LABELS, type Store, type StoreBody } from '@vitrine/contracts/console-delivery';
import { SelectField, TextField } from '../../../components/form-field';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { lookupCep, useWriteSeller } from '../api/delivery';
import { usePriceTables } from '../../api/price-tables';
import { CheckField, CLOCK, FormText } from '../../components/form-fields';
import { FormError } from '../../components/form-error';
import { MoneyField } from '../../components/money-field';
import { EstimateField } from './estimate-field';

const EMPTY: StoreBody = {
  name: '',
  zipCode: '',
  street: '',
  number: '',
  neighborhood: '',
  city: '',
  state: '',
  serviceFeeCents: 0,
  pickup: true,
  pickupEstimate: null,
  openingHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '08:00', closes: '18:00' })),
  priceTables: { allowed: [], defaultId: null, useDefault: false },
};
const NO_TABLES = EMPTY.priceTables!;

/** The price tables the seller's agents may use (none ticked: all), the default one and whether it applies itself. */
function PriceTables({ shop, control }: { shop: string; control: Control<StoreBody> }) {
  const tables = usePriceTables(shop);
  return (
    <Controller
      control={control}
      name="priceTables"
      render={({ field, fieldState }) => {
        const value = field.value ?? NO_TABLES;
        const set = (next: Partial<typeof value>) => field.onChange({ ...value, ...next });
        const list = tables.data?.tables ?? [];
        const choices = value.allowed.length ? list.filter((t) => value.allowed.includes(t.id)) : list;
        const error = fieldState.error as unknown as { defaultId?: { message?: string }; message?: string };
        return (
          <fieldset className="delivery-hours">
            <legend>Tabelas de preço</legend>
            {tables.isPending ? (
              <p className="console-muted">Carregando tabelas…</p>
            ) : tables.isError ? (
              <p className="field__error">{errorText(tables.error)}</p>
            ) : list.length === 0 ? (
              <p className="console-muted">
                Nenhuma tabela de preço ainda: crie as tabelas em Vendas › Tabelas de preço.
              </p>
            ) : (
              <>
                <p className="console-muted">
                  Marque as tabelas que o atendente pode usar nesta loja. Nenhuma marcada: todas.
                </p>
                {list.map((t) => (
                  <label key={t.id} className="settings-toggle">
                    <input
                      type="checkbox"
                      checked={value.allowed.includes(t.id)}
                      onChange={(e) => {
                        const allowed = e.target.checked
                          ? list.filter((x) => x.id === t.id || value.allowed.includes(x.id)).map((x) => x.id)
                          : value.allowed.filter((id) => id !== t.id);
                        const keep =
                          value.defaultId === null || !allowed.length || allowed.includes(value.defaultId);
                        set(keep ? { allowed } : { allowed, defaultId: null, useDefault: false });
                      }}
                    />
                    {t.name}
                  </label>
                ))}
                <SelectField
                  label="Tabela padrão"
                  value={value.defaultId ?? ''}
                  onValue={(id) => set(id ? { defaultId: id } : { defaultId: null, useDefault: false })}
                  error={error?.defaultId?.message ?? null}
                >
                  <option value="">Nenhuma</option>
                  {choices.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name}
                    </option>
                  ))}
                </SelectField>
                <label className="settings-toggle">
                  <input
                    type="checkbox"
                    checked={value.useDefault}
                    disabled={value.defaultId === null}
                    onChange={(e) => set({ useDefault: e.target.checked })}
                  />
                  Usar tabela padrão: aplicada ao carrinho quando o atendente escolhe esta loja
                </label>
              </>
            )}
            {error?.message && <p className="field__error">{error.message}</p>}
          </fieldset>
        );
      }}
    />
  );
}

/** One row per weekday: open or closed, and the hours when open. */
function OpeningHours({ control }: { control: Control<StoreBody> }) {
  return (
    <Controller
      control={control}
      name="openingHours"
      render={({ field, fieldState }) => {
        const hours = field.value;
        const set = (next: StoreBody['openingHours']) =>
          field.onChange([...next].sort((a, b) => a.weekday - b.weekday));
        return (
          <fieldset className="delivery-hours">
            <legend>Horário de funcionamento</legend>
            {WEEKDAY_LABELS.map((label, weekday) => {
              const index = hours.findIndex((h) => h.weekday === weekday);
              const day = hours[index];
              const error = (
                fieldState.error as unknown as { closes?: { message?: string } }[] | undefined
              )?.[index];
              return (
                <div key={label} className="delivery-hours__day">
                  <label className="settings-toggle">
                    <input
                      type="checkbox"
                      checked={day !== undefined}
                      onChange={(e) =>
                        set(
                          e.target.checked
                            ? [...hours, { weekday, opens: '08:00', closes: '18:00' }]
                            : hours.filter((h) => h.weekday !== weekday),
                        )
                      }
                    />
                    {label}
                  </label>
                  {day ? (
                    <>
                      <TextField
                        label={`Abre (${label})`}
                        {...CLOCK}
                        value={day.opens}
                        onValue={(opens) => set(hours.map((h, i) => (i === index ? { ...h, opens } : h)))}
                      />
                      <TextField
                        label={`Fecha (${label})`}
                        {...CLOCK}
                        value={day.closes}
                        onValue={(closes) => set(hours.map((h, i) => (i === index ? { ...h, closes } : h)))}
                        error={error?.closes?.message ?? null}
                      />
                    </>
                  ) : (
                    <span className="console-muted">Fechado</span>
                  )}
                </div>
              );
            })}
            {fieldState.error?.message && <p className="field__error">{fieldState.error.message}</p>}
          </fieldset>
        );
      }}
    />
  );
}

export function SellerForm({
  shop,
  seller,
  onDone,
}: {
  shop: string;
  seller: Store | null;
  onDone: () => void;
}) {
  const write = useWriteSeller(shop);
  const [searching, setSearching] = useState(false);
  const form = useForm<StoreBody>({
    resolver: zodResolver(storeBody),
    defaultValues: seller ? (({ id: _id, ...body }) => body)(seller) : EMPTY,
  });
  const pickup = useWatch({ control: form.control, name: 'pickup' });
  const findCep = async () => {
    setSearching(true);
    try {
      const found = await lookupCep(shop, form.getValues('zipCode'));
      for (const name of ['street', 'neighborhood', 'city', 'state'] as const)
        form.setValue(name, found[name] ?? '', { shouldValidate: true });
      form.clearErrors('zipCode');
      form.setFocus('number');
    } catch (error) {
      form.setError('zipCode', { message: errorText(error) });
    } finally {
      setSearching(false);
    }
  };
  return (
    <form
      className="console-form delivery-form"
      noValidate
      aria-label={seller ? `Editar ${seller.name}` : 'Nova loja'}
      onSubmit={form.handleSubmit((body) =>
        write.mutate(
          { id: seller?.id ?? null, body },
          {
            onSuccess: () => {
              showToast(`Loja ${body.name} salva.`, { variant: 'success' });
              onDone();
            },
          },
        ),
      )}
    >
      <FormText control={form.control} name="name" label="Nome da loja" />
      <div className="delivery-row">
        <Controller
          control={form.control}
          name="zipCode"
          render={({ field, fieldState }) => (
            <TextField
              label="CEP"
              inputMode="numeric"
              value={maskCep(field.value)}
              onValue={(text) => field.onChange(text.replace(/\D/g, '').slice(0, 8))}
              onBlur={field.onBlur}
              error={fieldState.error?.message ?? null}
            />
          )}
        />
        <button type="button" className="button button--outline" disabled={searching} onClick={findCep}>
          {searching ? 'Buscando…' : 'Buscar CEP'}
        </button>
      </div>
      <FormText control={form.control} name="street" label="Rua" />
      <div className="delivery-row">
        <FormText control={form.control} name="number" label="Número" />
        <FormText control={form.control} name="neighborhood" label="Bairro" />
      </div>
      <div className="delivery-row">
        <FormText control={form.control} name="city" label="Cidade" />
        <Controller
          control={form.control}
          name="state"
          render={({ field, fieldState }) => (
            <TextField
              label="UF"
              value={field.value}
              onValue={(text) => field.onChange(text.toUpperCase().slice(0, 2))}
              onBlur={field.onBlur}
              error={fieldState.error?.message ?? null}
            />
          )}
        />
      </div>
      <MoneyField
        control={form.control}
        name="serviceFeeCents"
        label="Taxa de serviço (R$)"
        hint="Somada ao pedido quando esta loja atende. 0,00: grátis."
      />
      <CheckField control={form.control} name="pickup" label="Os clientes podem retirar pedidos aqui" />
      {pickup && <EstimateField control={form.control} name="pickupEstimate" label="Prazo de retirada" />}
      <OpeningHours control={form.control} />
      <PriceTables shop={shop} control={form.control} />
      <FormError error={write.isError ? errorText(write.error) : null} />
      <div className="console-actions">
        <button type="submit" className="button button--primary" disabled={write.isPending}>
          {write.isPending ? 'Salvando…' : 'Salvar loja'}
        </button>
        <button type="button" className="button button--outline" onClick={onDone}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
