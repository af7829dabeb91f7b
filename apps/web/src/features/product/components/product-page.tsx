/**
 * /product/{id} (spec §2 "Product detail"): gallery, name and highlights, attribute pickers, brand, seller,
 * description, specifications and the purchase footer. Loaded lazily (its own chunk, with DOMPurify).
 */
import { Link } from 'wouter';
import { useShopSettings } from '../../../stores/app-store';
import { StatusMessage } from '../../../components/status-message';
import { useProduct } from '../hooks/use-product';
import { useVariantSelection } from '../hooks/use-variant-selection';
import { ProductAttributes } from './product-attributes';
import { ProductDetails } from './product-details';
import { ProductFooter } from './product-footer';
import { ProductGallery } from './product-gallery';
import { ProductSkeleton } from './product-skeleton';
import { ProductSummary } from './product-summary';
import './product-page.css';
import { useReleaseFirstView } from '../../../lib/first-view';

export function ProductPage({ id }: { id: string }) {
  const { product, loading, error, notFound } = useProduct(id);
  useReleaseFirstView(!!product || !!error);
  const settings = useShopSettings();
  const { attributes, selection, variant, lineAttributes, click } = useVariantSelection(
    product,
    settings?.hideAttributes ?? false,
  );

  if (!product || notFound) {
    if (!error) return <ProductSkeleton />;
    return (
      <div className="page">
        <StatusMessage tone={notFound ? 'info' : 'error'} title={error}>
          <Link href="/catalog" className="button button--primary">
            Voltar ao catálogo
          </Link>
        </StatusMessage>
      </div>
    );
  }

  const images = product.images.map((image) => image.url);
  return (
    <article className="product" aria-busy={loading} aria-labelledby="product-name">
      <div className="product__media">
        <ProductGallery images={images} activeUrl={variant?.image?.url ?? null} name={product.name} />
      </div>
      <div className="product__info">
        <ProductSummary product={product} />
        <ProductAttributes
          attributes={attributes}
          dimensions={product.dimensions}
          selection={selection}
          disabled={loading}
          onClick={click}
        />
        <ProductDetails product={product} settings={settings} />
        <ProductFooter
          product={product}
          variant={variant}
          lineAttributes={lineAttributes}
          loading={loading}
        />
      </div>
    </article>
  );
}
