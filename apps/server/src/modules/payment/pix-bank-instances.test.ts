/**
 * Issue 32's must-hold across instances: the bank delivers the same Pix notification 3 times at once, spread over
 * two servers on one PostgreSQL database → one payment, one 'order.paid'; the reconciliation started on both at
 * once runs on one (the shop's lease) and counts nothing more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePixBank, type FakeBank } from '../../adapters/pix-bank/fake-bank.ts';
import { placeTestOrder } from '../../test/board-kit.ts';
import { twoInstancesOnPostgres } from '../../test/two-instances.ts';
import { findShopOrder } from '../order/service.ts';
import { chargeOrder } from './charge.ts';
import { paymentContext } from './context.ts';
import { conversationOf } from './money-in.ts';
import { claimReconcile, finishReconcile, savePixBank } from './pix-bank-account.ts';
import { reconcileShop } from './pix-bank.ts';

const url = process.env.TEST_DATABASE_URL;
const creds = { clientId: 'duas-instancias', clientSecret: 'segredo-do-banco-456' };

describe.runIf(url)('bank Pix webhook across two instances [postgres]', () => {
  const { apps, dbs, base } = twoInstancesOnPostgres();
  let bank: FakeBank;
  beforeAll(async () => {
    bank = await startFakePixBank(creds);
  });
  afterAll(() => bank.close());

  it('3 concurrent deliveries on 2 instances → one payment; concurrent reconciliations → one run', async () => {
    const [db] = dbs;
    const app = apps[0]!;
    const shopId = 'shop_duas_instancias';
    await db!.query(
      `insert into shops (id, slug, name, settings) values ($1, 'duas-instancias', 'Duas Instâncias', '{}')`,
      [shopId],
    );
    const key = app.config.messaging.credentialsKey;
    const { webhookSecret } = await db!.transaction((tx) =>
      savePixBank(tx, key, shopId, {
        baseUrl: bank.url,
        tokenUrl: null,
        ...creds,
        certificate: null,
        privateKey: null,
        pixKey: 'duas@instancias.example',
      }),
    );
    const orderId = await placeTestOrder(db!, shopId, {
      name: 'Dora',
      phone: '5511977770001',
      totalCents: 4590,
    });
    const order = (await findShopOrder(db!, shopId, orderId))!;
    await chargeOrder(paymentContext(app), order, conversationOf(order, 'x'));
    const [charged] = await db!.query<{ txid: string }>(
      'select provider_payment_id as txid from payments where order_id = $1',
      [orderId],
    );
    const { pix } = await bank.pay(charged!.txid, { notify: false });
    const started = Date.now();
    const answers = await Promise.all(
      [apps[0]!, apps[1]!, apps[0]!].map((target) =>
        fetch(`${base(target)}/api/webhooks/pix/${shopId}/${webhookSecret}/pix`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ pix: [pix] }),
        }).then(async (res) => ({
          status: res.status,
          body: (await res.json()) as { data: { counted: number } },
        })),
      ),
    );
    const ms = Date.now() - started;
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.data.counted).sort()).toEqual([0, 0, 1]);
    const [row] = await db!.query<{ rows: number; paid: number; events: number; status: number }>(
      `select (select count(*)::int from payment_ledger where order_id = $1) as rows,
              (select coalesce(sum(amount_cents), 0)::int from payment_ledger where order_id = $1) as paid,
              (select count(*)::int from outbox where order_id = $1 and type = 'order.paid') as events,
              (select status from orders where id = $1) as status`,
      [orderId],
    );
    expect(row).toEqual({ rows: 1, paid: 4590, events: 1, status: 2 });
    // The lease: while one instance holds the shop's run, the other's start answers null.
    expect(await claimReconcile(dbs[0]!, shopId, 60_000)).not.toBeNull();
    expect(await reconcileShop(dbs[1]!, key, shopId)).toBeNull();
    await finishReconcile(dbs[0]!, shopId, new Date(Date.now() - 3600_000));
    const runs = await Promise.all(dbs.map((d) => reconcileShop(d, key, shopId)));
    expect(runs.reduce((sum, r) => sum + (r?.counted ?? 0), 0)).toBe(0);
    const [after] = await db!.query<{ rows: number }>(
      'select count(*)::int as rows from payment_ledger where order_id = $1',
      [orderId],
    );
    expect(after!.rows).toBe(1);
    console.info(
      `pix webhook ×3 on 2 instances: 1 ledger row, 1 order.paid, ${ms} ms; a held lease refuses the other instance's run, concurrent runs count nothing more`,
    );
  });
});
