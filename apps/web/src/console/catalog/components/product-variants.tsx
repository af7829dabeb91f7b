/**
 * Variações: the attributes (Tamanho, Cor…) with their options (added, removed, renamed; redirectable or not) and
 * the grid of their combinations, each row with its SKU, price, promotional price, availability and photo. The
 * grid follows the options at once (product-variants-model.ts) and keeps what was typed in its rows.
 */
import {
  Controller,
  useFormState,
  useWatch,
  type Control,
  type FieldError,
  type UseFormSetValue,
} from 'react-hook-form';
import { variantCode, type ProductInputDraft } from '@vitrine/contracts/console-catalog';
import type { StockUnit } from '@vitrine/contracts/console-stock';
import { TextField } from '../../../components/form-field';
import { FormText } from '../../components/form-fields';
import { MoneyField } from '../../components/money-field';
import { stockAmount } from '../../components/stock-amount';
import { useProductStock } from '../api/stock';
import { renameInVariants, syncVariants, variantLabel } from './product-variants-model';
import { unitOfVariant } from './stock-model';

type Attribute = ProductInputDraft['attributes'][number];
type Variant = ProductInputDraft['variants'][number];
type Props = {
  shop: string;
  /** the saved product's code (null while new): its variants' stock */
  code: string | null;
  control: Control<ProductInputDraft>;
  setValue: UseFormSetValue<ProductInputDraft>;
  /** the saved product's photos, for a variant's own photo */
  photos: { url: string }[];
};
const MAX_ATTRIBUTES = 3;

type Errors = { message?: string; root?: { message?: string } } & Record<string, unknown>;
const messageOf = (error: unknown) =>
  (error as Errors | undefined)?.message ?? (error as Errors | undefined)?.root?.message ?? null;

export function ProductVariants({ shop, code, control, setValue, photos }: Props) {
  const [attributes, variants, sku, priceCents] = useWatch({
    control,
    name: ['attributes', 'variants', 'sku', 'priceCents'],
  });
  const { errors } = useFormState({ control });
  const attributeErrors = errors.attributes as unknown as (Record<string, FieldError & Errors> | undefined)[];

  /** Sets the attributes and the grid that follows them (after renaming in the rows). */
  const apply = (next: Attribute[], rows: Variant[] = variants) => {
    setValue('attributes', next, { shouldDirty: true });
    setValue('variants', syncVariants(next, rows, { sku, priceCents }), { shouldDirty: true });
  };
  const change = (index: number, attribute: Attribute) =>
    apply(attributes.map((a, i) => (i === index ? attribute : a)));

  return (
    <fieldset className="console-card variants">
      <legend>Variações</legend>
      <p className="console-muted">
        Cada combinação das opções vira uma variação (ex.: Tamanho × Cor). Opção redirecionável: escolhê-la na
        loja leva à variação com essa opção.
      </p>
      {attributes.map((attribute, index) => {
        const error = attributeErrors?.[index];
        return (
          <div key={index} className="variants__attribute">
            <div className="editor-row">
              <TextField
                label={`Atributo ${index + 1}`}
                placeholder="Tamanho"
                value={attribute.name}
                error={messageOf(error?.name)}
                onValue={(name) =>
                  apply(
                    attributes.map((a, i) => (i === index ? { ...a, name } : a)),
                    renameInVariants(variants, attribute.name, { attribute: name }),
                  )
                }
              />
              <button
                type="button"
                className="button button--outline editor-row__remove"
                onClick={() => apply(attributes.filter((_, i) => i !== index))}
              >
                Remover atributo
              </button>
            </div>
            <ul className="variants__options" aria-label={`Opções de ${attribute.name || 'atributo'}`}>
              {attribute.options.map((option, o) => {
                const optionErrors = (error?.options as unknown as Record<string, Errors>[] | undefined)?.[o];
                return (
                  <li key={o} className="editor-row">
                    <TextField
                      label={`Opção ${o + 1}`}
                      value={option.name}
                      error={messageOf(optionErrors?.name)}
                      onValue={(name) => {
                        const next = attributes.map((a, i) =>
                          i === index
                            ? { ...a, options: a.options.map((x, j) => (j === o ? { ...x, name } : x)) }
                            : a,
                        );
                        apply(
                          next,
                          renameInVariants(variants, attribute.name, {
                            option: { from: option.name, to: name },
                            sku: { product: sku, before: attributes, after: next },
                          }),
                        );
                      }}
                    />
                    <label className="settings-toggle">
                      <input
                        type="checkbox"
                        checked={option.redirectable ?? false}
                        onChange={(e) =>
                          change(index, {
                            ...attribute,
                            options: attribute.options.map((x, j) =>
                              j === o ? { ...x, redirectable: e.target.checked } : x,
                            ),
                          })
                        }
                      />
                      Redirecionável
                    </label>
                    <button
                      type="button"
                      className="button button--outline editor-row__remove"
                      aria-label={`Remover opção ${option.name || o + 1}`}
                      onClick={() =>
                        change(index, { ...attribute, options: attribute.options.filter((_, j) => j !== o) })
                      }
                    >
                      Remover
                    </button>
                  </li>
                );
              })}
            </ul>
            {messageOf(error?.options) && <p className="field__error">{messageOf(error?.options)}</p>}
            <button
              type="button"
              className="button button--outline"
              onClick={() =>
                change(index, {
                  ...attribute,
                  options: [...attribute.options, { name: '', redirectable: false }],
                })
              }
            >
              Adicionar opção {attribute.name ? `de ${attribute.name}` : ''}
            </button>
          </div>
        );
      })}
      {messageOf(errors.attributes) && <p className="field__error">{messageOf(errors.attributes)}</p>}
      {attributes.length < MAX_ATTRIBUTES && (
        <button
          type="button"
          className="button button--outline"
          onClick={() => apply([...attributes, { name: '', options: [] }])}
        >
          Adicionar atributo
        </button>
      )}
      {messageOf(errors.variants) && <p className="field__error">{messageOf(errors.variants)}</p>}
      {variants.length > 0 && <VariantGrid {...{ shop, code, control, attributes, variants, photos }} />}
    </fieldset>
  );
}

