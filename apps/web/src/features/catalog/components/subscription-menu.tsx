/**
 * 'Assinar' dropdown of a product card (spec §2): lists the product's subscription offers
 * ('1 Semana', '2 Semanas'…); choosing one adds the product with that subscription.
 * Disclosure pattern: the button toggles the list (aria-expanded); Escape or a click outside closes it.
 * The list opens upwards, over the card, so the sticky footer never hides it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { Product } from '@vitrine/contracts/catalog';
import { subscriptionFrequencyText } from '@vitrine/contracts/format';
import type { SubscriptionChoice } from '../lib/product-card-rules';

export interface SubscriptionMenuProps {
  product: Pick<Product, 'name' | 'subscriptionOffers'>;
  disabled: boolean;
  onChoose: (offer: SubscriptionChoice) => void;
}

export function SubscriptionMenu({ product, disabled, onChoose }: SubscriptionMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return (
    <div
      ref={rootRef}
      className="subscription-menu"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="button button--outline subscription-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`Assinar ${product.name}`}
        disabled={disabled}
        onClick={() => setOpen((value) => !value)}
      >
        Assinar
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path fill="currentColor" d="m7 10 5 5 5-5z" />
        </svg>
      </button>
      <ul id={listId} className="subscription-menu__list" hidden={!open}>
        {product.subscriptionOffers.map((offer) => {
          const text = subscriptionFrequencyText(offer.recurrenceType, offer.frequency);
          return (
            <li key={`${offer.recurrenceType}-${offer.frequency}`}>
              <button
                type="button"
                className="subscription-menu__option"
                onClick={() => {
                  setOpen(false);
                  onChoose({ recurrenceType: offer.recurrenceType, frequency: offer.frequency });
                }}
              >
                A cada {text}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
