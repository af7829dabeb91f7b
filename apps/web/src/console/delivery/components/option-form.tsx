/**
 * A delivery option's form: name, time estimate, the seller that delivers, the spec §3 limits, and where it
 * delivers — neighbourhoods of a city and CEP ranges, each with its own fee.
 */
import { Controller, useFieldArray, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { maskCep } from '@vitrine/contracts/masks';
import {
  deliveryOptionBody,
  type DeliveryOption,
  type DeliveryOptionBody,
  type Store,
} from '@vitrine/contracts/console-delivery';
import { SelectField, TextField } from '../../../components/form-field';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { useWriteOption } from '../api/delivery';
import { FormText, OptionalTextField, WholeNumberField } from '../../components/form-fields';
import { FormError } from '../../components/form-error';
import { MoneyField } from '../../components/money-field';
import { EstimateField } from './estimate-field';
import { NeighbourhoodArea } from './neighbourhood-area';

const EMPTY: DeliveryOptionBody = {
  name: '',
  description: null,
  freeAboveCents: null,
  orderMinCents: null,
  maxDistinctItems: null,
  maxItems: null,
  estimate: null,
  storeId: null,
  areas: [],
};

type AreaName = `areas.${number}.${'cepFrom' | 'cepTo'}`;
function CepField({
  control,
  name,
  label,
}: {
  control: Control<DeliveryOptionBody>;
  name: AreaName;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          inputMode="numeric"
          value={maskCep(field.value ?? '')}
          onValue={(text) => field.onChange(text.replace(/\D/g, '').slice(0, 8))}
          error={fieldState.error?.message ?? null}
        />
      )}
    />
  );
}

export function DeliveryOptionForm({
  shop,
  option,
  sellers,
  onDone,
}: {
  shop: string;
  option: DeliveryOption | null;
  sellers: Store[];
  onDone: () => void;
}) {
  const write = useWriteOption(shop);
  const form = useForm<DeliveryOptionBody>({
    resolver: zodResolver(deliveryOptionBody),
    defaultValues: option ? (({ id: _id, ...body }) => body)(option) : EMPTY,
  });
  const areas = useFieldArray({ control: form.control, name: 'areas' });
  const areasError = form.formState.errors.areas?.message ?? form.formState.errors.areas?.root?.message;
  return (
    <form
      className="console-form delivery-form"
      noValidate
      aria-label={option ? `Editar ${option.name}` : 'Nova opção de entrega'}
      onSubmit={form.handleSubmit((body) =>
        write.mutate(
          { id: option?.id ?? null, body },
          {
            onSuccess: () => {
              showToast(`Opção ${body.name} salva.`, { variant: 'success' });
              onDone();
            },
          },
        ),
      )}
    >
      <FormText control={form.control} name="name" label="Nome da opção" />
      <EstimateField control={form.control} name="estimate" label="Prazo" />
      <OptionalTextField control={form.control} name="description" label="Descrição (opcional)" />
      <Controller
        control={form.control}
        name="storeId"
        render={({ field }) => (
          <SelectField
            label="Quem entrega"
            value={field.value ?? ''}
            onValue={(v) => field.onChange(v || null)}
          >
            <option value="">A própria loja</option>
            {sellers.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </SelectField>
        )}
      />
      <div className="delivery-row">
        <MoneyField
          control={form.control}
          name="orderMinCents"
          label="Pedido mínimo (R$)"
          hint="Em branco: sem mínimo."
        />
        <MoneyField
          control={form.control}
          name="freeAboveCents"
          label="Grátis a partir de (R$)"
          hint="Em branco: nunca grátis."
        />
      </div>
      <div className="delivery-row">
        <WholeNumberField
          control={form.control}
          name="maxDistinctItems"
          label="Máximo de itens distintos"
          hint="Em branco: sem limite."
        />
        <WholeNumberField
          control={form.control}
          name="maxItems"
          label="Máximo de itens"
          hint="Em branco: sem limite."
        />
      </div>
      <fieldset className="delivery-areas">
        <legend>Onde entrega (cada área com sua taxa)</legend>
        {areas.fields.map((area, index) => (
          <div key={area.id} className="delivery-area">
            {area.kind === 'neighborhood' ? (
              <NeighbourhoodArea shop={shop} form={form} index={index} />
            ) : (
              <>
                <CepField control={form.control} name={`areas.${index}.cepFrom`} label="CEP inicial" />
                <CepField control={form.control} name={`areas.${index}.cepTo`} label="CEP final" />
              </>
            )}
            <MoneyField control={form.control} name={`areas.${index}.feeCents`} label="Taxa (R$)" />
            <button type="button" className="button button--outline" onClick={() => areas.remove(index)}>
              Remover<span className="console-visually-hidden"> área {index + 1}</span>
            </button>
          </div>
        ))}
        {areasError && (
          <p className="field__error" role="alert">
            {areasError}
          </p>
        )}
        <div className="console-actions">
          <button
            type="button"
            className="button button--outline"
            onClick={() => areas.append({ kind: 'neighborhood', neighborhood: '', city: '', feeCents: 0 })}
          >
            Adicionar bairro
          </button>
          <button
            type="button"
            className="button button--outline"
            onClick={() => areas.append({ kind: 'cep', cepFrom: '', cepTo: '', feeCents: 0 })}
          >
            Adicionar faixa de CEP
          </button>
        </div>
      </fieldset>
      <FormError error={write.isError ? errorText(write.error) : null} />
      <div className="console-actions">
        <button type="submit" className="button button--primary" disabled={write.isPending}>
          {write.isPending ? 'Salvando…' : 'Salvar opção'}
        </button>
        <button type="button" className="button button--outline" onClick={onDone}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
