/**
 * A gift tier's form: its name, the order value it starts at, how many gifts the customer chooses and the
 * products offered — found by name or code in the catalogue and listed in the order the cart shows them.
 */
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { giftTierBody, type ConsoleGiftTier, type GiftTierBody } from '@vitrine/contracts/console-gifts';
import { showToast } from '../../../stores/toast-store';
import { SelectField, TextField } from '../../../components/form-field';
import { errorText } from '../../api/console-api';
import { useProductPage } from '../../api/products';
import { useSaveGiftTier } from '../api/rules';
import { FormText } from '../../components/form-fields';
import { MoneyField } from '../../components/money-field';
import { SaveBar } from '../../components/save-bar';

const CHOICES = Array.from({ length: 10 }, (_, i) => i + 1);

/** The catalogue's active products matching `q`, each with an 'Adicionar' button unless chosen already. */
function ProductSearch({
  shop,
  chosen,
  onAdd,
}: {
  shop: string;
  chosen: string[];
  onAdd: (product: { code: string; name: string }) => void;
}) {
  const [q, setQ] = useState('');
  const page = useProductPage(shop, { q: q.trim(), category: '', brand: '', active: 'true' }, null);
  const found = (page.data?.products ?? []).filter((p) => !chosen.includes(p.code)).slice(0, 8);
  return (
    <div className="gift-search">
      <TextField label="Buscar produto" type="search" value={q} onValue={setQ} hint="Nome ou código." />
      {page.isError ? (
        <p className="field__error">{errorText(page.error)}</p>
      ) : (
        <ul className="gift-search__results" aria-label="Produtos encontrados">
          {found.map((p) => (
            <li key={p.code}>
              <span>
                {p.name} <span className="console-muted">({p.code})</span>
              </span>
              <button
                type="button"
                className="button button--outline"
                onClick={() => onAdd({ code: p.code, name: p.name })}
              >
                Adicionar <span className="console-visually-hidden">{p.name}</span>
              </button>
            </li>
          ))}
          {page.isSuccess && found.length === 0 && (
            <li className="console-muted">
              {page.data.products.length > 0
                ? 'Os produtos encontrados já estão na faixa.'
                : 'Nenhum produto encontrado.'}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

export function GiftTierForm({
  shop,
  tier,
  onDone,
}: {
  shop: string;
  tier: ConsoleGiftTier | null;
  onDone: () => void;
}) {
  const save = useSaveGiftTier(shop);
  const [names, setNames] = useState(() => new Map(tier?.products.map((p) => [p.code, p.name]) ?? []));
  const form = useForm<GiftTierBody>({
    resolver: zodResolver(giftTierBody),
    defaultValues: tier
      ? {
          name: tier.name,
          minOrderCents: tier.minOrderCents,
          availableQuantity: tier.availableQuantity,
          productCodes: tier.products.map((p) => p.code),
        }
      : { name: '', minOrderCents: 5000, availableQuantity: 1, productCodes: [] },
  });
  const { control } = form;
  const codes = useWatch({ control, name: 'productCodes' });
  const setCodes = (next: string[]) => form.setValue('productCodes', next, { shouldValidate: true });
  return (
    <form
      className="console-form sales-form"
      noValidate
      onSubmit={form.handleSubmit((body) =>
        save.mutate(
          { id: tier?.id ?? null, body },
          {
            onSuccess: (saved) => {
              showToast(`Brinde “${saved.name}” salvo.`, { variant: 'success' });
              onDone();
            },
          },
        ),
      )}
    >
      <FormText
        control={control}
        name="name"
        label="Nome"
        hint="O cliente vê, por exemplo: Mimo acima de R$ 50."
      />
      <div className="console-form-row">
        <MoneyField
          control={control}
          name="minOrderCents"
          label="A partir de (R$)"
          hint="Valor dos itens do pedido."
        />
        <Controller
          control={control}
          name="availableQuantity"
          render={({ field }) => (
            <SelectField
              label="Cliente escolhe"
              value={field.value}
              onValue={(value) => field.onChange(Number(value))}
            >
              {CHOICES.map((n) => (
                <option key={n} value={n}>
                  {n} {n === 1 ? 'brinde' : 'brindes'}
                </option>
              ))}
            </SelectField>
          )}
        />
      </div>
      <fieldset className="console-choices">
        <legend>Produtos oferecidos</legend>
        {codes.length === 0 ? (
          <p className="console-muted">Nenhum produto ainda: busque abaixo.</p>
        ) : (
          <ol className="gift-products__list">
            {codes.map((code) => (
              <li key={code}>
                <span>{names.get(code) ?? code}</span>
                <button
                  type="button"
                  className="button button--outline"
                  onClick={() => setCodes(codes.filter((c) => c !== code))}
                >
                  Remover <span className="console-visually-hidden">{names.get(code) ?? code}</span>
                </button>
              </li>
            ))}
          </ol>
        )}
        {form.formState.errors.productCodes && (
          <p className="field__error" role="alert">
            {form.formState.errors.productCodes.message ?? form.formState.errors.productCodes.root?.message}
          </p>
        )}
        <ProductSearch
          shop={shop}
          chosen={codes}
          onAdd={(product) => {
            setNames((current) => new Map(current).set(product.code, product.name));
            setCodes([...codes, product.code]);
          }}
        />
      </fieldset>
      <SaveBar call={save} label={tier ? 'Salvar brinde' : 'Criar brinde'} onCancel={onDone} />
    </form>
  );
}
