/** Helpers of the agent-confirmation suites: an agent session with a hortifruti order ready to confirm. */
import type { FastifyInstance } from 'fastify';
import { PAULISTA_ADDRESS, session, VALID_CPF } from '../../modules/checkout/checkout-test-kit.ts';
import { mintSession } from '../../modules/order/order-test-kit.ts';

/**
 * An agent session for the contact `phone` (hortifruti, WhatsApp) with a R$ 69,90 order ready to confirm
 * (3 × CK-20, delivery R$ 9,90, a schedule slot), paid with `method` — or the pay-on-delivery `payment` — on
 * `channel` (default WhatsApp).
 */
export async function readyAgentOrder(
  app: FastifyInstance,
  phone: string,
  method: number,
  payment?: object,
  channel = 'whatsapp',
) {
  const code = await mintSession(app, { agent: true, phone, channel });
  const s = session(app, code);
  await s.okCall('POST', '/api/customer/update', {
    name: 'Maria Silva',
    email: 'maria@example.com',
    document: VALID_CPF,
  });
  await s.okCall('POST', '/api/order/address/', PAULISTA_ADDRESS);
  await s.okCall('POST', '/api/order/items/', { providerId: 'CK-20', quantity: 3 });
  await s.okCall('POST', '/api/order/logistic/', {
    type: 1,
    providerId: 'loja-paulista-entrega',
    addressIndex: 0,
  });
  const days = (await s.okCall('GET', '/api/order/schedule')) as unknown as {
    options: { id: string; enabled: boolean }[];
  }[];
  await s.okCall('POST', '/api/order/schedule', { id: days[0]?.options.find((o) => o.enabled)?.id });
  if (payment) await s.okCall('POST', '/api/order/payment/delivery', payment);
  else await s.okCall('POST', `/api/order/payment/method?paymentMethod=${method}`);
  return { ...s, phone, code };
}
