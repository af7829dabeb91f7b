/**
 * Property (issue 34, decision 0050), both databases: over any random sequence of payments recorded by hand,
 * refunds granted (amounts or lines, with or without the items back), sends that succeed, are refused or whose
 * answer is lost, retries and returns received, after every step: the grants never add up to more than was paid;
 * paid − refunded is the whole ledger; refunded is exactly the sent refunds; the provider refunded exactly what
 * the sent gateway refunds say (a lost answer retried never refunds twice); and the unit's stock is what its
 * ledger sums to — on hand = counted − sold + returned sellable, nothing held.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { shopWithOwner } from '../../test/console-kit.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { paymentContext } from './context.ts';
import { orderPaidCents, orderRefundedCents } from './ledger.ts';
import { recordManualPayment } from './manual.ts';
import { grantRefund } from './refund-grant.ts';
import { listOrderRefunds } from './refund-repository.ts';
import { receiveReturn } from './refund-return.ts';
import { sendRefund } from './refund-send.ts';
import {
  fakeProvider,
  propKey,
  scriptedContext,
  soldOrder,
  staffActor,
  type ProviderMove,
} from './refund-test-kit.ts';

const QUANTITY = 4;
const ON_HAND = 20;
const TOTAL = 4000;

type Op =
  | { kind: 'pay'; cents: number }
  | { kind: 'grantAmount'; cents: number }
  | { kind: 'grantLines'; quantity: number; restock: boolean }
  | { kind: 'send'; pick: number; move: ProviderMove }
  | { kind: 'return'; pick: number; sellable: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('pay' as const), cents: fc.integer({ min: 1, max: 3000 }) }),
  fc.record({ kind: fc.constant('grantAmount' as const), cents: fc.integer({ min: 1, max: 6000 }) }),
  fc.record({
    kind: fc.constant('grantLines' as const),
    quantity: fc.integer({ min: 1, max: 3 }),
    restock: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('send' as const),
    pick: fc.nat(),
    move: fc.constantFrom<ProviderMove>('ok', 'ok', 'refuse', 'lost'),
  }),
  fc.record({
    kind: fc.constant('return' as const),
    pick: fc.nat(),
    sellable: fc.integer({ min: 0, max: 3 }),
  }),
);

/**
 * A hand-written run fast-check takes first, so the checks after the runs do not hang on chance: a grant above
 * what was paid (refused), a line granted back to stock from the gateway payment, sent, and its return received.
 */
const EVERY_CHECK: Op[] = [
  { kind: 'grantAmount', cents: TOTAL + 1 },
  { kind: 'grantLines', quantity: 1, restock: true },
  { kind: 'send', pick: 0, move: 'ok' },
  { kind: 'return', pick: 0, sellable: 1 },
];
/** A send whose answer was lost, then retried while the provider would refuse, then again (CI's counterexample). */
const LOST_THEN_REFUSED: Op[] = [
  { kind: 'grantAmount', cents: 1 },
  { kind: 'send', pick: 0, move: 'lost' },
  { kind: 'send', pick: 0, move: 'refuse' },
  { kind: 'send', pick: 0, move: 'ok' },
];

const codeOf = (error: unknown) => (error instanceof AppError ? error.code : String(error));

