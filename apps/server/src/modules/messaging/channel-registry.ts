/**
 * Which adapter delivers a shop's messages: the shop's own credentials (shop_channels, secrets decrypted
 * only here, never logged), else — in demo mode — the fake channel, else a non-retryable "not configured".
 * Rows are scoped by shop id, so a message can only leave through its own shop's account.
 */
import type { MessagingConfig } from '../../config.ts';
import type { Queryable } from '../../db/client.ts';
import {
  ChannelError,
  type AdapterRegistry,
  type ChannelAdapter,
  type ChannelKind,
  type EventSink,
} from '../../adapters/channels/channel-adapter.ts';
import { FakeChannel, type FakeDelivery } from '../../adapters/channels/fake-channel.ts';
import { MetaSendApiAdapter } from '../../adapters/channels/meta-send-api.ts';
import { ChatbotWebhook } from '../../adapters/channels/webchat-webhook.ts';
import { WhatsAppCloudAdapter } from '../../adapters/channels/whatsapp-cloud.ts';
import { guardedFetch } from '../../adapters/public-address.ts';
import { credentialContext, CredentialCipher } from './credential-cipher.ts';

export type ShopChannelKind = 'whatsapp' | 'messenger' | 'instagram' | 'webhook';
type ChannelRow = { config: Record<string, string>; secret_enc: string };
// kind webhook: config.url receives the events, config.webchatUrl (optional, else url) the WebChat messages.

/** Stores (or replaces) a shop's channel: non-secret ids in config, the token or HMAC secret encrypted. */
export async function saveShopChannel(
  db: Queryable,
  key: Buffer,
  shopId: string,
  kind: ShopChannelKind,
  config: Record<string, string>,
  secret: string,
): Promise<void> {
  const sealed = new CredentialCipher(key).seal(secret, credentialContext(shopId, kind));
  await db.query(
    `insert into shop_channels (shop_id, kind, config, secret_enc) values ($1, $2, $3, $4)
     on conflict (shop_id, kind) do update set config = excluded.config, secret_enc = excluded.secret_enc,
       updated_at = now()`,
    [shopId, kind, JSON.stringify(config), sealed],
  );
}

/** Removes a shop's channel (its messages then fail as "not configured", or go to the fake channel in demo). */
export async function deleteShopChannel(db: Queryable, shopId: string, kind: ShopChannelKind): Promise<void> {
  await db.query('delete from shop_channels where shop_id = $1 and kind = $2', [shopId, kind]);
}

/** Demo deliveries of this process (the inbox reads the outbox rows; this is for logs and tests). */
export const demoDeliveries: FakeDelivery[] = [];

/**
 * The production registry: credentials from the database, fake channel only when allowed (demo). The chatbot's
 * webhooks (URLs a shop typed) go through `webhookFetch`: by default the guarded fetch, which outside demo mode
 * refuses private addresses at connect time; tests may pass one with an injected resolver.
 */
export function databaseRegistry(
  db: Queryable,
  config: MessagingConfig,
  webhookFetch: typeof fetch = guardedFetch({ allowPrivate: config.privateWebhooks }),
): AdapterRegistry {
  const cipher = config.credentialsKey ? new CredentialCipher(config.credentialsKey) : null;

  async function load(
    shopId: string,
    kind: ShopChannelKind,
  ): Promise<{ config: Record<string, string>; secret: string } | null> {
    const [row] = await db.query<ChannelRow>(
      'select config, secret_enc from shop_channels where shop_id = $1 and kind = $2',
      [shopId, kind],
    );
    if (!row) return null;
    if (!cipher) throw new ChannelError('chave das credenciais ausente (MESSAGING_CREDENTIALS_KEY)', false);
    try {
      return { config: row.config, secret: cipher.open(row.secret_enc, credentialContext(shopId, kind)) };
    } catch {
      throw new ChannelError('credencial do canal ilegível (chave errada ou dado alterado)', false);
    }
  }

  function unconfigured(shopId: string, what: string): FakeChannel {
    if (config.fakeWhenUnconfigured) return new FakeChannel(shopId, demoDeliveries);
    throw new ChannelError(`${what} não configurado para a loja`, false);
  }

  return {
    async channel(shopId: string, kind: ChannelKind): Promise<ChannelAdapter> {
      const stored = await load(shopId, kind === 'webchat' ? 'webhook' : kind);
      if (!stored) return unconfigured(shopId, `canal ${kind}`);
      const { graphBaseUrl, graphApiVersion, timeoutMs } = config;
      if (kind === 'whatsapp') {
        const phoneNumberId = stored.config.phoneNumberId ?? '';
        return new WhatsAppCloudAdapter(
          { phoneNumberId, accessToken: stored.secret, orderTemplate: stored.config.orderTemplate },
          graphBaseUrl,
          graphApiVersion,
          timeoutMs,
        );
      }
      if (kind === 'webchat') {
        const url = stored.config.webchatUrl ?? stored.config.url ?? '';
        return new ChatbotWebhook({ url, secret: stored.secret }, webhookFetch, timeoutMs);
      }
      const accountId = kind === 'messenger' ? stored.config.pageId : stored.config.accountId;
      return new MetaSendApiAdapter(
        kind,
        { accessToken: stored.secret, accountId },
        graphBaseUrl,
        graphApiVersion,
        timeoutMs,
      );
    },
    async events(shopId: string): Promise<EventSink> {
      const stored = await load(shopId, 'webhook');
      if (!stored) return unconfigured(shopId, 'webhook do chatbot');
      return new ChatbotWebhook(
        { url: stored.config.url ?? '', secret: stored.secret },
        webhookFetch,
        config.timeoutMs,
      );
    },
  };
}

/** The shop whose WhatsApp channel is the number `phoneNumberId` (webhooks), or null. */
export async function shopOfWhatsAppNumber(db: Queryable, phoneNumberId: string): Promise<string | null> {
  const rows = await db.query<{ shop_id: string }>(
    `select shop_id from shop_channels where kind = 'whatsapp' and config->>'phoneNumberId' = $1 limit 2`,
    [phoneNumberId],
  );
  return rows.length === 1 ? rows[0]!.shop_id : null;
}

/** The signing secret of the shop's chatbot webhook (verifies what the chatbot platform forwards), or null. */
export async function chatbotSigningSecret(
  db: Queryable,
  key: Buffer | null,
  shopId: string,
): Promise<{ secret: string; phoneNumberId: string | null } | null> {
  const rows = await db.query<{ kind: string; config: Record<string, string>; secret_enc: string }>(
    `select kind, config, secret_enc from shop_channels where shop_id = $1 and kind in ('webhook', 'whatsapp')`,
    [shopId],
  );
  const hook = rows.find((r) => r.kind === 'webhook');
  if (!hook || !key) return null;
  try {
    const secret = new CredentialCipher(key).open(hook.secret_enc, credentialContext(shopId, 'webhook'));
    const number = rows.find((r) => r.kind === 'whatsapp')?.config.phoneNumberId ?? null;
    return { secret, phoneNumberId: number };
  } catch {
    return null;
  }
}
