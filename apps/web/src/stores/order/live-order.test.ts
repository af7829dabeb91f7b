import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@vitrine/contracts/order';
import { appActions } from '../app-store';
import { OrderStatus } from '@vitrine/contracts/enums';
import { changeNote, hasEnded, isNewer, isOlderThan } from './live-order';

const order = (version: number, id = 'ord-1') => ({ id, version, items: [] }) as unknown as Order;

describe('the live order', () => {
  beforeEach(() => appActions.reset('ready'));

  it('re-reads on a newer version, a payment, a resync or a poll; not on what the screen already shows', () => {
    expect(isNewer({ orderId: 'o', kind: 'order', version: 8 }, 7)).toBe(true);
    expect(isNewer({ orderId: 'o', kind: 'order', version: 7 }, 7)).toBe(false);
    expect(isNewer({ orderId: 'o', kind: 'hello', version: 6 }, 7)).toBe(false);
    expect(isNewer({ orderId: 'o', kind: 'hello', version: 6, resync: true }, 7)).toBe(true);
    expect(isNewer({ orderId: 'o', kind: 'payment', version: 7 }, 7)).toBe(true);
    expect(isNewer({ orderId: 'o', kind: 'poll' }, 7)).toBe(true);
  });

  it('notes only the other side’s changes', () => {
    const byAgent = { orderId: 'o', kind: 'order', version: 2, actor: 'agent' } as const;
    const byShopper = { ...byAgent, actor: 'shopper' } as const;
    expect(changeNote(byAgent, false)).toBe('O atendente atualizou seu pedido');
    expect(changeNote(byShopper, true)).toBe('O cliente alterou o carrinho');
    expect(changeNote(byAgent, true)).toBeNull();
    expect(changeNote(byShopper, false)).toBeNull();
    expect(changeNote({ ...byAgent, kind: 'payment', actor: 'payment' }, false)).toBeNull();
  });

  it('an older version of the order shown is told apart (another order never is)', () => {
    expect(isOlderThan(order(4), order(5))).toBe(true);
    expect(isOlderThan(order(5), order(5))).toBe(false);
    expect(isOlderThan(order(6), order(5))).toBe(false);
    expect(isOlderThan(order(1, 'ord-2'), order(5))).toBe(false);
    expect(isOlderThan(order(1), null)).toBe(false);
  });

  it('an order that ended on screen (canceled, confirmed) is not replaced by the session’s next one', () => {
    const shown = (status: number) => ({ id: 'ord-1', status });
    expect(hasEnded(shown(OrderStatus.Canceled), { id: 'ord-2', status: OrderStatus.Creating })).toBe(true);
    expect(hasEnded(shown(OrderStatus.Received), { id: 'ord-2', status: OrderStatus.Creating })).toBe(true);
    expect(hasEnded(shown(OrderStatus.Creating), { id: 'ord-2', status: OrderStatus.Creating })).toBe(false);
    expect(hasEnded(shown(OrderStatus.Canceled), { id: 'ord-1', status: OrderStatus.Canceled })).toBe(false);
    expect(hasEnded(null, { id: 'ord-2', status: OrderStatus.Creating })).toBe(false);
  });
});
