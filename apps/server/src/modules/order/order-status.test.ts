import { describe, expect, it } from 'vitest';
import { OrderStatus } from '@vitrine/contracts/enums';
import { AppError } from '../../lib/app-error.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { caller, mintSession, seedDemoWithGifts } from './order-test-kit.ts';
import { statusesInto, transitionOrder, tryTransitionOrder } from './status.ts';

describe('order transitions table', () => {
  it('names the statuses each status can be reached from', () => {
    expect(statusesInto(OrderStatus.Received)).toEqual([OrderStatus.Creating]);
    expect(statusesInto(OrderStatus.Finalized)).toEqual([OrderStatus.Received]);
    expect(statusesInto(OrderStatus.Creating)).toEqual([OrderStatus.Error]);
    expect(statusesInto(OrderStatus.Canceled)).toEqual([
      OrderStatus.Creating,
      OrderStatus.Received,
      OrderStatus.Error,
    ]);
  });
});

describeEachDb(
  'transitionOrder',
  (ctx) => {
    const statusOf = async (id: string) =>
      (await ctx().db.query<{ status: number }>('select status from orders where id = $1', [id]))[0]!.status;

    it('moves only along the transitions table, checked by the update itself', async () => {
      const order = await caller(ctx().app, await mintSession(ctx().app)).current();
      const { db } = ctx();
      const versionOf = async () =>
        (await db.query<{ version: number }>('select version from orders where id = $1', [order.id]))[0]!
          .version;
      const version = await versionOf();
      expect(await tryTransitionOrder(db, order.id, OrderStatus.Finalized)).toBeNull(); // Creating ↛ Finalized
      expect(await statusOf(order.id)).toBe(OrderStatus.Creating);
      const refused = await transitionOrder(db, order.id, OrderStatus.Finalized).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ status: 409, message: 'Este pedido não pode mais ser alterado.' });

      const received = await transitionOrder(db, order.id, OrderStatus.Received);
      expect(received).toMatchObject({ status: OrderStatus.Received, version: version + 1 });
      expect(received.confirmed_at).not.toBeNull();
      // Canceled is allowed from Received by the table, but not when the caller acts on open orders only.
      expect(await tryTransitionOrder(db, order.id, OrderStatus.Canceled, [OrderStatus.Creating])).toBeNull();
      expect((await transitionOrder(db, order.id, OrderStatus.Finalized)).status).toBe(OrderStatus.Finalized);
      expect(await tryTransitionOrder(db, order.id, OrderStatus.Finalized)).toBeNull(); // once
      expect(await tryTransitionOrder(db, order.id, OrderStatus.Canceled)).toBeNull(); // Finalized is final
      expect(await statusOf(order.id)).toBe(OrderStatus.Finalized);
    });

    it('refuses a negative discount in the database', async () => {
      const order = await caller(ctx().app, await mintSession(ctx().app)).current();
      await expect(
        ctx().db.query('update orders set discount_cents = -1 where id = $1', [order.id]),
      ).rejects.toThrow(/orders_discount_cents_check/);
    });
  },
  { setup: seedDemoWithGifts },
);
