/**
 * Card preview (spec §2): follows what is typed — number padded to the brand's length (§9), holder name and
 * expiry — with the detected brand's name. Decorative for screen readers: the fields carry the same data.
 */
import type { CardBrand } from '../lib/card-brand';
import { previewNumber } from '../lib/card-brand';

export interface CardPreviewProps {
  number: string;
  name: string;
  expiry: string;
  brand: CardBrand | null;
}

export function CardPreview({ number, name, expiry, brand }: CardPreviewProps) {
  return (
    <div className="card-preview" aria-hidden="true" data-brand={brand?.id ?? ''}>
      <div className="card-preview__top">
        <span className="card-preview__chip" />
        <span className="card-preview__brand">{brand?.name ?? ''}</span>
      </div>
      <p className="card-preview__number">{previewNumber(number, brand?.id)}</p>
      <div className="card-preview__bottom">
        <div>
          <span className="card-preview__label">Nome impresso</span>
          <span className="card-preview__value">{name.trim().toUpperCase() || 'NOME COMO NO CARTÃO'}</span>
        </div>
        <div>
          <span className="card-preview__label">Validade</span>
          <span className="card-preview__value">{expiry.padEnd(5, '•').replace(/^(..)•/, '$1/')}</span>
        </div>
      </div>
    </div>
  );
}
