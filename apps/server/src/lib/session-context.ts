/**
 * Who a request acts for (modules/session resolves it from the session code): every module takes it, so it sits
 * below them; the session module re-exports it from its face.
 */
import type { ChannelType, SessionType } from '@vitrine/contracts/enums';

export type SessionContext = {
  id: string;
  shopId: string;
  sessionType: SessionType;
  channelType: ChannelType;
  channelId: string;
  /** The customer the session buys for: a contact id, or `anonymous-…` for anonymous visitors. */
  userId: string;
  contactId: string | null;
  agentId: string | null;
  expiresAt: Date;
};
