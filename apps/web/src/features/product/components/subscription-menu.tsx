/**
 * 'Assinar' dropdown (spec §2): lists the product's subscription offers ('A cada 2 Semanas'); choosing one
 * adds the product as a subscription. Opens upwards (it sits in the page footer); Escape, a click outside
 * or choosing closes it; arrow keys move between offers.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Product } from '@vitrine/contracts/catalog';
import { subscriptionFrequencyText } from '@vitrine/contracts/format';

export type SubscriptionOffer = Product['subscriptionOffers'][number];

export interface SubscriptionMenuProps {
  offers: SubscriptionOffer[];
  disabled?: boolean;
  onSelect: (offer: SubscriptionOffer) => void;
}

/** 'A cada 1 Mês', 'A cada 2 Semanas' (spec §9 frequency text). */
export function offerLabel(offer: SubscriptionOffer): string {
  return `A cada ${subscriptionFrequencyText(offer.recurrenceType, offer.frequency)}`;
}

export function SubscriptionMenu({ offers, disabled = false, onSelect }: SubscriptionMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  if (offers.length === 0) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const items = [...(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    if (items.length === 0) return;
    event.preventDefault();
    const at = items.indexOf(document.activeElement as HTMLElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    items[(at + step + items.length) % items.length]!.focus();
  };

  const choose = (offer: SubscriptionOffer) => {
    setOpen(false);
    buttonRef.current?.focus();
    onSelect(offer);
  };

  return (
    <div className="subscribe" ref={rootRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="button button--outline subscribe__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => setOpen((value) => !value)}
      >
        Assinar
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path fill="currentColor" d="M7 14l5-5 5 5z" />
        </svg>
      </button>
      {open && (
        <ul id={menuId} className="subscribe__menu" role="menu" aria-label="Frequência da assinatura">
          {offers.map((offer) => (
            <li key={`${offer.recurrenceType}-${offer.frequency}`} role="none">
              <button type="button" role="menuitem" className="subscribe__item" onClick={() => choose(offer)}>
                {offerLabel(offer)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
