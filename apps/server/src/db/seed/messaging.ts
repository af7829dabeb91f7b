/**
 * Demo messaging settings: the Pix receiver of the two demo shops (keys are examples, not real accounts).
 * Channels are left unconfigured, so in demo mode every message goes to the fake channel (/dev/inbox).
 * Idempotent. seedDemo calls it after the shops exist: `await seedMessagingDemo(db);`.
 */
import type { Db } from '../client.ts';

const DEMO_PIX: Record<string, { pixKey: string; merchantName: string; city: string }> = {
  hortifruti: {
    pixKey: '123e4567-e12b-12d1-a456-426655440000',
    merchantName: 'Hortifruti Bom Preço',
    city: 'São Paulo',
  },
  moda: {
    pixKey: 'pix@modavitrine.com.br',
    merchantName: 'Moda Vitrine Confecções Ltda',
    city: 'Rio de Janeiro',
  },
};

export async function seedMessagingDemo(db: Db): Promise<void> {
  for (const [slug, pix] of Object.entries(DEMO_PIX)) {
    await db.query(
      `insert into shop_pix (shop_id, pix_key, merchant_name, city)
       select id, $2, $3, $4 from shops where slug = $1
       on conflict (shop_id) do nothing`,
      [slug, pix.pixKey, pix.merchantName, pix.city],
    );
  }
}
