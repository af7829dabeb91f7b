/**
 * Gift panel (spec §2, §4): one tab per gift group ('Brindes 01', 'Brindes 02', …); each tab lists the
 * group's gifts as toggle buttons. A group allows up to availableQuantity gifts: once full, the other gifts
 * are disabled until one is deselected. Every click sends the group's full selection; clicks are ignored while
 * an update is in flight.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import type { GiftGroup } from '@vitrine/contracts/order';
import { giftGroupHint, giftTabLabel, isGiftSelected, isGroupFull } from '../../stores/order/gift-selection';
import './gift-panel.css';

export interface GiftPanelProps {
  groups: GiftGroup[];
  /** An update (gift or quantity) is pending or in flight. */
  busy: boolean;
  onToggle: (group: GiftGroup, gift: GiftGroup['availableGifts'][number]) => void;
}

export function GiftPanel({ groups, busy, onToggle }: GiftPanelProps) {
  const baseId = useId();
  const [active, setActive] = useState(0);
  if (groups.length === 0) return null;
  const current = Math.min(active, groups.length - 1);
  const group = groups[current]!;
  const full = isGroupFull(group);
  const tabId = (position: number) => `${baseId}-tab-${position}`;
  const panelId = `${baseId}-panel`;

  const onTabKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (current + step + groups.length) % groups.length;
    setActive(next);
    document.getElementById(tabId(next))?.focus();
  };

  return (
    <section className="gifts" aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`} className="gifts__title">
        Brindes
      </h2>
      <div className="gifts__tabs" role="tablist" aria-label="Grupos de brindes" onKeyDown={onTabKey}>
        {groups.map((item, position) => (
          <button
            key={item.id}
            id={tabId(position)}
            type="button"
            role="tab"
            className="gifts__tab"
            aria-selected={position === current}
            aria-controls={panelId}
            tabIndex={position === current ? 0 : -1}
            onClick={() => setActive(position)}
          >
            {giftTabLabel(position)}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(current)} className="gifts__panel">
        <p className="gifts__hint">{giftGroupHint(group)}</p>
        <ul className="gifts__list">
          {group.availableGifts.map((gift) => {
            const selected = isGiftSelected(group, gift.id);
            return (
              <li key={gift.id}>
                <button
                  type="button"
                  className={`gift${selected ? ' gift--selected' : ''}`}
                  aria-pressed={selected}
                  aria-disabled={busy || (!selected && full) ? true : undefined}
                  disabled={!selected && full}
                  onClick={() => {
                    if (!busy) onToggle(group, gift);
                  }}
                >
                  {gift.imageUrl ? (
                    <img src={gift.imageUrl} alt="" width={56} height={56} loading="lazy" decoding="async" />
                  ) : (
                    <span className="gift__no-image" aria-hidden="true" />
                  )}
                  <span className="gift__name">{gift.name}</span>
                  <span className="gift__check" aria-hidden="true">
                    {selected ? '✓' : ''}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
