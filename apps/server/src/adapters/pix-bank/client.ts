/**
 * The Central Bank's standard API Pix (v2.9.0, `../shared/reference/bacen-pix-api/openapi.yaml`) on the shop's own
 * bank (Inter, Efí, Sicredi, Itaú, Banco do Brasil, Santander…; decision 0046): OAuth2 client credentials over the
 * bank's mTLS certificate, immediate charges (`PUT|GET /cob/{txid}`), the webhook (`PUT /webhook/{chave}`), the Pix
 * received (`GET /pix`) and refunds (`PUT /pix/{e2eid}/devolucao/{id}`). Money is centavos here and `\d{1,10}\.\d{2}`
 * on the wire; a bank's answer that is not is refused, never guessed.
 */
import { Agent, fetch as undiciFetch, type Dispatcher } from 'undici';

export type PixBankCredentials = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** PEM certificate and private key the bank issued for mTLS (a .p12 converts with `openssl pkcs12 -nodes`). */
  certificate: string | null;
  privateKey: string | null;
  /** Token endpoint; the bank's `{baseUrl}/oauth/token` when not set. */
  tokenUrl?: string | null;
};

export const PIX_BANK_SCOPES = 'cob.write cob.read pix.read pix.write webhook.write webhook.read';

export class PixBankError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly retryable: boolean,
  ) {
    super(`API Pix ${status}: ${title}`);
    this.name = 'PixBankError';
  }
}

const TXID = /^[a-zA-Z0-9]{26,35}$/;
const VALOR = /^\d{1,10}\.\d{2}$/;
export const E2E_ID = /^[a-zA-Z0-9]{32}$/;

/** Centavos as the API's `valor` (`1234` → `"12.34"`). */
export function valorOf(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0 || cents > 999_999_999_999) throw new RangeError('valor');
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The API's `valor` as centavos; null unless it is exactly `\d{1,10}\.\d{2}` ("1e3", "10", "1.5" are null). */
export function centsOfValor(valor: unknown): number | null {
  if (typeof valor !== 'string' || !VALOR.test(valor)) return null;
  const [reais, cents] = valor.split('.') as [string, string];
  return Number(reais) * 100 + Number(cents);
}

export const isTxid = (txid: string) => TXID.test(txid);

export type PixCharge = {
  txid: string;
  status: string;
  amountCents: number;
  location: string | null;
  pixCopiaECola: string | null;
  pix: ReceivedPix[];
};

/** A refund (devolução) as the bank reports it: EM_PROCESSAMENTO, DEVOLVIDO or NAO_REALIZADO with its reason. */
export type PixRefundStatus = { id: string; status: string; reason: string | null };

export type ReceivedPix = {
  endToEndId: string;
  txid: string | null;
  amountCents: number;
  at: string;
  /** The item's `devolucoes` (the webhook is called again when one reaches DEVOLVIDO or NAO_REALIZADO). */
  refunds: PixRefundStatus[];
};

export type ChargeRequest = {
  txid: string;
  key: string;
  amountCents: number;
  expiresInSeconds: number;
  debtor?: { name: string; cpf?: string; cnpj?: string } | null;
  payerRequest?: string;
};

type Fetch = typeof undiciFetch;

/** A client of one shop's bank; the token is kept until a minute before it expires. */
export class PixBankClient {
  private token: { value: string; until: number } | null = null;
  private readonly dispatcher: Dispatcher | undefined;

  constructor(
    private readonly creds: PixBankCredentials,
    private readonly options: { fetch?: Fetch; timeoutMs?: number } = {},
  ) {
    this.dispatcher =
      creds.certificate && creds.privateKey
        ? new Agent({ connect: { cert: creds.certificate, key: creds.privateKey } })
        : undefined;
  }

  private get base() {
    return this.creds.baseUrl.replace(/\/+$/, '');
  }

