/**
 * Property (issue 32): whatever sequence of payments recorded by hand, double clicks and undos an order goes
 * through, paid is the sum of its ledger, never negative, and due = total − paid, as the board shows them.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { paymentStateOf } from '@vitrine/contracts/order-payments';
import { AppError } from '../../lib/app-error.ts';
import { placeTestOrder } from '../../test/board-kit.ts';
import { shopWithOwner } from '../../test/console-kit.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { boardRowOf } from '../../flows/orders/board.ts';
import { findBoardOrder } from '../order/board-repository.ts';
import { getShop } from '../shop/service.ts';
import { recordManualPayment, undoManualPayment } from './manual.ts';

type Op =
  | { kind: 'record'; amountCents: number; token: number }
  | { kind: 'undo'; pick: number }
  | { kind: 'undoUnknown' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('record' as const),
    amountCents: fc.integer({ min: 1, max: 9000 }),
    token: fc.integer({ min: 0, max: 3 }),
  }),
  fc.record({ kind: fc.constant('undo' as const), pick: fc.nat() }),
  fc.constant({ kind: 'undoUnknown' as const }),
);

describeEachDb('payment ledger: paid = sum of the ledger, never negative, due = total − paid', (ctx) => {
  it('holds over random sequences of records, repeated tokens and undos', async () => {
    const { app, db } = ctx();
    const { shop } = await shopWithOwner(app, 'propriedade');
    const recorder = { id: 'user-prop', name: 'Prop' };
    let runs = 0;
    let checks = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 20000 }),
        fc.array(op, { minLength: 1, maxLength: 7 }),
        async (totalCents, ops) => {
          runs += 1;
          const phone = `55119${String(runs).padStart(8, '0')}`;
          const orderId = await placeTestOrder(db, shop.id, { name: 'Prop', phone, totalCents });
          const model: { id: string; amount: number; undone: boolean }[] = [];
          const tokens = new Map<number, { id: string; amount: number }>();
          for (const step of ops) {
            if (step.kind === 'record') {
              const key = `prop-${runs}-${step.token}`;
              const result = await db
                .transaction((tx) =>
                  recordManualPayment(
                    tx,
                    shop.id,
                    orderId,
                    {
                      amountCents: step.amountCents,
                      method: 4,
                      means: 'cash',
                      receivedAt: new Date().toISOString(),
                      note: null,
                      reference: null,
                    },
                    recorder,
                    key,
                  ),
                )
                .catch((error: unknown) => error);
              const earlier = tokens.get(step.token);
              if (earlier && earlier.amount !== step.amountCents) {
                expect((result as AppError).code).toBe('paymentRecordTokenReused');
              } else if (earlier) {
                expect(result).toMatchObject({ duplicate: true, entry: { id: earlier.id } });
              } else {
                const { entry } = result as { entry: { id: string } };
                tokens.set(step.token, { id: entry.id, amount: step.amountCents });
                model.push({ id: entry.id, amount: step.amountCents, undone: false });
              }
            } else {
              const target = step.kind === 'undo' && model.length ? model[step.pick % model.length]! : null;
              const entryId = target?.id ?? 'led_00000000000000000000000000';
              const result = await db
                .transaction((tx) =>
                  undoManualPayment(
                    tx,
                    { id: shop.id, time_zone: 'America/Sao_Paulo' },
                    orderId,
                    entryId,
                    recorder,
                  ),
                )
                .catch((error: unknown) => error);
              if (!target) expect((result as AppError).code).toBe('paymentEntryNotFound');
              else if (target.undone) expect((result as AppError).code).toBe('paymentAlreadyReversed');
              else target.undone = true;
            }
            const row = boardRowOf((await findBoardOrder(db, shop.id, orderId))!, await getShop(db, shop.id));
            const expected = model.reduce((sum, e) => sum + (e.undone ? 0 : e.amount), 0);
            const [ledger] = await db.query<{ sum: number }>(
              'select coalesce(sum(amount_cents), 0)::int as sum from payment_ledger where order_id = $1',
              [orderId],
            );
            expect(row.paidCents).toBe(expected);
            expect(row.paidCents).toBe(ledger!.sum);
            expect(row.paidCents).toBeGreaterThanOrEqual(0);
            expect(row.dueCents).toBe(totalCents - row.paidCents);
            expect(row.paymentStatus).toBe(paymentStateOf(totalCents, row.paidCents, false));
            checks += 1;
          }
        },
      ),
      { numRuns: 20 },
    );
    expect(runs).toBeGreaterThanOrEqual(20);
    expect(checks).toBeGreaterThanOrEqual(20);
  });
});
