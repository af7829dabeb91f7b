/**
 * "Testar conexão" of a shop's payment account (console 'Pagamentos › Conta de pagamento', decision 0040): the
 * provider's API asked with the key just typed, else the stored one, through
 * adapters/payments/credentials-check.ts, and its answer said in pt-BR — never the key, never the provider's
 * own error text. Shaped like the channels' test (modules/messaging/connection-test.ts).
 */
import type { ConnectionTestResult } from '@vitrine/contracts/console-integrations';
import type { PaymentAccountTestBody } from '@vitrine/contracts/console-payment-account';
import type { PaymentsConfig } from '../../config.ts';
import type { Queryable } from '../../db/client.ts';
import {
  checkGatewayCredentials,
  type CredentialsVerdict,
} from '../../adapters/payments/credentials-check.ts';
import type { AccountType } from '../../adapters/payments/registry.ts';
import { loadPaymentAccount } from './account.ts';

const PROVIDER: Record<Exclude<AccountType, 'vitrine'>, string> = {
  mercadopago: 'Mercado Pago',
  link: 'Mercado Pago',
  pagarme: 'Pagar.me',
};

function words(type: AccountType, verdict: CredentialsVerdict, timeoutMs: number): ConnectionTestResult {
  if (verdict.kind === 'ok')
    return {
      ok: true,
      message: type === 'vitrine' ? 'Conexão OK: sandbox da Vitrine (demonstração)' : 'Conexão OK',
    };
  if (verdict.kind === 'sandboxOff')
    return { ok: false, message: 'O sandbox da Vitrine está desligado neste servidor: escolha um provedor.' };
  const provider = type === 'vitrine' ? 'provedor' : PROVIDER[type];
  switch (verdict.kind) {
    case 'refused':
      return { ok: false, message: `Credenciais recusadas pelo ${provider} (${verdict.status})` };
    case 'unavailable':
      return {
        ok: false,
        message:
          verdict.reason === 'timeout'
            ? `${provider} indisponível: sem resposta em ${Math.round(timeoutMs / 1000)} s`
            : verdict.reason === 'network'
              ? `${provider} indisponível: sem conexão`
              : `${provider} indisponível (${verdict.status})`,
      };
    case 'error':
      return { ok: false, message: `O ${provider} respondeu com erro (${verdict.status})` };
  }
}

export async function testPaymentConnection(
  db: Queryable,
  key: Buffer,
  config: Pick<PaymentsConfig, 'sandbox' | 'apiUrls' | 'timeoutMs'>,
  shopId: string,
  body: PaymentAccountTestBody,
): Promise<ConnectionTestResult> {
  const type = body.accountType;
  let secretKey = body.secretKey ?? null;
  if (type !== 'vitrine' && !secretKey) {
    const stored = await loadPaymentAccount(db, key, shopId);
    secretKey = stored.secretKey;
  }
  if (type !== 'vitrine' && !secretKey)
    return { ok: false, message: 'Informe a chave secreta / token de acesso para testar a conexão.' };
  const verdict = await checkGatewayCredentials({
    type,
    secretKey: secretKey ?? '',
    sandbox: config.sandbox,
    apiUrls: config.apiUrls,
    timeoutMs: config.timeoutMs,
  });
  return words(type, verdict, config.timeoutMs);
}
