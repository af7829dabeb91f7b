/**
 * Purchase footer of the product page (spec §2): price view, quantity, 'Adicionar', the 'Assinar' offers and,
 * for agents, 'Enviar detalhes do produto'. An inactive product reads 'Este produto está indisponível no
 * estoque'. 'Adicionar' adds the chosen quantity to the matching line (absolute quantity sent).
 */
import { useRef, useState } from 'react';
import type { Product } from '@vitrine/contracts/catalog';
import { PRODUCT_MESSAGES } from '@vitrine/contracts/product-messages';
import { isSoldOut, maxQuantityOf, stockAmountText, stockShortMessage } from '@vitrine/contracts/stock';
import {
  useCurrentOrder,
  useIsPlatformUser,
  useSellerMissing,
  useShopSettings,
} from '../../../stores/app-store';
import { useLiveOrder } from '../../../stores/order/current-order';
import { PriceView } from '../../../components/price-view';
import { QuantitySelector } from '../../../components/quantity-selector';
import { useAddToCart } from '../../../stores/order/add-to-cart';
import { quantityAfterAdding } from '../../../stores/order/order-lines';
import { useFooterOffset } from '../hooks/use-footer-offset';
import { useSendProduct } from '../hooks/use-send-product';
import { displayedPrice, isAddDisabled, isRestrictedForUser } from '../lib/purchase-rules';
import type { Dimension, selectionAttributes } from '../lib/variant-selection';
import { SubscriptionMenu, type SubscriptionOffer } from './subscription-menu';
import './product-footer.css';

export interface ProductFooterProps {
  product: Product;
  variant: Dimension | null;
  lineAttributes: ReturnType<typeof selectionAttributes>;
  loading: boolean;
}

export function ProductFooter({ product, variant, lineAttributes, loading }: ProductFooterProps) {
  const order = useCurrentOrder();
  useLiveOrder(); // the product page's line quantity follows the order live
  const settings = useShopSettings();
  const isPlatformUser = useIsPlatformUser();
  const sellerMissing = useSellerMissing();
  const { addToCart, busy } = useAddToCart();
  const sender = useSendProduct();
  const [quantity, setQuantity] = useState(1);
  const footerRef = useRef<HTMLDivElement>(null);
  useFooterOffset(footerRef);

  const context = {
    product,
    variant,
    loading,
    hasOrder: order !== null,
    isPlatformUser,
    disableRestrictedProducts: settings?.disableRestrictedProducts ?? false,
    sellerMissing,
  };
  const restricted = isRestrictedForUser(context);
  const disabled = isAddDisabled(context) || busy;
  const price = displayedPrice(product, variant);
  const needsVariant = product.dimensions.length > 0 && variant === null && !loading;
  // What is left of the chosen unit (decision 0044): sold out reads as inactive; the quantity stops at what is left.
  const left = product.dimensions.length > 0 ? (variant?.stockLeft ?? null) : (product.stockLeft ?? null);
  const soldOut = isSoldOut(left);
  const inCart = quantityAfterAdding(
    order,
    { providerId: product.providerId, sku: price.sku, subscription: null },
    0,
  );
  const leftToAdd = maxQuantityOf(left, product.soldInKilo, product.amountInKilo);
  const max = leftToAdd === null ? undefined : Math.max(1, leftToAdd - inCart);
  const atMax = !soldOut && leftToAdd !== null && quantity + inCart >= leftToAdd;

  const add = async (subscription: SubscriptionOffer | null = null) => {
    const key = { providerId: product.providerId, sku: price.sku, subscription };
    const added = await addToCart({
      providerId: product.providerId,
      quantity: quantityAfterAdding(order, key, quantity),
      attributes: lineAttributes,
      sku: price.sku,
      subscription,
    });
    if (added) setQuantity(1);
  };

  return (
    <div ref={footerRef} className="product-footer" aria-label="Comprar" role="region">
      <div className="product-footer__price">
        <PriceView
          size="lg"
          price={price.price}
          promotionalPrice={price.promotionalPrice}
          minPrice={price.minPrice}
          maxPrice={price.maxPrice}
          kilogramPrice={product.soldInKilo ? product.kilogramPrice : null}
        />
      </div>
      {product.isActive && !soldOut ? (
        <div className="product-footer__actions">
          <QuantitySelector
            value={quantity}
            onChange={setQuantity}
            readOnly={restricted}
            disabled={loading}
            itemName={product.name}
            {...(max === undefined ? {} : { max })}
          />
          <button
            type="button"
            className="button button--primary product-footer__add"
            disabled={disabled || quantity + inCart > (leftToAdd ?? Infinity)}
            aria-busy={busy}
            onClick={() => void add()}
          >
            {busy ? 'Adicionando...' : 'Adicionar'}
          </button>
          <SubscriptionMenu
            offers={product.subscriptionOffers}
            disabled={disabled}
            onSelect={(offer) => void add(offer)}
          />
        </div>
      ) : (
        <p className="product-footer__inactive" role="status">
          {PRODUCT_MESSAGES.productInactive}
        </p>
      )}
      {atMax && left !== null && (
        <p className="product-footer__hint" role="status">
          {stockShortMessage(product.name, left, product.soldInKilo)}
        </p>
      )}
      {isPlatformUser && left !== null && !soldOut && (
        <p className="product-footer__hint">Estoque: {stockAmountText(left, product.soldInKilo)}</p>
      )}
      {product.isActive && needsVariant && (
        <p className="product-footer__hint">{PRODUCT_MESSAGES.variantRequired}</p>
      )}
      {product.isActive && restricted && (
        <p className="product-footer__hint">{PRODUCT_MESSAGES.productRestricted}</p>
      )}
      {isPlatformUser && (
        <button
          type="button"
          className="button button--secondary product-footer__send"
          disabled={sender.busy || loading}
          aria-busy={sender.busy}
          onClick={() => void sender.send({ providerId: product.providerId, attributes: lineAttributes })}
        >
          {sender.busy ? 'Enviando...' : 'Enviar detalhes do produto'}
        </button>
      )}
    </div>
  );
}
