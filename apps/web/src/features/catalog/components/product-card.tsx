/**
 * Product card (spec §2): image or placeholder, weight badge (kilo items), cluster highlights, name
 * (links to /product/{providerId}), 'Marca', 'Vendido e entregue por', price per kg, offer alert,
 * prices, 'Indisponível', add-to-cart, 'Assinar' offers and, for agents, send-to-contact.
 * Adding sends the product's current line quantity + 1; a product with variants opens its page instead.
 */
import { lazy, Suspense, useId } from 'react';
import { Link, useLocation } from 'wouter';
import type { Product } from '@vitrine/contracts/catalog';
import { formatWeight } from '@vitrine/contracts/format';
import { formatReais } from '@vitrine/contracts/money';
import { CARD_IMAGE_SIZES } from '@vitrine/contracts/photo-urls';
import { maxQuantityOf, stockAmountText, stockShortMessage } from '@vitrine/contracts/stock';
import { Photo } from '../../../components/photo';
import { useAppStore, useIsPlatformUser, useSellerMissing } from '../../../stores/app-store';
import { useAddToCart } from '../../../stores/order/add-to-cart';
import { addBlockReason, cardPrices, lineQuantity, type SubscriptionChoice } from '../lib/product-card-rules';
import { SubscriptionMenu } from './subscription-menu';

const SendProductButton = lazy(() =>
  import('./send-product-button').then((module) => ({ default: module.SendProductButton })),
);

/** Intrinsic size given to images (the media box is square); real size comes from CSS. */
const IMAGE_SIZE = 400;

export interface ProductCardProps {
  product: Product;
  /** eager: in the first row (loaded at once, `high` also raises its fetch priority) · lazy: below. */
  loading: 'high' | 'eager' | 'lazy';
}

function Media({ product, loading }: ProductCardProps) {
  const image = product.images[0]?.url;
  return (
    <div className="product-card__media">
      {image ? (
        <Photo
          src={image}
          sizes={CARD_IMAGE_SIZES}
          alt={product.name}
          width={IMAGE_SIZE}
          height={IMAGE_SIZE}
          loading={loading === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={loading === 'high' ? 'high' : undefined}
          decoding="async"
        />
      ) : (
        <div className="product-card__placeholder" role="img" aria-label={`${product.name} (sem imagem)`}>
          <svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true">
            <path
              fill="currentColor"
              d="M21 19V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14c0 1.1.9 2 2 2h14a2 2 0 0 0 2-2zM8.5 13.5l2.5 3 3.5-4.5 4.5 6H5l3.5-4.5z"
            />
          </svg>
        </div>
      )}
      {/* Badges stack in the top corner: the image's lower part (where a photo's label sits) stays clear. */}
      <div className="product-card__badges">
        {product.soldInKilo && product.amountInKilo ? (
          <span className="product-card__weight">{formatWeight(product.amountInKilo)}</span>
        ) : null}
        {product.clusterHighlights.length > 0 && (
          <ul className="product-card__highlights" aria-label="Destaques">
            {product.clusterHighlights.map((highlight) => (
              <li key={highlight} className="product-card__highlight">
                {highlight}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function Prices({ product }: { product: Product }) {
  const { current, previous } = cardPrices(product);
  return (
    <p className="product-card__prices">
      {previous !== null && (
        <del className="product-card__previous">
          <span className="visually-hidden">Preço anterior: </span>
          {formatReais(previous)}
        </del>
      )}
      <strong className="product-card__price">
        {previous !== null && <span className="visually-hidden">Preço atual: </span>}
        {formatReais(current)}
      </strong>
    </p>
  );
}

export function ProductCard({ product, loading }: ProductCardProps) {
  const nameId = useId();
  const isAgent = useIsPlatformUser();
  const sellerMissing = useSellerMissing();
  const disableRestricted = useAppStore((state) => state.settings?.disableRestrictedProducts ?? false);
  const quantity = useAppStore((state) => lineQuantity(state.order, product.providerId));
  const { addToCart, busy } = useAddToCart();
  const [, navigate] = useLocation();
  const href = `/product/${encodeURIComponent(product.providerId)}`;
  const blocked = addBlockReason(product, {
    isPlatformUser: isAgent,
    disableRestrictedProducts: disableRestricted,
  });
  const canSubscribe = !product.hasVariants && product.subscriptionOffers.length > 0;
  const max = product.hasVariants
    ? null
    : maxQuantityOf(product.stockLeft, product.soldInKilo, product.amountInKilo);
  const atMax = blocked === null && max !== null && quantity >= max;

  const add = () => {
    if (product.hasVariants) navigate(href);
    else void addToCart({ providerId: product.providerId, quantity: quantity + 1 });
  };
  const subscribe = (subscription: SubscriptionChoice) => {
    const current = lineQuantity(useAppStore.getState().order, product.providerId, subscription);
    void addToCart({ providerId: product.providerId, quantity: current + 1, subscription });
  };

  return (
    <article
      className={`product-card${product.isActive ? '' : ' product-card--inactive'}`}
      aria-labelledby={nameId}
    >
      <Media product={product} loading={loading} />
      <div className="product-card__body">
        <h3 id={nameId} className="product-card__name">
          <Link href={href} className="product-card__link">
            {product.name}
          </Link>
        </h3>
        {product.brand?.name && (
          <p className="product-card__meta">
            <span className="product-card__label">Marca</span>{' '}
            <span className="product-card__value">{product.brand.name}</span>
          </p>
        )}
        {product.sellerName && (
          <p className="product-card__meta">
            <span className="product-card__label product-card__label--block">Vendido e entregue por</span>{' '}
            <span className="product-card__value">{product.sellerName}</span>
          </p>
        )}
        {product.offerDescription && <p className="product-card__offer">{product.offerDescription}</p>}
        <Prices product={product} />
        {product.soldInKilo && product.kilogramPrice !== null && (
          <p className="product-card__per-kg">{formatReais(product.kilogramPrice)}/kg</p>
        )}
        {(blocked === 'inactive' || blocked === 'soldOut') && (
          <p className="product-card__unavailable">Indisponível</p>
        )}
        {isAgent && !product.hasVariants && product.stockLeft != null && (
          <p className="product-card__meta">
            <span className="product-card__label">Estoque</span>{' '}
            <span className="product-card__value">
              {stockAmountText(Math.max(product.stockLeft, 0), product.soldInKilo)}
            </span>
          </p>
        )}
        {atMax && (
          <p className="product-card__stock-limit" role="status">
            {stockShortMessage(product.name, product.stockLeft ?? 0, product.soldInKilo)}
          </p>
        )}
        <div className="product-card__actions">
          <button
            type="button"
            className="button button--primary product-card__add"
            aria-label={
              product.hasVariants ? `Ver opções de ${product.name}` : `Adicionar ${product.name} ao carrinho`
            }
            disabled={blocked !== null || busy || atMax || sellerMissing}
            aria-busy={busy}
            onClick={add}
          >
            {product.hasVariants ? 'Ver opções' : busy ? 'Adicionando…' : 'Adicionar'}
          </button>
          {canSubscribe && (
            <SubscriptionMenu
              product={product}
              disabled={blocked !== null || busy || sellerMissing}
              onChoose={subscribe}
            />
          )}
          {isAgent && (
            <Suspense fallback={null}>
              <SendProductButton product={product} />
            </Suspense>
          )}
        </div>
      </div>
    </article>
  );
}
