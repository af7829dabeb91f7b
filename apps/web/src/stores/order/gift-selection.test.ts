import { describe, expect, it } from 'vitest';
import type { GiftGroup } from '@vitrine/contracts/order';
import { giftGroupHint, giftTabLabel, isGroupFull, toggleGift } from './gift-selection';

const gift = (id: string) => ({ id, seller: 'Loja', name: `Brinde ${id}`, imageUrl: null });

function group(selected: string[], availableQuantity = 2): GiftGroup {
  return {
    id: 'g1',
    availableQuantity,
    availableGifts: [gift('a'), gift('b'), gift('c')],
    selectedGifts: selected.map((id, index) => ({ id, seller: 'Loja', index: 10 + index })),
  };
}

describe('gift selection', () => {
  it('labels the tabs Brindes 01, Brindes 02, …', () => {
    expect([0, 1, 9].map(giftTabLabel)).toEqual(['Brindes 01', 'Brindes 02', 'Brindes 10']);
  });

  it('adds a gift to the full selection while there is room', () => {
    expect(toggleGift(group(['a']), gift('b'))).toEqual({
      id: 'g1',
      selectedGifts: [
        { id: 'a', seller: 'Loja', index: 10 },
        { id: 'b', seller: 'Loja' },
      ],
    });
  });

  it('refuses a gift beyond availableQuantity', () => {
    const full = group(['a', 'b']);
    expect(isGroupFull(full)).toBe(true);
    expect(toggleGift(full, gift('c'))).toBeNull();
  });

  it('deselecting sends the selection without it, even when the group is full', () => {
    expect(toggleGift(group(['a', 'b']), gift('a'))).toEqual({
      id: 'g1',
      selectedGifts: [{ id: 'b', seller: 'Loja', index: 11 }],
    });
  });

  it('tells how many gifts may be chosen', () => {
    expect(giftGroupHint(group(['a']))).toBe('Escolha até 2 brindes (1 de 2 selecionados)');
    expect(giftGroupHint(group([], 1))).toBe('Escolha 1 brinde (0 de 1 selecionado)');
  });
});
