import type { Queryable } from '../../db/client.ts';

export type SessionRow = {
  id: string;
  shop_id: string;
  session_type: number;
  channel_type: number;
  channel_id: string;
  user_id: string;
  contact_id: string | null;
  agent_id: string | null;
  expires_at: Date;
};

const SESSION_COLUMNS =
  'id, shop_id, session_type, channel_type, channel_id, user_id, contact_id, agent_id, expires_at';

export async function findSessionByTokenHash(db: Queryable, tokenHash: string): Promise<SessionRow | null> {
  const [row] = await db.query<SessionRow>(`select ${SESSION_COLUMNS} from sessions where token_hash = $1`, [
    tokenHash,
  ]);
  return row ?? null;
}

export async function insertSession(db: Queryable, row: SessionRow & { token_hash: string }): Promise<void> {
  await db.query(
    `insert into sessions (id, shop_id, token_hash, session_type, channel_type, channel_id, user_id, contact_id, agent_id, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      row.id,
      row.shop_id,
      row.token_hash,
      row.session_type,
      row.channel_type,
      row.channel_id,
      row.user_id,
      row.contact_id,
      row.agent_id,
      row.expires_at,
    ],
  );
}

/** Finds the contact by phone in the shop, creating it (or refreshing its name) in one statement. */
export async function insertAgent(db: Queryable, id: string, shopId: string, name: string) {
  await db.query('insert into agents (id, shop_id, name) values ($1, $2, $3)', [id, shopId, name]);
}

/** The channel id of the user's latest session (an order's conversation when no request is at hand), or null. */
export async function findLatestChannelId(
  db: Queryable,
  shopId: string,
  userId: string,
): Promise<string | null> {
  const [row] = await db.query<{ channel_id: string }>(
    'select channel_id from sessions where shop_id = $1 and user_id = $2 order by created_at desc limit 1',
    [shopId, userId],
  );
  return row?.channel_id ?? null;
}