describeEachDb('refunds: never more than paid, paid − refunded = ledger, stock = its ledger', (ctx) => {
  it('holds over random sequences of payments, grants, sends, failures, retries and returns', async () => {
    const { app, db } = ctx();
    const { shop } = await shopWithOwner(app, 'prop-reembolso');
    let runs = 0;
    let checks = 0;
    const refusals = new Set<string>();
    let sentByGateway = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        runs += 1;
        const provider = fakeProvider();
        const payments = scriptedContext(paymentContext(app), provider);
        const phone = `55118${String(runs).padStart(8, '0')}`;
        const sold = await soldOrder(db, shop.id, {
          phone,
          totalCents: TOTAL,
          quantity: QUANTITY,
          onHand: ON_HAND,
        });
        const { orderId } = sold;
        let returned = 0;
        /** Refunds whose current key the provider has taken (an 'ok' or a lost answer): a retry is a replay. */
        const taken = new Set<string>();
        for (const step of ops) {
          const refunds = await listOrderRefunds(db, shop.id, orderId);
          const paidBefore = await orderPaidCents(db, orderId);
          const grantedBefore = refunds.reduce((s, r) => s + r.amount_cents, 0);
          if (step.kind === 'pay') {
            await db.transaction((tx) =>
              recordManualPayment(
                tx,
                shop.id,
                orderId,
                {
                  amountCents: step.cents,
                  method: 4,
                  means: 'cash',
                  receivedAt: new Date().toISOString(),
                  note: null,
                  reference: null,
                },
                staffActor,
                propKey(),
              ),
            );
          } else if (step.kind === 'grantAmount' || step.kind === 'grantLines') {
            const body =
              step.kind === 'grantAmount'
                ? { lines: [], amountCents: step.cents, reason: 'prop', restock: false, entryId: null }
                : {
                    lines: [{ itemId: sold.itemId, quantity: step.quantity }],
                    amountCents: null,
                    reason: 'prop',
                    restock: step.restock,
                    entryId: null,
                  };
            const result = await db
              .transaction((tx) => grantRefund(tx, shop.id, orderId, body, staffActor, propKey()))
              .catch((error: unknown) => error);
            const asked = step.kind === 'grantAmount' ? step.cents : (TOTAL * step.quantity) / QUANTITY;
            if (result instanceof Error) {
              refusals.add(codeOf(result));
              const lineRoom =
                QUANTITY -
                (
                  await db.query<{ q: number }>(
                    'select coalesce(sum(l.quantity), 0)::float8 as q from order_refund_lines l join order_refunds r on r.id = l.refund_id where r.order_id = $1',
                    [orderId],
                  )
                )[0]!.q;
              const overLines = step.kind === 'grantLines' && step.quantity > lineRoom;
              expect(
                overLines || asked > paidBefore - grantedBefore || codeOf(result) === 'refundAboveEntry',
                codeOf(result),
              ).toBe(true);
              expect((await listOrderRefunds(db, shop.id, orderId)).length).toBe(refunds.length);
            } else {
              expect(asked).toBeLessThanOrEqual(paidBefore - grantedBefore);
            }
          } else if (step.kind === 'send' && refunds.length > 0) {
            const target = refunds[step.pick % refunds.length]!;
            provider.next = step.move;
            const result = await sendRefund(
              payments,
              shop.id,
              orderId,
              target.id,
              { manual: target.rail === 'manual', reference: target.rail === 'manual' ? 'caixa' : null },
              staffActor,
            ).catch((error: unknown) => error);
            const replay = taken.has(target.id);
            if (target.status === 'sent') expect(codeOf(result)).toBe('refundAlreadySent');
            else if (target.rail === 'manual' || step.move === 'ok' || (step.move === 'refuse' && replay))
              expect(result).toMatchObject({ sent: true });
            else
              expect(result).toMatchObject({
                sent: false,
                refund: { status: 'failed', failure: expect.any(String) },
              });
            if (target.rail !== 'manual' && target.status !== 'sent') {
              if (step.move !== 'refuse') taken.add(target.id);
              else if (!replay) taken.delete(target.id); // refused: the next try has a new key
            }
          } else if (step.kind === 'return' && refunds.length > 0) {
            const target = refunds[step.pick % refunds.length]!;
            const lines = await db.query<{ quantity: number }>(
              'select quantity::float8 as quantity from order_refund_lines where refund_id = $1',
              [target.id],
            );
            const granted = lines[0]?.quantity ?? 0;
            const sellable = Math.min(step.sellable, granted);
            const result = await db
              .transaction((tx) =>
                receiveReturn(
                  tx,
                  shop.id,
                  orderId,
                  target.id,
                  { lines: [{ itemId: sold.itemId, sellable, damaged: granted - sellable }] },
                  staffActor,
                ),
              )
              .catch((error: unknown) => error);
            if (!target.restock) expect(codeOf(result)).toBe('refundNoReturn');
            else if (target.return_received_at) expect(codeOf(result)).toBe('refundReturnReceived');
            else {
              expect(result).toMatchObject({ restocked: sellable > 0 ? 1 : 0 });
              returned += sellable;
            }
          }
          // The invariants, after every step.
          const after = await listOrderRefunds(db, shop.id, orderId);
          const paid = await orderPaidCents(db, orderId);
          const refunded = await orderRefundedCents(db, orderId);
          const [ledger] = await db.query<{ sum: number }>(
            'select coalesce(sum(amount_cents), 0)::int as sum from payment_ledger where order_id = $1',
            [orderId],
          );
          const sent = after.filter((r) => r.status === 'sent');
          expect(after.reduce((s, r) => s + r.amount_cents, 0)).toBeLessThanOrEqual(paid);
          expect(paid - refunded).toBe(ledger!.sum);
          expect(refunded).toBe(sent.reduce((s, r) => s + r.amount_cents, 0));
          const byRefund = new Map<string, number>();
          for (const key of provider.refunds.keys()) {
            const refundKey = key.slice(0, 29);
            byRefund.set(refundKey, (byRefund.get(refundKey) ?? 0) + 1);
          }
          expect([...byRefund.values()].every((n) => n === 1)).toBe(true);
          const keyOf = (id: string) => id.replace(/^rfd_/, 'rfd');
          for (const refund of sent.filter((r) => r.rail === 'sandbox')) {
            expect(byRefund.get(keyOf(refund.id))).toBe(1);
            sentByGateway += 1;
          }
          const atProvider = [...provider.refunds.values()].reduce((s, c) => s + c, 0);
          const reached = after.filter((r) => r.rail === 'sandbox' && byRefund.has(keyOf(r.id)));
          expect(atProvider).toBe(reached.reduce((s, r) => s + r.amount_cents, 0));
          const [stock] = await db.query<{
            on_hand: number;
            held: number;
            ledger_on_hand: number;
            ledger_held: number;
          }>(
            `select l.on_hand, l.held, sum(m.on_hand_delta)::int as ledger_on_hand, sum(m.held_delta)::int as ledger_held
               from stock_levels l join stock_movements m on m.unit_id = l.unit_id
              where l.unit_id = $1 group by l.on_hand, l.held`,
            [sold.unitId],
          );
          expect(stock).toEqual({
            on_hand: ON_HAND - QUANTITY + returned,
            held: 0,
            ledger_on_hand: ON_HAND - QUANTITY + returned,
            ledger_held: 0,
          });
          checks += 1;
        }
      }),
      { numRuns: 25, examples: [[EVERY_CHECK], [LOST_THEN_REFUSED]] },
    );
    expect(runs).toBeGreaterThanOrEqual(25);
    expect(checks).toBeGreaterThanOrEqual(25);
    expect([...refusals]).toEqual(expect.arrayContaining(['refundAbovePaid']));
    expect(sentByGateway).toBeGreaterThan(0);
  });
});
