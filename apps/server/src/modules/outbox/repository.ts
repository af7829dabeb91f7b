import type { MessagePart } from '@vitrine/contracts/messaging';
import type { Queryable } from '../../db/client.ts';
import type { ChannelKind } from '../../adapters/channels/channel-adapter.ts';

export type OutboxKind = 'message' | 'event' | 'job';
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** What a 'message' row delivers: parts, in order, to one recipient on one channel of the row's shop. */
export type MessagePayload = {
  channel: ChannelKind;
  recipient: string;
  contactId: string | null;
  parts: MessagePart[];
  /**
   * Index of the part whose button URL gets `#<code>` of a NEW contact session when it is delivered (the card
   * payment link): the live code is minted by the worker and never stored in the outbox.
   */
  sessionLinkPart?: number;
  /** WhatsApp: an order message queued again after WhatsApp reported 131047 — sent as the approved template. */
  templateOnly?: boolean;
};
/** What an 'event' row delivers: the event's data (the envelope is built at delivery). */
export type EventPayload = { data: Record<string, unknown> };
/** What a 'job' row hands to the handler named by its type (worker.ts JobHandlers). */
export type JobPayload = { job: Record<string, unknown> };

export type OutboxRow = {
  id: string;
  shop_id: string;
  kind: OutboxKind;
  type: string;
  dedupe_key: string;
  content_hash: string;
  order_id: string | null;
  payload: MessagePayload | EventPayload | JobPayload;
  status: OutboxStatus;
  attempts: number;
  parts_done: number;
  provider_message_id: string | null;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
  /** What WhatsApp's status webhooks said after the send (migration 0062); null until one arrives. */
  delivery_status?: 'sent' | 'delivered' | 'read' | 'failed' | null;
  delivery_error?: string | null;
};

const COLUMNS = `id, shop_id, kind, type, dedupe_key, content_hash, order_id, payload, status, attempts, parts_done,
  provider_message_id, last_error, created_at, sent_at, delivery_status, delivery_error`;

export type NewOutboxRow = Pick<
  OutboxRow,
  'id' | 'shop_id' | 'kind' | 'type' | 'dedupe_key' | 'content_hash' | 'order_id' | 'payload'
>;

/** Inserts unless the shop already has a row with that dedupe key; returns the inserted row or the existing one. */
export async function insertOutboxRow(
  db: Queryable,
  row: NewOutboxRow,
): Promise<{ row: OutboxRow; inserted: boolean }> {
  const [inserted] = await db.query<OutboxRow>(
    `insert into outbox (id, shop_id, kind, type, dedupe_key, content_hash, order_id, payload)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (shop_id, dedupe_key) do nothing
     returning ${COLUMNS}`,
    [
      row.id,
      row.shop_id,
      row.kind,
      row.type,
      row.dedupe_key,
      row.content_hash,
      row.order_id,
      JSON.stringify(row.payload),
    ],
  );
  if (inserted) return { row: inserted, inserted: true };
  const [existing] = await db.query<OutboxRow>(
    `select ${COLUMNS} from outbox where shop_id = $1 and dedupe_key = $2`,
    [row.shop_id, row.dedupe_key],
  );
  if (!existing) throw new Error('outbox row vanished after conflict');
  return { row: existing, inserted: false };
}

/** The latest row of the shop with that content queued within `windowMs` (double-click guard). */
export async function findRecentSame(
  db: Queryable,
  shopId: string,
  contentHash: string,
  windowMs: number,
): Promise<OutboxRow | null> {
  const [row] = await db.query<OutboxRow>(
    `select ${COLUMNS} from outbox
      where shop_id = $1 and content_hash = $2 and created_at > now() - $3 * interval '1 millisecond'
      order by created_at desc limit 1`,
    [shopId, contentHash, windowMs],
  );
  return row ?? null;
}

/**
 * Claims up to `limit` due rows for `owner`: pending rows whose next attempt is due, and 'sending' rows whose
 * lease expired (their worker died). `for update skip locked` lets several workers claim disjoint rows; the
 * claim counts as an attempt and leases the row for `leaseMs`. Job rows only when `withJobs` (a worker
 * that has the job handlers).
 */
export async function claimDue(
  db: Queryable,
  owner: string,
  limit: number,
  leaseMs: number,
  withJobs: boolean,
): Promise<OutboxRow[]> {
  return db.query<OutboxRow>(
    `with due as (
       select id from outbox
        where ((status = 'pending' and next_attempt_at <= now())
           or (status = 'sending' and lease_until < now()))
          and ($4 or kind <> 'job')
        order by next_attempt_at, id
        limit $2
        for update skip locked
     )
     update outbox o set status = 'sending', attempts = o.attempts + 1, lease_owner = $1,
            lease_until = now() + $3 * interval '1 millisecond'
       from due where o.id = due.id
     returning ${COLUMNS.split(',')
       .map((c) => `o.${c.trim()}`)
       .join(', ')}`,
    [owner, limit, leaseMs, withJobs],
  );
}

/**
 * Extends the lease of a row this worker still owns (before each delivery and while a slow one runs); false when
 * the lease was lost (it expired and another worker claimed the row): the caller must not deliver.
 */
