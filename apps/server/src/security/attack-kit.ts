/**
 * The attacker's suite's world: a victim contact in the 'hortifruti' shop with personal data, an address, a
 * confirmed order with a boleto charge, an open order with an item, a linked Tray store — and the callers that
 * try to reach them. `victimSnapshot` re-reads everything of the victim (and of the victim's shop settings).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PaymentMethod } from '@vitrine/contracts/enums';
import type { Db } from '../db/client.ts';
import { readyAgentOrder } from '../flows/checkout/agent-confirm-test-kit.ts';
import { session } from '../modules/checkout/checkout-test-kit.ts';
import { mintSession, shopId as shopIdOf } from '../modules/order/order-test-kit.ts';
import { hashToken, resolveSession } from '../modules/session/service.ts';

export type Victim = {
  shop: string;
  shopId: string;
  otherShop: string;
  phone: string;
  name: string;
  email: string;
  cpf: string;
  contactId: string;
  userId: string;
  /** The victim's own contact session, and the agent session of the victim's conversation. */
  contactCode: string;
  agentCode: string;
  confirmedOrderId: string;
  openOrderId: string;
  paymentId: string;
  trayStore: string;
  trayApiAddress: string;
};

/** Sets the victim up through the API, as the shop's agent and the contact would. */
export async function setUpVictim(app: FastifyInstance, db: Db): Promise<Victim> {
  const tag = randomBytes(3).toString('hex');
  const phone = `55119${String(parseInt(tag, 16) % 1e8).padStart(8, '0')}`;
  const name = `Zélia Vítima ${tag}`;
  const email = `zelia.${tag}@vitima.example`;
  const cpf = '111.444.777-35';
  const agent = await readyAgentOrder(app, phone, PaymentMethod.Boleto);
  await agent.okCall('POST', '/api/customer/update', { name, email, document: cpf });
  const confirmed = await agent.okCall('POST', '/api/order/confirm', {});
  const contactCode = await mintSession(app, { phone });
  const contact = session(app, contactCode);
  const charge = await contact.okCall('POST', '/api/order/payment/charge');
  const open = await contact.okCall('POST', '/api/order/items/', { providerId: 'CK-20', quantity: 1 });
  const context = (await resolveSession(db, contactCode))!;
  const shopId = await shopIdOf(db, 'hortifruti');
  const trayStore = `loja-vitima-${tag}`;
  const trayApiAddress = `https://${trayStore}.example/web_api`;
  await db.query(
    `insert into tray_stores (id, shop_id, store_key, api_address, status, access_token_enc, refresh_token_enc,
       access_expires_at, refresh_expires_at)
     values ($1, $2, $3, $4, 'active', 'x', 'x', now() + interval '1 day', now() + interval '30 days')`,
    [`trs_${tag}`, shopId, trayStore, trayApiAddress],
  );
  return {
    shop: 'hortifruti',
    shopId,
    otherShop: 'moda',
    phone,
    name,
    email,
    cpf,
    contactId: context.contactId!,
    userId: context.userId,
    contactCode,
    agentCode: agent.code,
    confirmedOrderId: confirmed.id,
    openOrderId: open.id,
    paymentId: String(charge.paymentId),
    trayStore,
    trayApiAddress,
  };
}

/** Everything of the victim, and of the victim's shop configuration, as JSON text (any change shows). */
export async function victimSnapshot(db: Db, victim: Victim): Promise<string> {
  const rows = async (sql: string, params: unknown[]) => db.query<Record<string, unknown>>(sql, params);
  const orders = `select id from orders where user_id = $1`;
  return JSON.stringify({
    contact: await rows('select * from contacts where id = $1', [victim.contactId]),
    addresses: await rows('select * from addresses where contact_id = $1 order by id', [victim.contactId]),
    orders: await rows('select * from orders where user_id = $1 order by id', [victim.userId]),
    items: await rows(`select * from order_items where order_id in (${orders}) order by id`, [victim.userId]),
    payments: await rows('select * from payments where user_id = $1 order by id', [victim.userId]),
    events: await rows(
      'select * from payment_events where payment_id in (select id from payments where user_id = $1) order by id',
      [victim.userId],
    ),
    outbox: await rows(
      `select id, status, type from outbox where order_id in (${orders}) or payload->>'recipient' = $2 order by id`,
      [victim.userId, victim.phone],
    ),
    sessions: await rows('select count(*)::int as n from sessions where contact_id = $1', [victim.contactId]),
    shop: await rows('select * from shops where id = $1', [victim.shopId]),
    channels: await rows('select * from shop_channels where shop_id = $1 order by 1', [victim.shopId]),
    paymentSettings: await rows('select * from shop_payment_settings where shop_id = $1', [victim.shopId]),
    pix: await rows('select * from shop_pix where shop_id = $1', [victim.shopId]),
    chatbot: await rows('select * from chatbot_credentials where shop_id = $1', [victim.shopId]),
    tray: await rows('select * from tray_stores where shop_id = $1 order by id', [victim.shopId]),
  });
}

/** What of the victim must never appear in an answer to someone else. */
export function victimSecrets(victim: Victim): string[] {
  return [
    victim.name,
    victim.email,
    victim.cpf,
    victim.cpf.replace(/\D/g, ''),
    victim.phone,
    victim.contactCode,
    victim.agentCode,
    victim.confirmedOrderId,
    victim.openOrderId,
    victim.paymentId,
  ];
}

export type AttackerName =
  | 'otherContact'
  | 'otherShop'
  | 'sameShopAgent'
  | 'contactForAgent'
  | 'sessionForKey'
  | 'expired'
  | 'garbage'
  | 'none';

/** The bearer codes each attacker holds (null: no Authorization header). */
export async function attackerCodes(
  app: FastifyInstance,
  db: Db,
  victim: Victim,
): Promise<Record<AttackerName, string | null>> {
  const expired = await mintSession(app, { shop: victim.shop });
  await db.query(`update sessions set expires_at = now() - interval '1 minute' where token_hash = $1`, [
    hashToken(expired),
  ]);
  return {
    otherContact: await mintSession(app, { shop: victim.shop }),
    otherShop: await mintSession(app, { shop: victim.otherShop, agent: true }),
    sameShopAgent: await mintSession(app, { shop: victim.shop, agent: true }),
    contactForAgent: victim.contactCode,
    sessionForKey: victim.agentCode,
    expired,
    garbage: randomBytes(32).toString('base64url'),
    none: null,
  };
}
