import { createHash } from 'node:crypto';
import { linkCatalogQuery, type LinkCatalog } from '@vitrine/contracts/catalog-link';
import { CHANNEL_BY_NAME, ChannelType, SessionType, type ChannelName } from '@vitrine/contracts/enums';
import type { CreateSessionBody } from '@vitrine/contracts/session';
import type { Db, Queryable } from '../../db/client.ts';
import { publish } from '../../db/event-bus.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId, newToken } from '../../lib/ids.ts';
import type { SessionContext } from '../../lib/session-context.ts';
import { contactForIdentity } from '../customer/service.ts';
import { findShopBySlug } from '../shop/service.ts';
import { findSessionByTokenHash, insertAgent, insertSession, type SessionRow } from './repository.ts';

export type { SessionContext };

/** The code `GET /api/session/anonymous` answers with a new anonymous session (spec §2 "default code"). */
export const ANONYMOUS_CODE = 'anonymous';

/** Session codes are stored only as their SHA-256, so a database leak does not leak live sessions. */
export function hashToken(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

function toContext(row: SessionRow): SessionContext {
  return {
    id: row.id,
    shopId: row.shop_id,
    sessionType: row.session_type as SessionType,
    channelType: row.channel_type as ChannelType,
    channelId: row.channel_id,
    userId: row.user_id,
    contactId: row.contact_id,
    agentId: row.agent_id,
    expiresAt: new Date(row.expires_at),
  };
}

/** The live session for a code, or null when unknown or expired. */
export async function resolveSession(db: Queryable, code: string): Promise<SessionContext | null> {
  const row = await findSessionByTokenHash(db, hashToken(code));
  if (!row || new Date(row.expires_at).getTime() <= Date.now()) return null;
  return toContext(row);
}

export type IssuedSession = { code: string; context: SessionContext };

/**
 * Mints a session for a contact or an agent on behalf of the contact (platform API, CLI and console). An agent
 * session opened by a console user names them (`openedBy`), so it ends with their access (endSessionsOpenedBy).
 */
export async function createPlatformSession(
  db: Db,
  ttlMs: number,
  body: CreateSessionBody,
  openedBy: string | null = null,
): Promise<IssuedSession> {
  const shop = await findShopBySlug(db, body.shop);
  if (!shop) throw new AppError('notFound', 'shopNotFound');
  const phone = body.contact.phone?.replace(/\D/g, '') || null;
  const userId = body.contact.userId ?? null;
  const channelType = CHANNEL_BY_NAME[body.channelType];
  const isAgent = body.sessionType === 'agent';
  return db.transaction(async (tx) => {
    const who = { channelType, name: body.contact.name, phone, userId };
    const contactId = await contactForIdentity(tx, shop.id, who);
    let agentId: string | null = null;
    if (isAgent) {
      agentId = newId('agt');
      await insertAgent(tx, agentId, shop.id, body.agent?.name ?? 'Atendente');
    }
    return issue(
      tx,
      ttlMs,
      {
        shop_id: shop.id,
        session_type: isAgent ? SessionType.PlatformUser : SessionType.Contact,
        channel_type: CHANNEL_BY_NAME[body.channelType],
        channel_id: (phone ?? userId)!,
        user_id: contactId,
        contact_id: contactId,
        agent_id: agentId,
      },
      isAgent ? openedBy : null,
    );
  });
}

/** Mints a fresh anonymous session (own user id, own order) for a visitor who opened the store without a code. */
export async function createAnonymousSession(
  db: Db,
  ttlMs: number,
  shopSlug: string,
): Promise<IssuedSession> {
  const shop = await findShopBySlug(db, shopSlug);
  if (!shop) throw new AppError('notFound', 'shopNotFound');
  const userId = `anonymous-${newId('usr')}`;
  return issue(db, ttlMs, {
    shop_id: shop.id,
    session_type: SessionType.Contact,
    channel_type: ChannelType.WebChat,
    channel_id: userId,
    user_id: userId,
    contact_id: null,
    agent_id: null,
  });
}

/**
 * Mints a new contact session for a contact the shop already knows, on the channel (and channel id) it was
 * reached on — the payment link the outbox worker completes at delivery (docs/decisions/0009, addendum).
 */
export function createContactSession(
  db: Queryable,
  ttlMs: number,
  contact: { shopId: string; contactId: string; channelType: ChannelType; channelId: string },
): Promise<IssuedSession> {
  return issue(db, ttlMs, {
    shop_id: contact.shopId,
    session_type: SessionType.Contact,
    channel_type: contact.channelType,
    channel_id: contact.channelId,
    user_id: contact.contactId,
    contact_id: contact.contactId,
    agent_id: null,
  });
}

async function issue(
  db: Queryable,
  ttlMs: number,
  fields: Omit<SessionRow, 'id' | 'expires_at'>,
  openedBy: string | null = null,
): Promise<IssuedSession> {
  const code = newToken();
  const row: SessionRow = { ...fields, id: newId('ses'), expires_at: new Date(Date.now() + ttlMs) };
  await insertSession(db, { ...row, token_hash: hashToken(code), opened_by: openedBy });
  return { code, context: toContext(row) };
}

/**
 * The link a contact or agent opens: the storefront with the code in the hash. With the shop's slug and the
 * contact's channel in the query (`/catalog?shop=<slug>&channel=<name>#<code>`, contacts' links) the server can
 * answer with the catalogue already drawn in the channel's style; both are public and the code, which alone
 * authorises anything, never reaches the server in a page request (docs/decisions/0019, 0025). `products-found`
 * opens the assistant's suggestions ('Sugeridos') directly.
 */
export function sessionUrl(
  publicUrl: string,
  code: string,
  contact: ContactLinkQuery | null = null,
  page: 'catalog' | 'products-found' = 'catalog',
): string {
  return `${publicUrl}/${page}${contact ? contactLinkQuery(contact) : ''}#${code}`;
}

export type ContactLinkQuery = { shop: string; channel: ChannelName; catalog?: LinkCatalog | null };

/**
 * `?shop=<slug>&channel=<name>[&catalogType=…&catalogId=…]`: what a contact's link tells the server's first view
 * (the catalogue choice also goes in the link's hash query, where the web app reads it: decision 0028).
 */
export function contactLinkQuery({ shop, channel, catalog }: ContactLinkQuery): string {
  const choice = catalog ? `&${linkCatalogQuery(catalog)}` : '';
  return `?shop=${encodeURIComponent(shop)}&channel=${channel}${choice}`;
}

/**
 * Every instance LISTENs on this channel (plugins/auth.ts): it drops the sessions a notice names from its session
 * cache and ends their open event streams, and ends the console streams of a staff member it names. A session
 * ended in the database is refused everywhere once the notification arrives.
 */
export const SESSIONS_ENDED_CHANNEL = 'vitrine_sessions_ended';
/** 50 sessions (a 64-character hash and a 30-character id each, JSON-quoted) stay under NOTIFY's 8,000 bytes. */
const SESSIONS_PER_NOTICE = 50;

export type EndedSessions = { ids: string[]; hashes: string[] };
/** One notice on SESSIONS_ENDED_CHANNEL. */
export type SessionsEndedNotice = { ended?: string[]; sessions?: string[]; staff?: string };

/**
 * Tells every instance, when `tx` commits, that these sessions have ended and, with `staffUserId`, that this
 * staff member's console sessions have too.
 */
export async function announceEndedSessions(
  tx: Queryable,
  ended: EndedSessions,
  staffUserId: string | null = null,
): Promise<void> {
  for (let i = 0; i < ended.hashes.length; i += SESSIONS_PER_NOTICE) {
    const notice: SessionsEndedNotice = {
      ended: ended.hashes.slice(i, i + SESSIONS_PER_NOTICE),
      sessions: ended.ids.slice(i, i + SESSIONS_PER_NOTICE),
    };
    await publish(tx, SESSIONS_ENDED_CHANNEL, notice);
  }
  if (staffUserId)
    await publish(tx, SESSIONS_ENDED_CHANNEL, { staff: staffUserId } satisfies SessionsEndedNotice);
}

// Offered to other modules (a module imports another only through its service.ts: docs/architecture.md).
export {
  endContactSessions,
  endSessionsOpenedBy,
  findLatestChannelId,
  findSessionAgent,
  markSessionsOpened,
} from './repository.ts';

// What routes, flows and plugins use of the module (issue 30: they import it through this face only).
export { hasPlatformKey, requirePlatformKey } from './platform-key.ts';
