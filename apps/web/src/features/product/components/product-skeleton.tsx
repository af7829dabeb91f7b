import { Skeleton } from '../../../components/skeleton';

/**
 * Placeholder of the product page with the real layout's sizes (square gallery, title lines, footer bar),
 * so nothing moves when the product arrives (CLS ≈ 0).
 */
export function ProductSkeleton() {
  return (
    <div className="product" role="status" aria-live="polite">
      <span className="visually-hidden">Carregando produto…</span>
      <div className="product__media">
        <Skeleton shape="block" height="auto" className="product-skeleton__image" />
      </div>
      <div className="product__info">
        <div className="product__head">
          <Skeleton width="75%" height={30} />
          <Skeleton width="45%" height={20} />
        </div>
        <div className="product__details">
          <Skeleton width="100%" height={16} />
          <Skeleton width="92%" height={16} />
          <Skeleton width="60%" height={16} />
        </div>
        <div className="product-footer">
          <Skeleton width={140} height={32} />
          <div className="product-footer__actions">
            <Skeleton shape="block" width={136} height={44} />
            <Skeleton shape="block" width={120} height={44} />
          </div>
        </div>
      </div>
    </div>
  );
}