export async function extendLease(
  db: Queryable,
  id: string,
  owner: string,
  leaseMs: number,
): Promise<boolean> {
  const rows = await db.query(
    `update outbox set lease_until = now() + $3 * interval '1 millisecond'
      where id = $1 and lease_owner = $2 and status = 'sending' and lease_until > now() returning id`,
    [id, owner, leaseMs],
  );
  return rows.length > 0;
}

/** Records one more delivered part (so a retry resumes after it); false when the lease was lost. */
export async function markPartDone(
  db: Queryable,
  id: string,
  owner: string,
  partsDone: number,
  providerIds: string,
): Promise<boolean> {
  const rows = await db.query(
    `update outbox set parts_done = $3, provider_message_id = $4 where id = $1 and lease_owner = $2 and status = 'sending' returning id`,
    [id, owner, partsDone, providerIds],
  );
  return rows.length > 0;
}

export async function markSent(
  db: Queryable,
  id: string,
  owner: string,
  providerIds: string,
): Promise<boolean> {
  const rows = await db.query(
    `update outbox set status = 'sent', provider_message_id = $3, sent_at = now(), last_error = null,
            lease_owner = null, lease_until = null
      where id = $1 and lease_owner = $2 and status = 'sending' returning id`,
    [id, owner, providerIds],
  );
  return rows.length > 0;
}

/** Back to pending after `delayMs`, or 'failed' for good when `final`. */
export async function markAttemptFailed(
  db: Queryable,
  id: string,
  owner: string,
  error: string,
  final: boolean,
  delayMs: number,
): Promise<void> {
  await db.query(
    `update outbox set status = $3, last_error = $4, next_attempt_at = now() + $5 * interval '1 millisecond',
            lease_owner = null, lease_until = null
      where id = $1 and lease_owner = $2 and status = 'sending'`,
    [id, owner, final ? 'failed' : 'pending', error.slice(0, 500), delayMs],
  );
}

/** The order's messages, events and jobs, oldest first. */
export async function listOrderRows(db: Queryable, shopId: string, orderId: string): Promise<OutboxRow[]> {
  return db.query<OutboxRow>(
    `select ${COLUMNS} from outbox where shop_id = $1 and order_id = $2 order by created_at, id`,
    [shopId, orderId],
  );
}

/** Latest message rows of the given shops (demo inbox). */
export async function listRecentMessages(
  db: Queryable,
  limit: number,
): Promise<(OutboxRow & { shop_slug: string; shop_name: string; contact_name: string | null })[]> {
  return db.query(
    `select ${COLUMNS.split(',')
      .map((c) => `o.${c.trim()}`)
      .join(', ')}, s.slug as shop_slug, s.name as shop_name,
            c.name as contact_name
       from outbox o join shops s on s.id = o.shop_id
       left join contacts c on c.id = o.payload ->> 'contactId' and c.shop_id = o.shop_id
      where o.kind = 'message'
      order by o.created_at desc, o.id desc limit $1`,
    [limit],
  );
}

/** Whether the shop's outbox already holds an entry with `dedupeKey`. */
export async function hasDedupeKey(db: Queryable, shopId: string, dedupeKey: string): Promise<boolean> {
  const rows = await db.query('select 1 from outbox where shop_id = $1 and dedupe_key = $2', [
    shopId,
    dedupeKey,
  ]);
  return rows.length > 0;
}

/** Where an order's WhatsApp `order_details` message went (its row's channel, recipient and reference). */
export type OrderDetailsTarget = Pick<MessagePayload, 'channel' | 'recipient' | 'contactId'> & {
  referenceId: string;
};

/** The first `order_details` message queued for the order, if any (order_status messages follow it). */
export async function findOrderDetailsTarget(
  db: Queryable,
  shopId: string,
  orderId: string,
): Promise<OrderDetailsTarget | null> {
  const [row] = await db.query<OrderDetailsTarget>(
    `select payload->>'channel' as channel, payload->>'recipient' as recipient,
            payload->>'contactId' as "contactId", part->'order'->>'referenceId' as "referenceId"
       from outbox, jsonb_array_elements(payload->'parts') part
      where shop_id = $1 and order_id = $2 and kind = 'message' and part->'order'->>'kind' = 'details'
      order by created_at, id limit 1`,
    [shopId, orderId],
  );
  return row ?? null;
}

/**
 * LGPD erasure: the contact's messages and events (named by contact, by one of its orders, or carrying one of its
 * identifiers) keep their row — what was sent, when — with the payload replaced; those not yet delivered are not.
 */
export async function redactContactOutbox(
  tx: Queryable,
  shopId: string,
  contactId: string,
  orderIds: string[],
  identifiers: string[],
): Promise<number> {
  const rows = await tx.query<{ id: string }>(
    `update outbox set payload = jsonb_build_object('redacted', true),
            status = case when status in ('pending', 'sending') then 'failed' else status end,
            last_error = case when status in ('pending', 'sending') then 'Dados do cliente apagados (LGPD).'
                              else last_error end,
            lease_owner = null, lease_until = null
      where shop_id = $1
        and (payload ->> 'contactId' = $2 or order_id = any($3::text[])
             or exists (select 1 from unnest($4::text[]) n where strpos(payload::text, n) > 0))
      returning id`,
    [shopId, contactId, orderIds, identifiers],
  );
  return rows.length;
}
