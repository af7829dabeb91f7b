/**
 * The product's own fields: names and codes, category, description, prices, sale and delivery rules and the
 * kilo fields (shown when the product is sold by the kilo; folded on a phone).
 */
import { useState } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import type { ConsoleCategory } from '@vitrine/contracts/console-catalog-api';
import type { ProductInputDraft } from '@vitrine/contracts/console-catalog';
import { SelectField, TextField } from '../../../components/form-field';
import { withDepth } from './categories';
import { CheckField, FormText, OptionalTextField } from '../../components/form-fields';
import { MoneyField } from '../../components/money-field';
import { RichTextField } from './rich-text-field';
import { EditorFold } from './editor-fold';

type Props = { control: Control<ProductInputDraft> };

export function ProductFields({
  control,
  editing,
  categories,
}: Props & { editing: boolean; categories: ConsoleCategory[] }) {
  const [soldInKilo, restricted] = useWatch({ control, name: ['soldInKilo', 'hasShippingRestriction'] });
  return (
    <>
      <fieldset className="console-card editor-grid">
        <legend>Produto</legend>
        <FormText control={control} name="name" label="Nome" className="editor-grid__wide" />
        <FormText
          control={control}
          name="code"
          label="Código"
          hint={
            editing
              ? 'O código liga o produto aos pedidos e não muda.'
              : 'Gerado a partir do nome; pode mudar. Aparece no endereço do produto.'
          }
          disabled={editing}
        />
        <FormText
          control={control}
          name="sku"
          label="SKU"
          hint={editing ? 'Único na loja.' : 'Gerado a partir do nome; pode mudar. Único na loja.'}
        />
        <OptionalTextField control={control} name="brandName" label="Marca" />
        <OptionalTextField control={control} name="sellerName" label="Vendido e entregue por" />
        <Controller
          control={control}
          name="categoryCode"
          render={({ field, fieldState }) => (
            <SelectField
              label="Categoria"
              value={field.value ?? ''}
              onValue={(value) => field.onChange(value || null)}
              error={fieldState.error?.message ?? null}
            >
              <option value="">Sem categoria</option>
              {withDepth(categories).map((c) => (
                <option key={c.code} value={c.code}>
                  {'— '.repeat(c.depth)}
                  {c.name}
                </option>
              ))}
            </SelectField>
          )}
        />
        <div className="editor-grid__wide">
          <RichTextField control={control} name="description" label="Descrição" />
        </div>
        <CheckField control={control} name="isActive" label="Ativo (à venda na loja)" />
      </fieldset>

      <fieldset className="console-card editor-grid">
        <legend>Preços</legend>
        <MoneyField control={control} name="priceCents" label="Preço (R$)" />
        <MoneyField
          control={control}
          name="listPriceCents"
          label="Preço de tabela (R$)"
          hint="O “de” riscado; vazio: o preço."
        />
        <MoneyField control={control} name="promotionalPriceCents" label="Preço promocional (R$)" />
        <OptionalTextField
          control={control}
          name="offerDescription"
          label="Texto da oferta"
          hint="Ex.: Leve 3, pague 2"
        />
      </fieldset>

      <EditorFold title="Venda e entrega" note={saleNote(restricted, soldInKilo)}>
        <fieldset className="console-card editor-grid">
          <legend>Venda e entrega</legend>
          <CheckField control={control} name="isRestrictedSale" label="Venda restrita (ex.: +18)" />
          <CheckField control={control} name="hasShippingRestriction" label="Restrição de entrega" />
          {restricted && (
            <OptionalTextField
              control={control}
              name="shippingRestrictionMessage"
              label="Mensagem da restrição de entrega"
            />
          )}
          <CheckField control={control} name="soldInKilo" label="Vendido por quilo" />
          {soldInKilo && (
            <>
              <Controller
                control={control}
                name="amountInKilo"
                render={({ field, fieldState }) => (
                  <KiloInput
                    value={field.value}
                    onValue={field.onChange}
                    error={fieldState.error?.message ?? null}
                  />
                )}
              />
              <MoneyField control={control} name="kilogramPriceCents" label="Preço por kg (R$)" />
            </>
          )}
        </fieldset>
      </EditorFold>
    </>
  );
}

/** What 'Venda e entrega' holds, said on its fold. */
const saleNote = (restricted: boolean, soldInKilo: boolean) =>
  [soldInKilo && 'vendido por quilo', restricted && 'com restrição de entrega'].filter(Boolean).join(', ') ||
  'por unidade, sem restrições';

/** Kilos per step typed with a comma ('0,5'); kept as a number (NaN when not one: the contract refuses it). */
function KiloInput({
  value,
  onValue,
  error,
}: {
  value: number | null;
  onValue: (value: number | null) => void;
  error: string | null;
}) {
  const [text, setText] = useState(value === null ? '' : String(value).replace('.', ','));
  return (
    <TextField
      label="Quantidade por passo (kg)"
      hint="Ex.: 0,5 para meio quilo"
      inputMode="decimal"
      value={text}
      onValue={(next) => {
        setText(next);
        onValue(next.trim() === '' ? null : Number(next.trim().replace(',', '.')));
      }}
      error={error}
    />
  );
}
