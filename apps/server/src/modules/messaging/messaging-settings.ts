/**
 * A shop's messaging configuration as the chatbot platform sets and reads it (routes/platform/messaging.ts): each section
 * maps to one shop_channels row (chatbot → kind 'webhook'), secrets sealed with the credential cipher and only
 * ever answered masked.
 */
import type { MessagingSettings, MessagingSettingsBody } from '@vitrine/contracts/messaging-settings';
import type { Db, Queryable } from '../../db/client.ts';
import { namesPrivateHost } from '../../adapters/public-address.ts';
import { badRequest } from '../../lib/app-error.ts';
import { deleteShopChannel, saveShopChannel, type ShopChannelKind } from './channel-registry.ts';
import { credentialContext, CredentialCipher } from './credential-cipher.ts';
import { orderMessagesEnabled, setOrderMessages } from './whatsapp-options.ts';

type Sealed = { config: Record<string, string>; secret: string };

/** What each section of the body stores (undefined: keep, null: remove). */
function rowsOf(body: MessagingSettingsBody): [ShopChannelKind, Sealed | null | undefined][] {
  const { whatsapp, messenger, instagram, chatbot } = body;
  return [
    [
      'whatsapp',
      whatsapp && {
        config: {
          phoneNumberId: whatsapp.phoneNumberId,
          ...(whatsapp.orderTemplate ? { orderTemplate: whatsapp.orderTemplate } : {}),
        },
        secret: whatsapp.accessToken,
      },
    ],
    ['messenger', messenger && { config: { pageId: messenger.pageId }, secret: messenger.accessToken }],
    ['instagram', instagram && { config: { accountId: instagram.accountId }, secret: instagram.accessToken }],
    [
      'webhook',
      chatbot && {
        config: { url: chatbot.eventsUrl, ...(chatbot.webchatUrl ? { webchatUrl: chatbot.webchatUrl } : {}) },
        secret: chatbot.signingSecret,
      },
    ],
  ];
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Webhook URLs must be https (http only to a loopback host in demo mode), and in production name no private host
 * (`localhost`, an IP of a private network: the SSRF guard of adapters/public-address.ts; "Testar conexão" also
 * resolves the name): 400 with the field otherwise.
 */
export function assertWebhookUrls(body: MessagingSettingsBody, demoMode: boolean): void {
  const urls = {
    'chatbot.eventsUrl': body.chatbot?.eventsUrl,
    'chatbot.webchatUrl': body.chatbot?.webchatUrl,
  };
  for (const [field, value] of Object.entries(urls)) {
    if (!value) continue;
    const url = new URL(value);
    if (!demoMode && namesPrivateHost(url))
      throw badRequest(`${field}: a URL deve apontar para um endereço público, não para a rede interna.`);
    if (url.protocol === 'https:' || (demoMode && LOOPBACK.has(url.hostname))) continue;
    throw badRequest(
      `${field}: a URL deve usar https${demoMode ? ' (http só para 127.0.0.1 ou localhost)' : ''}.`,
    );
  }
}

/** Applies the body's sections in one transaction. */
export async function saveMessagingSettings(
  db: Db,
  key: Buffer,
  shopId: string,
  body: MessagingSettingsBody,
): Promise<void> {
  await db.transaction((tx) => writeMessagingSettings(tx, key, shopId, body));
}

/** Applies the body's sections inside the caller's transaction. */
export async function writeMessagingSettings(
  tx: Queryable,
  key: Buffer,
  shopId: string,
  body: MessagingSettingsBody,
): Promise<void> {
  for (const [kind, row] of rowsOf(body)) {
    if (row === null) await deleteShopChannel(tx, shopId, kind);
    else if (row) await saveShopChannel(tx, key, shopId, kind, row.config, row.secret);
  }
  if (body.whatsappOrderMessages !== undefined)
    await setOrderMessages(tx, shopId, body.whatsappOrderMessages);
}

/** `****` + the last 4 characters; `****` alone when the value cannot be opened (key changed). */
function masked(cipher: CredentialCipher, sealed: string, context: string): string {
  try {
    return `****${cipher.open(sealed, context).slice(-4)}`;
  } catch {
    return '****';
  }
}

type Row = { kind: ShopChannelKind; config: Record<string, string>; secret_enc: string; updated_at: Date };

/** The shop's configuration, secrets masked. */
export async function readMessagingSettings(
  db: Queryable,
  key: Buffer,
  shop: { id: string; slug: string },
): Promise<MessagingSettings> {
  const rows = await db.query<Row>(
    'select kind, config, secret_enc, updated_at from shop_channels where shop_id = $1',
    [shop.id],
  );
  const cipher = new CredentialCipher(key);
  const view = (kind: ShopChannelKind) => {
    const row = rows.find((r) => r.kind === kind);
    if (!row) return null;
    const secret = masked(cipher, row.secret_enc, credentialContext(shop.id, kind));
    return { config: row.config, secret, updatedAt: new Date(row.updated_at).toISOString() };
  };
  const whatsapp = view('whatsapp');
  const messenger = view('messenger');
  const instagram = view('instagram');
  const webhook = view('webhook');
  return {
    shop: shop.slug,
    whatsapp: whatsapp && {
      phoneNumberId: whatsapp.config.phoneNumberId ?? '',
      orderTemplate: whatsapp.config.orderTemplate ?? null,
      accessToken: whatsapp.secret,
      updatedAt: whatsapp.updatedAt,
    },
    messenger: messenger && {
      pageId: messenger.config.pageId ?? '',
      accessToken: messenger.secret,
      updatedAt: messenger.updatedAt,
    },
    instagram: instagram && {
      accountId: instagram.config.accountId ?? '',
      accessToken: instagram.secret,
      updatedAt: instagram.updatedAt,
    },
    chatbot: webhook && {
      eventsUrl: webhook.config.url ?? '',
      webchatUrl: webhook.config.webchatUrl ?? null,
      signingSecret: webhook.secret,
      updatedAt: webhook.updatedAt,
    },
    whatsappOrderMessages: await orderMessagesEnabled(db, shop.id),
  };
}
