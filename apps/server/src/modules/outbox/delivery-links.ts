/**
 * Links completed when a part is delivered, so the outbox never holds a live session code: an image or button
 * given as a path (`/api/pix/qr.png?…`, `/order/payment`) gets the public URL, a per-order document link (QR
 * image, boleto PDF) gets its expiring signature (lib/signed-url.ts), and the part at
 * `sessionLinkPart` gets `#<code>` of a NEW contact session for the row's contact, shop and channel
 * (docs/decisions/0009-outbox-and-channels.md, addendum). A retried part mints another code; the unused one
 * just expires.
 */
import { CHANNEL_BY_NAME } from '@vitrine/contracts/enums';
import type { MessagePart } from '@vitrine/contracts/messaging';
import type { Queryable } from '../../db/client.ts';
import type { DocumentSigner } from '../../lib/signed-url.ts';
import { ChannelError } from '../../adapters/channels/channel-adapter.ts';
import { createContactSession } from '../session/service.ts';
import type { MessagePayload } from './repository.ts';

export type DeliveryLinks = {
  publicUrl: string;
  sessionTtlMs: number;
  /** Signs links to per-order documents (Pix QR, boleto PDF): the contact opens them without a session. */
  signDocument?: DocumentSigner;
};

/** Part `index` of a message row as the contact receives it. */
export async function completePart(
  db: Queryable,
  links: DeliveryLinks | undefined,
  shopId: string,
  payload: MessagePayload,
  index: number,
): Promise<MessagePart> {
  const part = payload.parts[index]!;
  const wantsSession = payload.sessionLinkPart === index;
  if (!links) {
    if (wantsSession) throw new ChannelError('worker sem configuração de links de sessão', false);
    return part;
  }
  const sign = links.signDocument ?? ((url: string) => url);
  const absolute = (url: string) => sign(url.startsWith('/') ? `${links.publicUrl}${url}` : url);
  const button = part.button ? { ...part.button, url: absolute(part.button.url) } : part.button;
  if (wantsSession && button && payload.contactId) {
    const issued = await createContactSession(db, links.sessionTtlMs, {
      shopId,
      contactId: payload.contactId,
      channelType: CHANNEL_BY_NAME[payload.channel],
      channelId: payload.recipient,
    });
    // `/catalog#?catalogType=…` → `/catalog#<code>?catalogType=…`; `/order` → `/order#<code>`.
    button.url = button.url.includes('#')
      ? button.url.replace('#', `#${issued.code}`)
      : `${button.url}#${issued.code}`;
  }
  return { ...part, imageUrl: part.imageUrl ? absolute(part.imageUrl) : part.imageUrl, button };
}
