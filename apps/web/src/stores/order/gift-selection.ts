/**
 * Gift choice in the cart (spec §4 "Cart", §5): each gift group allows up to `availableQuantity` gifts;
 * selecting or deselecting one sends the group's full selection (`POST /api/order/gift/`).
 */
import type { GiftGroup } from '@vitrine/contracts/order';
import type { SelectGiftsBody } from '@vitrine/contracts/order-api';

export type AvailableGift = GiftGroup['availableGifts'][number];

/** Tab label of the n-th group (0-based): 'Brindes 01', 'Brindes 02', … */
export function giftTabLabel(position: number): string {
  return `Brindes ${String(position + 1).padStart(2, '0')}`;
}

export function isGiftSelected(group: Pick<GiftGroup, 'selectedGifts'>, giftId: string): boolean {
  return group.selectedGifts.some((gift) => gift.id === giftId);
}

/** Whether the group already holds as many gifts as it allows. */
export function isGroupFull(group: Pick<GiftGroup, 'selectedGifts' | 'availableQuantity'>): boolean {
  return group.selectedGifts.length >= group.availableQuantity;
}

/**
 * The group's full selection after clicking `gift`: without it when it was selected, with it appended when
 * there is room, or null when the group is full (nothing to send).
 */
export function toggleGift(group: GiftGroup, gift: AvailableGift): SelectGiftsBody | null {
  const current = group.selectedGifts.map(({ id, seller, index }) => ({ id, seller, index }));
  if (isGiftSelected(group, gift.id)) {
    return { id: group.id, selectedGifts: current.filter((selected) => selected.id !== gift.id) };
  }
  if (isGroupFull(group)) return null;
  return { id: group.id, selectedGifts: [...current, { id: gift.id, seller: gift.seller }] };
}

/** 'Escolha até 2 brindes' / 'Escolha 1 brinde' — the group's hint. */
export function giftGroupHint(group: Pick<GiftGroup, 'availableQuantity' | 'selectedGifts'>): string {
  const max = group.availableQuantity;
  const chosen = group.selectedGifts.length;
  const head = max === 1 ? 'Escolha 1 brinde' : `Escolha até ${max} brindes`;
  return `${head} (${chosen} de ${max} selecionado${max === 1 ? '' : 's'})`;
}
