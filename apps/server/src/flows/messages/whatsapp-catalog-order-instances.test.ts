/**
 * Orders from WhatsApp's own catalogue on two instances (issue 35): two servers on one PostgreSQL database, each with
 * its own pool. Meta delivers the same `order` message to each — once as it is, once regrouped with a status, so
 * each queues its own job — and both workers drain at once, with three more handlers of the message on each
 * instance: one order, one stock hold, one message to the contact.
 */
import { describe, expect, it } from 'vitest';
import {
  APP_SECRET,
  bodyOf,
  drain,
  exampleShop,
  exampleValue,
  held,
  orderExample,
  placedOrders,
  post,
  SENDER,
  type Ctx,
} from '../../test/catalog-order-kit.ts';
import { testConfig } from '../../test/test-app.ts';
import { twoInstancesOnPostgres } from '../../test/two-instances.ts';
import { receiveCatalogOrders } from './whatsapp-catalog-order.ts';

const url = process.env.TEST_DATABASE_URL;
const config = testConfig({ messaging: { ...testConfig().messaging, whatsappAppSecret: APP_SECRET } });

describe.runIf(url)('orders from WhatsApp catalogue on two instances [postgres]', () => {
  const { apps, dbs } = twoInstancesOnPostgres(async () => undefined, { messaging: config.messaging });
  const instance = (i: number): Ctx => ({ app: apps[i]!, db: dbs[i]!, config });

  it('the same message delivered to both instances and handled at once places one order', async () => {
    const [a, b] = [instance(0), instance(1)];
    const { shop, coffee } = await exampleShop(a);
    const regrouped = exampleValue();
    regrouped.statuses = [{ id: 'wamid.OTHER', status: 'read', timestamp: '1', recipient_id: SENDER }];
    const answers = await Promise.all([post(a, JSON.stringify(orderExample)), post(b, bodyOf(regrouped))]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const value = exampleValue();
    const [receivedA, receivedB, ...handled] = await Promise.all([
      drain(a),
      drain(b),
      ...[a, b, a, b, a, b].map((ctx) => receiveCatalogOrders(ctx.db, null, shop, value)),
    ]);
    // Eight handlers in all (two jobs, six direct): one placed, the others found the claim.
    expect(handled.flat().filter((note) => note.includes('já recebido')).length).toBeGreaterThanOrEqual(5);
    const after = await drain(b); // a message queued by a handler that finished after the drains
    expect(await placedOrders(a, shop)).toHaveLength(1);
    expect(await held(b, coffee)).toBe(2);
    const sent = [...receivedA, ...receivedB, ...after].filter((part) => part.button?.label === 'Ver pedido');
    expect(sent).toHaveLength(1);
  });
});