function VariantGrid({
  shop,
  code,
  control,
  attributes,
  variants,
  photos,
}: Omit<Props, 'setValue'> & { attributes: Attribute[]; variants: Variant[] }) {
  const { errors } = useFormState({ control });
  const units = useProductStock(shop, code).data?.units ?? [];
  return (
    <div
      className="console-table-wrap variants__grid"
      role="region"
      tabIndex={0}
      aria-label="Grade de variações"
    >
      <table className="console-table">
        <caption className="console-visually-hidden">Variações: {variants.length}</caption>
        <thead>
          <tr>
            <th scope="col">Variação</th>
            <th scope="col">SKU</th>
            <th scope="col">Preço (R$)</th>
            <th scope="col">Promocional (R$)</th>
            <th scope="col">À venda</th>
            <th scope="col">Estoque</th>
            <th scope="col">Disponível</th>
            <th scope="col">Foto</th>
          </tr>
        </thead>
        <tbody>
          {variants.map((variant, i) => {
            const label = variantLabel(variant, attributes);
            const unit = unitOfVariant(units, variant, attributes);
            const rowError = messageOf(
              (errors.variants as unknown as Record<string, Errors>[] | undefined)?.[i]?.options,
            );
            return (
              <tr key={variantCode(variant.options, attributes)}>
                <th scope="row">
                  {label}
                  {rowError && <span className="field__error">{rowError}</span>}
                </th>
                <td>
                  <FormText control={control} name={`variants.${i}.sku`} label={`SKU ${label}`} />
                </td>
                <td>
                  <MoneyField control={control} name={`variants.${i}.priceCents`} label={`Preço ${label}`} />
                </td>
                <td>
                  <MoneyField
                    control={control}
                    name={`variants.${i}.promotionalPriceCents`}
                    label={`Promocional ${label}`}
                  />
                </td>
                <td data-label="À venda">
                  <Controller
                    control={control}
                    name={`variants.${i}.isAvailable`}
                    render={({ field }) => (
                      <input
                        type="checkbox"
                        aria-label={`À venda ${label}`}
                        checked={field.value}
                        onChange={(e) => field.onChange(e.target.checked)}
                      />
                    )}
                  />
                </td>
                <StockCells unit={unit} />
                <td data-label="Foto">
                  <Controller
                    control={control}
                    name={`variants.${i}.imageUrl`}
                    render={({ field }) => (
                      <select
                        aria-label={`Foto ${label}`}
                        className="field__control"
                        value={field.value ?? ''}
                        onChange={(e) => field.onChange(e.target.value || null)}
                      >
                        <option value="">A do produto</option>
                        {photos.map((p, n) => (
                          <option key={p.url} value={p.url}>
                            Foto {n + 1}
                          </option>
                        ))}
                        {field.value && !photos.some((p) => p.url === field.value) && (
                          <option value={field.value}>Foto atual</option>
                        )}
                      </select>
                    )}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A variant's on hand and available (saved variants only; the Estoque block below counts them). */
function StockCells({ unit }: { unit: StockUnit | undefined }) {
  return (
    <>
      <td data-label="Estoque">{unit ? stockAmount(unit.onHand, unit.measure) : '—'}</td>
      <td data-label="Disponível">
        {unit ? stockAmount(unit.available, unit.measure) : '—'}
        {unit?.low && <span className="chip stock-low">Baixo</span>}
      </td>
    </>
  );
}
