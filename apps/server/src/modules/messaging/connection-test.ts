/**
 * "Testar conexão" of a shop's messaging channel (console 'Integrações', decision 0038): a cheap authenticated
 * read of the provider's API through the channel adapter — or, for the chatbot, a signed `ping` event POSTed to
 * its events URL exactly as real events are — answered in pt-BR. Never echoes the provider's error text (it could
 * quote the request) nor the credential: only the status and our own words.
 */
import { randomUUID } from 'node:crypto';
import type { ConnectionTestResult, TestableChannel } from '@vitrine/contracts/console-integrations';
import type { MessagingConfig } from '../../config.ts';
import type { Queryable } from '../../db/client.ts';
import { ChannelError, type ChatbotEvent } from '../../adapters/channels/channel-adapter.ts';
import { ChannelAddressRefused, ChannelUnreachable } from '../../adapters/channels/http-json.ts';
import { databaseRegistry, type ShopChannelKind } from './channel-registry.ts';

const PROVIDER: Record<TestableChannel, string> = {
  whatsapp: 'WhatsApp',
  messenger: 'Messenger',
  instagram: 'Instagram',
  chatbot: 'chatbot',
};
/** Graph API: 190 invalid or expired token, 10 / 200 permission missing, 100 unknown object or field. */
const TOKEN_CODES = new Set(['190', '10', '200']);

function unreachable(provider: string, error: ChannelUnreachable, timeoutMs: number): string {
  return error.reason === 'timeout'
    ? `Sem resposta em ${Math.round(timeoutMs / 1000)} s`
    : `Sem conexão com o ${provider}`;
}

function failure(provider: string, error: unknown, timeoutMs: number): string {
  if (error instanceof ChannelUnreachable) return unreachable(provider, error, timeoutMs);
  if (!(error instanceof ChannelError)) throw error;
  const status = error.status;
  if (status === null) return `Não foi possível testar: ${error.message}.`;
  if (status === 401 || status === 403 || TOKEN_CODES.has(error.providerCode ?? ''))
    return `Token recusado pelo ${provider} (${status})`;
  if (error.providerCode === '100' || status === 404)
    return `O ${provider} não reconhece o ID informado (${status})`;
  return `O ${provider} respondeu com erro (${status})`;
}

/** The chatbot's answer to the ping: its HTTP status in pt-BR. */
function chatbotFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof ChannelAddressRefused)
    return 'A URL dos eventos aponta para a rede interna; use um endereço público.';
  if (error instanceof ChannelUnreachable) return unreachable('chatbot', error, timeoutMs);
  if (!(error instanceof ChannelError)) throw error;
  const status = error.status;
  if (status === null) return `Não foi possível testar: ${error.message}.`;
  if (status === 401 || status === 403) return `O chatbot recusou a assinatura (HTTP ${status})`;
  if (status === 404) return 'O chatbot não encontrou a URL dos eventos (HTTP 404)';
  return `O chatbot respondeu com erro (HTTP ${status})`;
}

/** A signed `ping` (docs/events.md): the receiver checks the signature and answers 2xx; nothing else happens. */
function pingEvent(shopId: string): ChatbotEvent {
  return {
    id: `ping_${randomUUID()}`,
    type: 'ping',
    occurredAt: new Date().toISOString(),
    shop: { id: shopId },
    data: { test: true },
  };
}

async function testChatbot(
  db: Queryable,
  config: MessagingConfig,
  shopId: string,
  options: { allowPrivate: boolean },
): Promise<ConnectionTestResult> {
  // The same guarded fetch as the outbox's deliveries: in production a private address is refused at connect
  // time (or before the request, for an IP literal), so the test and the real events agree.
  try {
    const sink = await databaseRegistry(db, { ...config, privateWebhooks: options.allowPrivate }).events(
      shopId,
    );
    await sink.deliver(pingEvent(shopId));
    return { ok: true, message: 'Conexão OK: o chatbot aceitou o evento de teste (HTTP 2xx)' };
  } catch (error) {
    return { ok: false, message: chatbotFailure(error, config.timeoutMs) };
  }
}

/**
 * Tests `kind`'s stored credentials. `allowPrivate` (demo mode only) lets the chatbot's URL be on this machine or
 * a private network; in production such a URL is refused at connect time (adapters/public-address.ts).
 */
export async function testChannelConnection(
  db: Queryable,
  config: MessagingConfig,
  shopId: string,
  kind: TestableChannel,
  options: { allowPrivate: boolean } = { allowPrivate: false },
): Promise<ConnectionTestResult> {
  const provider = PROVIDER[kind];
  const rowKind: ShopChannelKind = kind === 'chatbot' ? 'webhook' : kind;
  const [row] = await db.query('select config from shop_channels where shop_id = $1 and kind = $2', [
    shopId,
    rowKind,
  ]);
  if (!row) return { ok: false, message: `O ${provider} ainda não está configurado nesta loja.` };
  if (kind === 'chatbot') return testChatbot(db, config, shopId, options);
  try {
    const adapter = await databaseRegistry(db, config).channel(shopId, kind);
    if (!adapter.testConnection) return { ok: false, message: `O ${provider} não oferece teste de conexão.` };
    const check = await adapter.testConnection();
    const name = check?.name;
    if (!name) return { ok: true, message: 'Conexão OK' };
    return {
      ok: true,
      message: kind === 'instagram' ? `Conexão OK: conta @${name}` : `Conexão OK: página “${name}”`,
    };
  } catch (error) {
    return { ok: false, message: failure(provider, error, config.timeoutMs) };
  }
}