  private async send(method: string, url: string, headers: Record<string, string>, body?: string) {
    const doFetch = this.options.fetch ?? undiciFetch;
    try {
      return await doFetch(url, {
        method,
        headers,
        body,
        dispatcher: this.dispatcher,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch {
      throw new PixBankError(0, 'sem conexão', true);
    }
  }

  /** OAuth2 client credentials (HTTP Basic client id:secret), with the scopes the shop's integration needs. */
  async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.creds.clientId}:${this.creds.clientSecret}`).toString('base64');
    const res = await this.send(
      'POST',
      this.creds.tokenUrl || `${this.base}/oauth/token`,
      { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams({ grant_type: 'client_credentials', scope: PIX_BANK_SCOPES }).toString(),
    );
    const json = (await res.json().catch(() => null)) as {
      access_token?: unknown;
      expires_in?: unknown;
    } | null;
    if (!res.ok || typeof json?.access_token !== 'string')
      throw new PixBankError(res.status, 'token recusado', res.status >= 500);
    const seconds = typeof json.expires_in === 'number' ? json.expires_in : 300;
    this.token = { value: json.access_token, until: Date.now() + Math.max(0, seconds - 60) * 1000 };
    return json.access_token;
  }

  private async call(method: string, path: string, body?: unknown): Promise<unknown> {
    const token = await this.accessToken();
    const res = await this.send(
      method,
      `${this.base}${path}`,
      { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body ? JSON.stringify(body) : undefined,
    );
    const json = (await res.json().catch(() => null)) as { title?: unknown } | null;
    if (!res.ok) {
      const title = typeof json?.title === 'string' ? json.title.slice(0, 120) : 'erro';
      throw new PixBankError(res.status, title, res.status >= 500 || res.status === 429);
    }
    return json;
  }

  /** `PUT /cob/{txid}`: an immediate charge of `amountCents` to the shop's key, valid `expiresInSeconds`. */
  async createCharge(request: ChargeRequest): Promise<PixCharge> {
    if (!isTxid(request.txid)) throw new RangeError('txid');
    const debtor = request.debtor;
    const body = {
      calendario: { expiracao: request.expiresInSeconds },
      ...(debtor && (debtor.cpf || debtor.cnpj)
        ? {
            devedor: debtor.cpf
              ? { cpf: debtor.cpf, nome: debtor.name.slice(0, 200) }
              : { cnpj: debtor.cnpj!, nome: debtor.name.slice(0, 200) },
          }
        : {}),
      valor: { original: valorOf(request.amountCents) },
      chave: request.key,
      ...(request.payerRequest ? { solicitacaoPagador: request.payerRequest.slice(0, 140) } : {}),
    };
    return chargeOf(await this.call('PUT', `/cob/${request.txid}`, body));
  }

  /** `GET /cob/{txid}`: the charge as the bank has it, with the Pix that paid it. */
  async getCharge(txid: string): Promise<PixCharge> {
    if (!isTxid(txid)) throw new RangeError('txid');
    return chargeOf(await this.call('GET', `/cob/${txid}`));
  }

  /** `PUT /webhook/{chave}`: the bank notifies `{webhookUrl}/pix` of Pix with a txid received on that key. */
  async registerWebhook(key: string, webhookUrl: string): Promise<void> {
    await this.call('PUT', `/webhook/${encodeURIComponent(key)}`, { webhookUrl });
  }

  /** `GET /pix?inicio&fim`: every Pix received in the window, all pages. */
  async listPix(from: Date, to: Date): Promise<ReceivedPix[]> {
    const all: ReceivedPix[] = [];
    for (let page = 0; page < 50; page += 1) {
      const query = new URLSearchParams({
        inicio: from.toISOString(),
        fim: to.toISOString(),
        'paginacao.paginaAtual': String(page),
        'paginacao.itensPorPagina': '100',
      });
      const json = (await this.call('GET', `/pix?${query}`)) as {
        pix?: unknown[];
        parametros?: { paginacao?: { quantidadeDePaginas?: number } };
      };
      all.push(...receivedPixOf(json?.pix));
      if (page + 1 >= (json?.parametros?.paginacao?.quantidadeDePaginas ?? 1)) break;
    }
    return all;
  }

  /** `PUT /pix/{e2eid}/devolucao/{id}`: gives `amountCents` of a received Pix back; answers the bank's status. */
  async refund(endToEndId: string, refundId: string, amountCents: number): Promise<PixRefundStatus> {
    if (!E2E_ID.test(endToEndId) || !REFUND_ID.test(refundId)) throw new RangeError('devolucao');
    const json = await this.call('PUT', `/pix/${endToEndId}/devolucao/${refundId}`, {
      valor: valorOf(amountCents),
    });
    return refundStatusOf(json) ?? { id: refundId, status: 'EM_PROCESSAMENTO', reason: null };
  }

  /** `GET /pix/{e2eid}/devolucao/{id}`: where a refund stands (null when the answer is not a devolução). */
  async refundStatus(endToEndId: string, refundId: string): Promise<PixRefundStatus | null> {
    if (!E2E_ID.test(endToEndId) || !REFUND_ID.test(refundId)) throw new RangeError('devolucao');
    return refundStatusOf(await this.call('GET', `/pix/${endToEndId}/devolucao/${refundId}`));
  }
}

const REFUND_ID = /^[a-zA-Z0-9]{1,35}$/;

function refundStatusOf(json: unknown): PixRefundStatus | null {
  const dev = json as { id?: unknown; status?: unknown; motivo?: unknown } | null;
  if (typeof dev?.id !== 'string' || typeof dev.status !== 'string') return null;
  return {
    id: dev.id,
    status: dev.status,
    reason: typeof dev.motivo === 'string' ? dev.motivo.slice(0, 140) : null,
  };
}

/** The Pix items of a webhook or a list, each kept only when its e2e id and valor are well formed. */
export function receivedPixOf(items: unknown): ReceivedPix[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap(
    (item: {
      endToEndId?: unknown;
      txid?: unknown;
      valor?: unknown;
      horario?: unknown;
      devolucoes?: unknown;
    }) => {
      const amountCents = centsOfValor(item?.valor);
      if (typeof item?.endToEndId !== 'string' || !E2E_ID.test(item.endToEndId) || amountCents === null)
        return [];
      const txid = typeof item.txid === 'string' && isTxid(item.txid) ? item.txid : null;
      const at = typeof item.horario === 'string' ? item.horario : new Date().toISOString();
      const refunds = Array.isArray(item.devolucoes)
        ? item.devolucoes.flatMap((d) => refundStatusOf(d) ?? [])
        : [];
      return [{ endToEndId: item.endToEndId, txid, amountCents, at, refunds }];
    },
  );
}

function chargeOf(json: unknown): PixCharge {
  const cob = json as {
    txid?: unknown;
    status?: unknown;
    valor?: { original?: unknown };
    location?: unknown;
    loc?: { location?: unknown };
    pixCopiaECola?: unknown;
    pix?: unknown;
  };
  const amountCents = centsOfValor(cob?.valor?.original);
  if (typeof cob?.txid !== 'string' || typeof cob.status !== 'string' || amountCents === null)
    throw new PixBankError(502, 'resposta fora do padrão', true);
  const location = cob.location ?? cob.loc?.location;
  return {
    txid: cob.txid,
    status: cob.status,
    amountCents,
    location: typeof location === 'string' ? location : null,
    pixCopiaECola: typeof cob.pixCopiaECola === 'string' ? cob.pixCopiaECola : null,
    pix: receivedPixOf(cob.pix),
  };
}
