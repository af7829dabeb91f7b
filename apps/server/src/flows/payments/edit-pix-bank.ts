/**
 * 'Pix no banco (API Pix)' (issue 32, decision 0046): the owner saves the bank's API Pix address, client,
 * certificate and key (secrets sealed, write-only; one left out keeps the stored one), audited without any secret;
 * then our webhook URL (a new per-shop secret in it) is registered at the bank (`PUT /webhook/{chave}`).
 * 'Testar conexão' asks the bank for a token; 'Conciliar agora' runs the reconciliation at once; 'Devolver' gives a
 * flagged bank receipt back.
 */
import type { PixBankBody, PixBankSaved, PixBankView } from '@vitrine/contracts/console-pix-bank';
import type { Db } from '../../db/client.ts';
import { PixBankClient, PixBankError } from '../../adapters/pix-bank/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type Actor } from '../../modules/audit/service.ts';
import {
  loadPixBank,
  reconcileShop,
  refundBankReceipt,
  savePixBank,
  type PixBankAccount,
} from '../../modules/payment/service.ts';

const mask = (secret: string | null) => (secret ? `****${secret.slice(-4)}` : null);

export function pixBankViewOf(account: PixBankAccount | null): PixBankView {
  return {
    configured: Boolean(account),
    baseUrl: account?.baseUrl ?? null,
    tokenUrl: account?.tokenUrl ?? null,
    clientId: account?.clientId ?? null,
    clientSecret: mask(account?.clientSecret ?? null),
    certificate: Boolean(account?.certificate),
    pixKey: account?.pixKey ?? null,
  };
}

export async function readPixBank(db: Db, key: Buffer, shopId: string): Promise<PixBankView> {
  return pixBankViewOf(await loadPixBank(db, key, shopId));
}

const merged = (body: PixBankBody, stored: PixBankAccount | null) => {
  const clientSecret = body.clientSecret ?? stored?.clientSecret;
  if (!clientSecret)
    throw new AppError('validation', 'invalidInput', { detail: 'clientSecret: Informe o Client Secret.' });
  return {
    baseUrl: body.baseUrl.replace(/\/+$/, ''),
    tokenUrl: body.tokenUrl,
    clientId: body.clientId,
    clientSecret,
    certificate: body.certificate ?? stored?.certificate ?? null,
    privateKey: body.privateKey ?? stored?.privateKey ?? null,
    pixKey: body.pixKey,
  };
};

const bankMessage = (error: unknown) =>
  error instanceof PixBankError
    ? error.status === 0
      ? 'O banco não respondeu (sem conexão).'
      : error.status === 401 || error.status === 403
        ? `Credenciais recusadas pelo banco (${error.status}).`
        : `O banco respondeu com erro (${error.status}).`
    : 'Não foi possível falar com o banco.';

export async function savePixBankAccount(
  db: Db,
  key: Buffer,
  publicUrl: string,
  actor: Actor & { shopId: string },
  body: PixBankBody,
): Promise<PixBankSaved> {
  const shopId = actor.shopId;
  const { secret, account } = await db.transaction(async (tx) => {
    const before = await loadPixBank(tx, key, shopId);
    const input = merged(body, before);
    const { webhookSecret } = await savePixBank(tx, key, shopId, input);
    await recordAudit(tx, shopId, actor, 'pix-bank.changed', shopId, {
      baseUrl: input.baseUrl,
      clientId: input.clientId,
      pixKey: input.pixKey,
      certificate: input.certificate ? 'definido' : 'não definido',
    });
    return { secret: webhookSecret, account: { ...input, shopId, enabled: true } };
  });
  const webhookUrl = `${publicUrl.replace(/\/+$/, '')}/api/webhooks/pix/${shopId}/${secret}`;
  try {
    await new PixBankClient(account).registerWebhook(account.pixKey, webhookUrl);
    return {
      ...pixBankViewOf(account),
      webhookUrl,
      webhookRegistered: true,
      message: 'Webhook registrado no banco.',
    };
  } catch (error) {
    return { ...pixBankViewOf(account), webhookUrl, webhookRegistered: false, message: bankMessage(error) };
  }
}

/** 'Testar conexão': a token with the typed (or stored) credentials; nothing created at the bank. */
export async function testPixBank(db: Db, key: Buffer, shopId: string, body: PixBankBody | null) {
  const stored = await loadPixBank(db, key, shopId);
  const creds = body ? merged(body, stored) : stored;
  if (!creds) return { ok: false, message: 'Configure o Pix no banco antes de testar.' };
  try {
    await new PixBankClient(creds).accessToken();
    return { ok: true, message: 'Conexão OK' };
  } catch (error) {
    return { ok: false, message: bankMessage(error) };
  }
}

/** 'Conciliar agora': the reconciliation of this shop, at once (or what another instance is running). */
export async function reconcileNow(db: Db, key: Buffer, shopId: string) {
  if (!(await loadPixBank(db, key, shopId))) throw new AppError('unprocessable', 'pixBankNotConfigured');
  const result = await reconcileShop(db, key, shopId).catch((error: unknown) => {
    if (error instanceof PixBankError) throw new AppError('unavailable', 'pixBankUnavailable');
    throw error;
  });
  return { running: result === null, counted: result?.counted ?? 0, repeated: result?.repeated ?? 0 };
}

/** 'Devolver' a bank receipt, audited. */
export async function refundReceipt(
  db: Db,
  key: Buffer,
  actor: Actor & { shopId: string; name: string },
  orderId: string,
  entryId: string,
) {
  const answer = await refundBankReceipt(db, key, actor.shopId, orderId, entryId, {
    id: actor.userId ?? '',
    name: actor.name,
  });
  await db.transaction((tx) =>
    recordAudit(tx, actor.shopId, actor, 'order.payment.refunded', orderId, {
      entryId,
      status: answer.status,
    }),
  );
  return answer;
}
