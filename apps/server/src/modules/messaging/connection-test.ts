/**
 * "Testar conexão" of a shop's messaging channel (console 'Integrações', decision 0038): a cheap authenticated
 * read of the provider's API through the channel adapter, answered in pt-BR. Never echoes the provider's error
 * text (it could quote the request) nor the credential: only the status and our own words.
 */
import type { ConnectionTestResult, TestableChannel } from '@vitrine/contracts/console-integrations';
import type { MessagingConfig } from '../../config.ts';
import type { Queryable } from '../../db/client.ts';
import { ChannelError } from '../../adapters/channels/channel-adapter.ts';
import { ChannelUnreachable } from '../../adapters/channels/http-json.ts';
import { databaseRegistry } from './channel-registry.ts';

const PROVIDER: Record<TestableChannel, string> = {
  whatsapp: 'WhatsApp',
  messenger: 'Messenger',
  instagram: 'Instagram',
};
/** Graph API: 190 invalid or expired token, 10 / 200 permission missing, 100 unknown object or field. */
const TOKEN_CODES = new Set(['190', '10', '200']);

function failure(provider: string, error: unknown): string {
  if (error instanceof ChannelUnreachable)
    return error.reason === 'timeout' ? 'Sem resposta em 10 s' : `Sem conexão com o ${provider}`;
  if (!(error instanceof ChannelError)) throw error;
  const status = error.status;
  if (status === null) return `Não foi possível testar: ${error.message}.`;
  if (status === 401 || status === 403 || TOKEN_CODES.has(error.providerCode ?? ''))
    return `Token recusado pelo ${provider} (${status})`;
  if (error.providerCode === '100' || status === 404)
    return `O ${provider} não reconhece o ID informado (${status})`;
  return `O ${provider} respondeu com erro (${status})`;
}

export async function testChannelConnection(
  db: Queryable,
  config: MessagingConfig,
  shopId: string,
  kind: TestableChannel,
): Promise<ConnectionTestResult> {
  const provider = PROVIDER[kind];
  const [row] = await db.query('select 1 from shop_channels where shop_id = $1 and kind = $2', [
    shopId,
    kind,
  ]);
  if (!row) return { ok: false, message: `O ${provider} ainda não está configurado nesta loja.` };
  try {
    const adapter = await databaseRegistry(db, config).channel(shopId, kind);
    if (!adapter.testConnection) return { ok: false, message: `O ${provider} não oferece teste de conexão.` };
    await adapter.testConnection();
    return { ok: true, message: 'Conexão OK' };
  } catch (error) {
    return { ok: false, message: failure(provider, error) };
  }
}
