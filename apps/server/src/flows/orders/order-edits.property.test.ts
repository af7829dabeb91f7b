/**
 * The edits' property (issue 34, decision 0053): any sequence of proposals — adding, changing and removing lines,
 * weighed kilo amounts, stale versions — each accepted or declined by the contact, with what is due paid between
 * them (a paid order is Finalized, its stock sold, and still edited until delivered), keeps after every step
 *   - the stock ledger equal to the levels (on hand and held = the sums of the unit's movements),
 *   - what the order holds and sold of each tracked unit equal to what its lines need (units; grams for kilo
 *     lines), nothing held once it is paid,
 *   - the money: grants never above what was paid, and when nothing is due, paid − granted = the order's total,
 *   - every line's total and the order's amounts equal to what the cart's pricing code computes from its lines,
 *   - the order's version moved once per accepted edit; a refused or declined step changes nothing.
 * Through the same flows the routes call (proposeEdit, answerOrderEdit), on both databases.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { orderDueCents, orderPaidCents, recordManualPayment } from '../../modules/payment/service.ts';
import { itemsAmountCents, lineTotalCents, orderAmounts } from '../../modules/order/pricing.ts';
import { resolveSession } from '../../modules/session/service.ts';
import { stockRefusalOf } from '../../modules/stock/service.ts';
import { shopWithOwner } from '../../test/console-kit.ts';
import { editableOrder } from '../../test/order-edit-kit.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { answerOrderEdit, proposeEdit, type EditStaff } from './order-edits.ts';

/** Runs and steps per run: ORDER_EDIT_PROPERTY_RUNS / ORDER_EDIT_PROPERTY_STEPS to run it bigger. */
const RUNS = Number(process.env.ORDER_EDIT_PROPERTY_RUNS ?? 8);
const STEPS = Number(process.env.ORDER_EDIT_PROPERTY_STEPS ?? 6);
const seen = new Map<string, number>();
const saw = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);

/** 0: the banana (untracked), 1: milk (tracked, 6 on hand), 2: cheese (kilo, tracked, 2,5 kg on hand). */
const changeArb = fc.oneof(
  fc.record({ product: fc.constantFrom(0, 1), quantity: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ product: fc.constant(2), quantity: fc.integer({ min: 0, max: 3000 }).map((g) => g / 1000) }),
);
const stepArb = fc.record({
  /** What is due is paid (recorded by hand) before the proposal. */
  pay: fc.boolean(),
  changes: fc.uniqueArray(changeArb, { minLength: 1, maxLength: 3, selector: (c) => c.product }),
  accept: fc.boolean(),
  stale: fc.integer({ min: 0, max: 9 }).map((n) => n < 2),
});

/** Taken first, so the checks after the runs do not hang on chance: one edit accepted, one declined, one stale. */
const EVERY_OUTCOME = [
  { pay: false, changes: [{ product: 1, quantity: 2 }], accept: true, stale: false },
  { pay: false, changes: [{ product: 0, quantity: 3 }], accept: false, stale: false },
  { pay: false, changes: [{ product: 1, quantity: 5 }], accept: true, stale: true },
  { pay: false, changes: [{ product: 1, quantity: 1 }], accept: false, stale: false },
];
/** Paid, then a raise, the difference paid, then a lower total over two payments (two grants). */
const PAID_THEN_EDITED = [
  { pay: true, changes: [{ product: 1, quantity: 3 }], accept: true, stale: false },
  { pay: true, changes: [{ product: 2, quantity: 0.5 }], accept: true, stale: false },
  { pay: true, changes: [{ product: 1, quantity: 0 }], accept: true, stale: false },
  { pay: false, changes: [{ product: 0, quantity: 0 }], accept: true, stale: false },
];

