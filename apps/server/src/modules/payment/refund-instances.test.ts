/**
 * Issue 34's must-hold across instances (decision 0050): one granted refund sent at once from two servers on one
 * PostgreSQL database reaches the provider once and is one ledger row, one `order.refunded`, one message. The
 * provider is one scripted fake both instances call (a real provider is one too), answering slowly so the sends
 * overlap; each instance has its own connection pool. Also: a lost answer retried on the other instance, and a
 * send whose lease ran out while the provider was still answering, never refund twice.
 */
import { describe, expect, it } from 'vitest';
import { shopWithOwner } from '../../test/console-kit.ts';
import { twoInstancesOnPostgres } from '../../test/two-instances.ts';
import { AppError } from '../../lib/app-error.ts';
import { paymentContext } from './context.ts';
import { grantRefund } from './refund-grant.ts';
import { sendRefund } from './refund-send.ts';
import { fakeProvider, propKey, scriptedContext, soldOrder, staffActor } from './refund-test-kit.ts';

const url = process.env.TEST_DATABASE_URL;
const codeOf = (error: unknown) => (error instanceof AppError ? error.code : String(error));

describe.runIf(url)('one refund sent from two instances [postgres]', () => {
  const { apps, dbs } = twoInstancesOnPostgres();

  it('3 concurrent sends over 2 instances → one refund at the provider, one ledger row, one event', async () => {
    const db = dbs[0]!;
    const { shop } = await shopWithOwner(apps[0]!, 'duas-instancias-rfd');
    const provider = fakeProvider();
    const contexts = apps.map((app) => scriptedContext(paymentContext(app), provider));
    const counts = async (orderId: string) =>
      (
        await db.query<{ ledger: number; events: number; messages: number }>(
          `select (select count(*)::int from payment_ledger where order_id = $1 and order_refund_id is not null) as ledger,
                  (select count(*)::int from outbox where order_id = $1 and type = 'order.refunded') as events,
                  (select count(*)::int from outbox where order_id = $1 and type = 'refund-sent') as messages`,
          [orderId],
        )
      )[0]!;
    const grantOn = async (orderId: string, cents: number) =>
      (
        await db.transaction((tx) =>
          grantRefund(
            tx,
            shop.id,
            orderId,
            { lines: [], amountCents: cents, reason: 'Duas instâncias', restock: false, entryId: null },
            staffActor,
            propKey(),
          ),
        )
      ).refund;
    const body = { manual: false, reference: null };

    const sold = await soldOrder(db, shop.id, {
      phone: '5511966660001',
      totalCents: 5000,
      quantity: 1,
      onHand: 5,
    });
    const refund = await grantOn(sold.orderId, 1500);
    provider.delayMs = 300;
    const started = Date.now();
    const answers = await Promise.all(
      [0, 1, 0].map((i) =>
        sendRefund(contexts[i]!, shop.id, sold.orderId, refund.id, body, staffActor).catch((e: unknown) => e),
      ),
    );
    const elapsed = Date.now() - started;
    expect(answers.filter((a) => !(a instanceof Error)).map((a) => (a as { sent: boolean }).sent)).toEqual([
      true,
    ]);
    expect(
      answers
        .filter((a) => a instanceof Error)
        .map(codeOf)
        .sort(),
    ).toEqual(['refundSending', 'refundSending']);
    expect(provider.calls).toBe(1);
    expect([...provider.refunds.values()]).toEqual([1500]);
    expect(await counts(sold.orderId)).toEqual({ ledger: 1, events: 1, messages: 1 });
    console.log(`[refunds] 3 sends over 2 instances, provider answering in 300 ms: ${elapsed} ms, 1 refund`);

    // The provider refunds but its answer is lost on instance 0; the retry on instance 1 asks the same key.
    const lost = await grantOn(sold.orderId, 1000);
    provider.delayMs = 0;
    provider.next = 'lost';
    expect(await sendRefund(contexts[0]!, shop.id, sold.orderId, lost.id, body, staffActor)).toMatchObject({
      sent: false,
      refund: { status: 'failed', failure: expect.stringContaining('Tente novamente') },
    });
    provider.next = 'ok';
    expect(await sendRefund(contexts[1]!, shop.id, sold.orderId, lost.id, body, staffActor)).toMatchObject({
      sent: true,
    });
    expect([...provider.refunds.values()]).toEqual([1500, 1000]);

    // A send whose lease runs out while the provider is still answering: the other instance takes over with the
    // same key; the provider refunds once and the first send's late answer records nothing.
    const slow = await grantOn(sold.orderId, 500);
    provider.delayMs = 400;
    const first = sendRefund(contexts[0]!, shop.id, sold.orderId, slow.id, body, staffActor, 50);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const second = await sendRefund(contexts[1]!, shop.id, sold.orderId, slow.id, body, staffActor);
    await first;
    expect(second).toMatchObject({ sent: true });
    expect([...provider.refunds.values()]).toEqual([1500, 1000, 500]);
    expect(await counts(sold.orderId)).toEqual({ ledger: 3, events: 3, messages: 3 });
  }, 60_000);
});
