/**
 * Price view: the price, or the promotional price with the original struck through ('De R$ 59,90 por
 * R$ 49,90' for screen readers); 'A partir de R$ x' for a range; an optional per-kilo line.
 * Amounts are reais as the API sends them.
 *
 *   <PriceView price={59.9} promotionalPrice={49.9} />
 */
import { formatReais } from '@vitrine/contracts/money';
import './price-view.css';

export interface PriceViewProps {
  price: number;
  promotionalPrice?: number | null;
  /** When the price varies (variants not chosen): the lowest is shown as 'A partir de …'. */
  minPrice?: number | null;
  maxPrice?: number | null;
  /** Per-kilo price for products sold by the kilo: 'R$ 9,90/kg'. */
  kilogramPrice?: number | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** Whether the promotional price is a real discount on `price`. */
export function hasDiscount(price: number, promotionalPrice: number | null | undefined): boolean {
  return typeof promotionalPrice === 'number' && promotionalPrice > 0 && promotionalPrice < price;
}

export function PriceView({
  price,
  promotionalPrice,
  minPrice,
  maxPrice,
  kilogramPrice,
  size = 'md',
  className,
}: PriceViewProps) {
  const ranged = typeof minPrice === 'number' && typeof maxPrice === 'number' && minPrice < maxPrice;
  const discounted = !ranged && hasDiscount(price, promotionalPrice);
  return (
    <div className={`price price--${size}${className ? ` ${className}` : ''}`}>
      {ranged && (
        <p className="price__current">
          <span className="price__prefix">A partir de </span>
          {formatReais(minPrice)}
        </p>
      )}
      {discounted && (
        <p className="price__current price__current--promo">
          <s className="price__original">
            <span className="visually-hidden">De </span>
            {formatReais(price)}
          </s>{' '}
          <span className="visually-hidden">por </span>
          {formatReais(promotionalPrice)}
        </p>
      )}
      {!ranged && !discounted && <p className="price__current">{formatReais(price)}</p>}
      {typeof kilogramPrice === 'number' && kilogramPrice > 0 && (
        <p className="price__unit">{formatReais(kilogramPrice)}/kg</p>
      )}
    </div>
  );
}