describeEachDb('order edits keep stock and totals (property, issue 34)', (ctx) => {
  it(`${RUNS} runs of up to ${STEPS} proposals: ledger = levels, holds = lines, totals = pricing`, async () => {
    const { app, db } = ctx();
    const { shop } = await shopWithOwner(app, 'propriedade-edita');
    const [staffRow] = await db.query<{ id: string }>(
      `select user_id as id from shop_staff where shop_id = $1 and role = 'owner'`,
      [shop.id],
    );
    const staff: EditStaff = {
      userId: staffRow!.id,
      email: 'dona@propriedade.example',
      name: 'Dona Ana',
      role: 'owner',
      shopId: shop.id,
    };
    let phone = 5511955550000;

    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: STEPS }), async (steps) => {
        const order = await editableOrder(db, shop.id, { phone: String(phone++), onHand: 6 });
        const [cheese] = await db.query<{ id: string }>('select id from products where provider_id = $1', [
          order.cheese,
        ]);
        await db.query('insert into stock_settings (product_id, shop_id, track) values ($1, $2, true)', [
          cheese!.id,
          shop.id,
        ]);
        await db.query(
          `insert into stock_movements (shop_id, unit_id, product_id, reason, on_hand_delta, actor, note)
           values ($1, $2, $2, 'adjustment', 2500, 'staff', 'Contagem')`,
          [shop.id, cheese!.id],
        );
        const session = (await resolveSession(db, order.contactCode))!;
        const codes = [order.banana, order.milk.code, order.cheese];
        let accepted = 0;
        let version = (await orderOf(order.orderId)).version;

        for (const step of steps) {
          const changes = step.changes.map((c) => ({ providerId: codes[c.product]!, quantity: c.quantity }));
          if (step.pay) {
            await payWhatIsDue(order.orderId);
            version = (await orderOf(order.orderId)).version; // becoming paid moves the order's version
          }
          const paidBefore = (await orderOf(order.orderId)).status === 2;
          const before = await snapshot(order.orderId);
          try {
            const edit = await proposeEdit(db, staff, order.orderId, {
              version: step.stale ? version - 1 : version,
              changes,
            });
            saw('proposed');
            if (paidBefore) saw('proposed on a paid order');
            // Nothing more to pay (a lower or equal total): the shop's edit applied at once.
            if (edit.state === 'accepted') {
              accepted += 1;
              version += 1;
              saw('applied at once');
              await checkInvariants(order.orderId, version);
              continue;
            }
            await answerOrderEdit(db, session, edit.id, step.accept);
            if (step.accept) {
              accepted += 1;
              version += 1;
              saw('accepted');
            } else saw('declined');
          } catch (error) {
            // The error handler answers a short unit as the confirm's 409 (stockRefusalOf).
            const refusal = error instanceof AppError ? error : stockRefusalOf(error);
            if (!refusal || refusal.status >= 500) throw error;
            saw(`refused ${refusal.code}`);
            expect(await snapshot(order.orderId)).toEqual(before);
          }
          await checkInvariants(order.orderId, version);
        }
        expect(accepted).toBeLessThanOrEqual(steps.length);
      }),
      { numRuns: RUNS, examples: [[EVERY_OUTCOME], [PAID_THEN_EDITED]] },
    );
    // The property is not vacuous: edits were accepted, declined and refused (stale, nothing, short stock).
    expect(seen.get('accepted')).toBeGreaterThan(0);
    expect(seen.get('declined')).toBeGreaterThan(0);
    expect(seen.get('applied at once')).toBeGreaterThan(0);
    expect([...seen.keys()].some((k) => k.startsWith('refused'))).toBe(true);
    expect(seen.get('paid')).toBeGreaterThan(0);
    expect(seen.get('proposed on a paid order')).toBeGreaterThan(0);

    /** Records what is due as a Pix received by hand (the order Finalized when it covers the total). */
    async function payWhatIsDue(orderId: string) {
      const order = await orderOf(orderId);
      const due = await orderDueCents(db, { id: orderId, total_cents: order.total_cents });
      if (due <= 0) return;
      saw('paid');
      const body = {
        amountCents: due,
        method: 3 as const,
        means: null,
        receivedAt: new Date().toISOString(),
        note: '',
        reference: '',
      };
      await db.transaction((tx) =>
        recordManualPayment(
          tx,
          shop.id,
          orderId,
          body,
          { id: staff.userId, name: 'Dona Ana' },
          `prop-${newId('tok')}`,
        ),
      );
    }

    async function orderOf(orderId: string) {
      const [row] = await db.query<{
        version: number;
        status: number;
        items_amount_cents: number;
        discount_cents: number;
        total_cents: number;
        checkout: Parameters<typeof orderAmounts>[0];
      }>(
        'select version, status, items_amount_cents, discount_cents, total_cents, checkout from orders where id = $1',
        [orderId],
      );
      return row!;
    }

    async function snapshot(orderId: string) {
      const [row] = await db.query<{ order: unknown; lines: unknown; moves: number }>(
        `select (select row_to_json(o) from (select version, total_cents from orders where id = $1) o) as order,
                (select json_agg(json_build_object('q', quantity, 't', total_cents) order by line_index)
                   from order_items where order_id = $1) as lines,
                (select count(*)::int from stock_movements where order_id = $1) as moves`,
        [orderId],
      );
      return row;
    }

    async function checkInvariants(orderId: string, version: number) {
      const levels = await db.query<{
        unit_id: string;
        on_hand: number;
        held: number;
        ledger_on_hand: number;
        ledger_held: number;
      }>(
        `select l.unit_id, l.on_hand, l.held,
                (select coalesce(sum(on_hand_delta), 0)::int from stock_movements m where m.unit_id = l.unit_id) as ledger_on_hand,
                (select coalesce(sum(held_delta), 0)::int from stock_movements m where m.unit_id = l.unit_id) as ledger_held
           from stock_levels l where l.shop_id = $1`,
        [shop.id],
      );
      for (const level of levels) {
        expect([level.on_hand, level.held], level.unit_id).toEqual([level.ledger_on_hand, level.ledger_held]);
        expect(level.on_hand - level.held).toBeGreaterThanOrEqual(0);
      }
      const holds = await db.query<{ unit_id: string; wanted: number; held: number; sold: number }>(
        `select s.product_id as unit_id,
                coalesce((select sum(case when p.sold_in_kilo then round(i.quantity * p.amount_in_kilo * 1000)
                                          else i.quantity end)::int
                            from order_items i where i.order_id = $1 and i.product_id = s.product_id), 0) as wanted,
                (select coalesce(sum(held_delta), 0)::int from stock_movements m
                  where m.order_id = $1 and m.unit_id = s.product_id) as held,
                (select coalesce(-sum(on_hand_delta), 0)::int from stock_movements m
                  where m.order_id = $1 and m.unit_id = s.product_id and m.reason in ('sold', 'edit')) as sold
           from stock_settings s join products p on p.id = s.product_id
          where s.track and p.id in (select product_id from order_items where order_id = $1
                                     union select product_id from stock_movements where order_id = $1)`,
        [orderId],
      );
      const order = await orderOf(orderId);
      for (const hold of holds) {
        expect(hold.held + hold.sold, hold.unit_id).toBe(hold.wanted);
        if (order.status === 2) expect(hold.held, hold.unit_id).toBe(0);
      }
      const paid = await orderPaidCents(db, orderId);
      const [grants] = await db.query<{ cents: number }>(
        'select coalesce(sum(amount_cents), 0)::int as cents from order_refunds where order_id = $1',
        [orderId],
      );
      expect(grants!.cents).toBeLessThanOrEqual(paid);
      if ((await orderDueCents(db, { id: orderId, total_cents: order.total_cents })) === 0)
        expect(paid - grants!.cents).toBe(order.total_cents);
      expect(order.version).toBe(version);
      const lines = await db.query<{
        quantity: string;
        unit_price_cents: number;
        promotional_price_cents: number | null;
        total_cents: number;
        is_gift: boolean;
      }>(
        'select quantity, unit_price_cents, promotional_price_cents, total_cents, is_gift from order_items where order_id = $1',
        [orderId],
      );
      for (const line of lines) {
        expect(line.total_cents).toBe(
          lineTotalCents(line.unit_price_cents, line.promotional_price_cents, Number(line.quantity)),
        );
      }
      const amounts = orderAmounts(order.checkout, itemsAmountCents(lines));
      expect([order.items_amount_cents, order.discount_cents, order.total_cents]).toEqual([
        amounts.itemsCents,
        amounts.discountCents,
        amounts.totalCents,
      ]);
    }
  }, 120_000);
});
