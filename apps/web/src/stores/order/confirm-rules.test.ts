import { describe, expect, it } from 'vitest';
import type { Order } from '@vitrine/contracts/order';
import { confirmLabel, isConfirmDisabled } from './confirm-rules';

const order = (items: { isGift: boolean }[], blockingMessages: string[] = []) =>
  ({ items, blockingMessages }) as unknown as Pick<Order, 'items' | 'blockingMessages'>;

describe('confirm button', () => {
  it('reads per channel and state', () => {
    expect(confirmLabel(1, 'idle')).toBe('Confirmar pedido e retornar ao WhatsApp');
    expect(confirmLabel(2, 'loading')).toBe('Confirmar pedido');
    expect(confirmLabel(1, 'redirecting')).toBe('Redirecionando...');
  });

  it('is enabled only when idle, settled, unblocked and with something bought', () => {
    const ready = order([{ isGift: false }]);
    expect(isConfirmDisabled({ order: ready, updating: false, state: 'idle' })).toBe(false);
    expect(isConfirmDisabled({ order: ready, updating: true, state: 'idle' })).toBe(true);
    expect(isConfirmDisabled({ order: ready, updating: false, state: 'loading' })).toBe(true);
    expect(isConfirmDisabled({ order: ready, updating: false, state: 'redirecting' })).toBe(true);
    expect(
      isConfirmDisabled({
        order: order([{ isGift: false }], ['O valor mínimo do seu pedido é R$ 30,00']),
        updating: false,
        state: 'idle',
      }),
    ).toBe(true);
    expect(isConfirmDisabled({ order: order([{ isGift: true }]), updating: false, state: 'idle' })).toBe(
      true,
    );
    expect(isConfirmDisabled({ order: null, updating: false, state: 'idle' })).toBe(true);
  });
});
