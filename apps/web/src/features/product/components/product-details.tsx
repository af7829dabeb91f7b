/**
 * Product facts (spec §2): 'Marca', 'Vendido e entregue por', 'Descrição' (sanitised HTML or plain text),
 * the specification table ('Especificação' / 'Valor', only when the shop shows specifications; empty values
 * skipped; 'Nenhuma especificação disponível' when none is left) and the shipping restriction message of an
 * active, restricted product.
 */
import type { Product } from '@vitrine/contracts/catalog';
import type { ShopSettings } from '@vitrine/contracts/shop';
import { RichText } from '../../../components/rich-text';

/** Specification rows with their non-empty values joined; rows left without a value are dropped. */
export function specificationRows(
  specification: Product['specification'],
): { name: string; value: string }[] {
  return specification.flatMap(({ name, value }) => {
    const values = value.map((item) => item.trim()).filter((item) => item !== '');
    return values.length > 0 && name.trim() !== '' ? [{ name, value: values.join(', ') }] : [];
  });
}

export interface ProductDetailsProps {
  product: Product;
  settings: Pick<ShopSettings, 'showSpecifications' | 'shippingRestrictionMessage'> | null;
}

export function ProductDetails({ product, settings }: ProductDetailsProps) {
  const rows = specificationRows(product.specification);
  const restriction = product.isActive && product.hasShippingRestriction;
  const restrictionText = product.shippingRestrictionMessage ?? settings?.shippingRestrictionMessage ?? null;
  return (
    <div className="product__details">
      {restriction && restrictionText && (
        <p className="product__restriction" role="note">
          {restrictionText}
        </p>
      )}
      {(product.brand?.name || product.sellerName) && (
        <dl className="product__facts">
          {product.brand?.name && (
            <div>
              <dt>Marca</dt>
              <dd>{product.brand.name}</dd>
            </div>
          )}
          {product.sellerName && (
            <div>
              <dt>Vendido e entregue por</dt>
              <dd>{product.sellerName}</dd>
            </div>
          )}
        </dl>
      )}
      {product.description && (
        <section className="product__section" aria-labelledby="product-description">
          <h2 id="product-description" className="product__section-title">
            Descrição
          </h2>
          <RichText text={product.description} className="product__description" />
        </section>
      )}
      {settings?.showSpecifications && (
        <section className="product__section" aria-label="Especificações">
          {rows.length === 0 ? (
            <p className="product__muted">Nenhuma especificação disponível</p>
          ) : (
            <table className="product__specs">
              <thead>
                <tr>
                  <th scope="col">Especificação</th>
                  <th scope="col">Valor</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.name}>
                    <th scope="row">{row.name}</th>
                    <td>{row.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </div>
  );
}
