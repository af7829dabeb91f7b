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

export async function insertSession(
  db: Queryable,
  row: SessionRow & { token_hash: string; opened_by: string | null },
): Promise<void> {
  await db.query(
    `insert into sessions (id, shop_id, token_hash, session_type, channel_type, channel_id, user_id, contact_id, agent_id, expires_at, opened_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
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
      row.opened_by,
    ],
  );
}

/** Finds the contact by phone in the shop, creating it (or refreshing its name) in one statement. */
export async function insertAgent(db: Queryable, id: string, shopId: string, name: string) {
  await db.query('insert into agents (id, shop_id, name) values ($1, $2, $3)', [id, shopId, name]);
}

/** Who sells through an agent session: the agent's name and, for a session a console user opened, that user. */
export async function findSessionAgent(
  db: Queryable,
  sessionId: string,
): Promise<{ id: string; name: string; staffUserId: string | null } | null> {
  const [row] = await db.query<{ id: string; name: string; opened_by: string | null }>(
    `select a.id, a.name, s.opened_by from sessions s join agents a on a.id = s.agent_id where s.id = $1`,
    [sessionId],
  );
  return row ? { id: row.id, name: row.name, staffUserId: row.opened_by } : null;
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

/**
 * Ends every session of the contact and forgets how the channel named them (LGPD erasure): the channel id and
 * user id become a placeholder, the session expires now. Answers the user ids it held, for the owners of the
 * tables that copied them.
 */
export async function endContactSessions(
  tx: Queryable,
  shopId: string,
  contactId: string,
): Promise<string[]> {
  const rows = await tx.query<{ user_id: string }>(
    `select distinct user_id from sessions where shop_id = $1 and contact_id = $2`,
    [shopId, contactId],
  );
  await tx.query(
    `update sessions set channel_id = 'removido', user_id = 'removido-' || contact_id,
            expires_at = least(expires_at, now())
      where shop_id = $1 and contact_id = $2`,
    [shopId, contactId],
  );
  return rows.map((r) => r.user_id);
}

/**
 * Ends, now, the live sessions a staff member opened (in one shop, or in every shop when `shopId` is null) and
 * answers their ids and token hashes, so every instance can drop them from its session cache and end their streams.
 */
export async function endSessionsOpenedBy(
  tx: Queryable,
  staffUserId: string,
  shopId: string | null,
): Promise<{ ids: string[]; hashes: string[] }> {
  const rows = await tx.query<{ id: string; token_hash: string }>(
    `update sessions set expires_at = now()
      where opened_by = $1 and ($2::text is null or shop_id = $2) and expires_at > now()
      returning id, token_hash`,
    [staffUserId, shopId],
  );
  return { ids: rows.map((r) => r.id), hashes: rows.map((r) => r.token_hash) };
}

/**
 * Marks when each contact session's link was first opened (issue 37's funnel): the earliest instant given, once
 * per session, for a batch (modules/analytics writes them off the request path).
 */
export async function markSessionsOpened(db: Queryable, opened: { id: string; at: Date }[]): Promise<void> {
  if (opened.length === 0) return;
  await db.query(
    `update sessions s set opened_at = b.at
       from (select id, min(at) as at from unnest($1::text[], $2::timestamptz[]) as u (id, at) group by id) b
      where s.id = b.id and s.opened_at is null`,
    [opened.map((o) => o.id), opened.map((o) => o.at.toISOString())],
  );
}
