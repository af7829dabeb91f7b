import { Skeleton } from '../../../components/skeleton';

/** Placeholder with a product card's footprint (square image, text lines, button): no shift on load. */
export function ProductCardSkeleton() {
  return (
    <div className="product-card product-card--skeleton" aria-hidden="true">
      <Skeleton shape="block" height="auto" className="product-card__media product-card__media-skeleton" />
      <div className="product-card__body">
        <Skeleton width="90%" height={18} />
        <Skeleton width="60%" height={14} />
        <Skeleton width="45%" height={22} />
        <Skeleton shape="block" height={44} className="product-card__button-skeleton" />
      </div>
    </div>
  );
}
