/**
 * Head of the product page (spec §2): name, cluster highlights, sold-by-kilo info (weight and price per
 * kg) and the offer description alert.
 */
import type { Product } from '@vitrine/contracts/catalog';
import { formatWeight } from '@vitrine/contracts/format';
import { formatReais } from '@vitrine/contracts/money';

export function ProductSummary({ product }: { product: Product }) {
  const kilo = product.soldInKilo && typeof product.amountInKilo === 'number' && product.amountInKilo > 0;
  return (
    <header className="product__head">
      {product.clusterHighlights.length > 0 && (
        <ul className="product__highlights" aria-label="Destaques">
          {product.clusterHighlights.map((highlight) => (
            <li key={highlight} className="chip chip--secondary">
              {highlight}
            </li>
          ))}
        </ul>
      )}
      <h1 id="product-name" className="product__name">
        {product.name}
      </h1>
      {kilo && (
        <p className="product__kilo">
          <span>
            Peso aproximado: <strong>{formatWeight(product.amountInKilo!)}</strong>
          </span>
          {typeof product.kilogramPrice === 'number' && (
            <span>
              Preço por kg: <strong>{formatReais(product.kilogramPrice)}</strong>
            </span>
          )}
        </p>
      )}
      {product.offerDescription && (
        <p className="product__offer" role="note">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              fill="currentColor"
              d="m21.4 11.6-9-9A2 2 0 0 0 11 2H4a2 2 0 0 0-2 2v7c0 .6.2 1.1.6 1.4l9 9a2 2 0 0 0 2.8 0l7-7a2 2 0 0 0 0-2.8zM5.5 7a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3z"
            />
          </svg>
          {product.offerDescription}
        </p>
      )}
    </header>
  );
}
