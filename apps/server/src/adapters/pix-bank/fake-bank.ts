/**
 * A local fake of a bank's API Pix (the same paths as the Central Bank's document): OAuth2 client credentials,
 * `PUT|GET /cob/{txid}`, `PUT|GET /webhook/{chave}`, `GET /pix`, `PUT|GET /pix/{e2eid}/devolucao/{id}`, errors as RFC
 * 7807 problems. `pay()` plays a payer: the Pix is recorded and, unless told not to, POSTed to `{webhookUrl}/pix`.
 * Every request and answer is kept (`exchanges`) so a test can check them against the OpenAPI document.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildDynamicPixBrCode } from '@vitrine/contracts/pix';
import { centsOfValor, valorOf } from './client.ts';

export type Exchange = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  status: number;
  answer: unknown;
};

type Cob = {
  txid: string;
  criacao: string;
  expiracao: number;
  valor: string;
  chave: string;
  devedor?: unknown;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  location: string;
  pix: PixItem[];
};
type Devolucao = {
  id: string;
  rtrId: string;
  valor: string;
  horario: { solicitacao: string; liquidacao?: string };
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
  motivo?: string;
};
type PixItem = { endToEndId: string; txid: string; valor: string; horario: string; devolucoes?: Devolucao[] };

const problem = (status: number, kind: string, title: string, detail?: string) => ({
  status,
  body: { type: `https://pix.bcb.gov.br/api/v2/error/${kind}`, title, status, ...(detail ? { detail } : {}) },
});

export type FakeBank = {
  url: string;
  exchanges: Exchange[];
  webhooks: Map<string, string>;
  received: PixItem[];
  /** A payer pays `txid` (its amount unless told); answers the Pix and the webhook delivery's status. */
  pay(
    txid: string,
    options?: { cents?: number; notify?: boolean },
  ): Promise<{ pix: PixItem; status: number | null }>;
  /** The refund `id` of Pix `e2e` reaches a final status; the webhook is called with the Pix (unless told not). */
  settleRefund(
    e2e: string,
    id: string,
    outcome: { status: 'DEVOLVIDO' | 'NAO_REALIZADO'; motivo?: string; notify?: boolean },
  ): Promise<number | null>;
  close(): Promise<void>;
};

export async function startFakePixBank(creds: { clientId: string; clientSecret: string }): Promise<FakeBank> {
  const cobs = new Map<string, Cob>();
  const webhooks = new Map<string, string>();
  const received: PixItem[] = [];
  const exchanges: Exchange[] = [];
  const tokens = new Set<string>();
  let url = '';

  function handle(
    method: string,
    path: string,
    query: URLSearchParams,
    headers: IncomingMessage['headers'],
    // The request's JSON as sent: read field by field, each checked before use.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    body: any,
  ) {
    if (method === 'POST' && path === '/oauth/token') {
      const basic = Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString('base64');
      if (headers.authorization !== `Basic ${basic}`)
        return { status: 401, body: { error: 'invalid_client' } };
      const token = randomBytes(16).toString('hex');
      tokens.add(token);
      return { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: 3600 } };
    }
    const bearer = headers.authorization?.replace(/^Bearer /, '');
    if (!bearer || !tokens.has(bearer)) return problem(403, 'AcessoNegado', 'Acesso Negado');
    let m = /^\/cob\/([a-zA-Z0-9]{26,35})$/.exec(path);
    if (m && method === 'PUT') {
      const valor = body?.valor?.original;
      if (centsOfValor(valor) === null || typeof body?.chave !== 'string')
        return problem(
          400,
          'CobOperacaoInvalida',
          'Cobrança inválida.',
          'valor.original ou chave fora do padrão',
        );
      if (cobs.has(m[1]!))
        return problem(400, 'CobOperacaoInvalida', 'Cobrança inválida.', 'txid já utilizado');
      const cob: Cob = {
        txid: m[1]!,
        criacao: new Date().toISOString(),
        expiracao: body.calendario?.expiracao ?? 86400,
        valor,
        chave: body.chave,
        ...(body.devedor ? { devedor: body.devedor } : {}),
        status: 'ATIVA',
        location: `https://${new URL(url).host}/qr/v2/${randomBytes(16).toString('hex')}`,
        pix: [],
      };
      cobs.set(cob.txid, cob);
      return { status: 201, body: cobOf(cob) };
    }
    if (m && method === 'GET') {
      const cob = cobs.get(m[1]!);
      return cob ? { status: 200, body: cobOf(cob) } : problem(404, 'NaoEncontrado', 'Não Encontrado');
    }
    m = /^\/webhook\/([^/]{1,77})$/.exec(path);
    if (m && method === 'PUT') {
      if (typeof body?.webhookUrl !== 'string' || !/^https?:\/\//.test(body.webhookUrl))
        return problem(400, 'WebhookOperacaoInvalida', 'Webhook inválido.');
      webhooks.set(decodeURIComponent(m[1]!), body.webhookUrl);
      return { status: 200, body: null };
    }
    if (m && method === 'GET') {
      const chave = decodeURIComponent(m[1]!);
      const hook = webhooks.get(chave);
      return hook
        ? { status: 200, body: { webhookUrl: hook, chave, criacao: new Date().toISOString() } }
        : problem(404, 'NaoEncontrado', 'Não Encontrado');
    }
    if (path === '/pix' && method === 'GET') {
      const from = Date.parse(query.get('inicio') ?? '');
      const to = Date.parse(query.get('fim') ?? '');
      if (Number.isNaN(from) || Number.isNaN(to) || to < from)
        return problem(400, 'ConsultaInvalida', 'Consulta inválida.');
      const items = received.filter((p) => Date.parse(p.horario) >= from && Date.parse(p.horario) <= to);
      const perPage = Number(query.get('paginacao.itensPorPagina') ?? 100) || 100;
      const page = Number(query.get('paginacao.paginaAtual') ?? 0) || 0;
      return {
        status: 200,
        body: {
          parametros: {
            inicio: new Date(from).toISOString(),
            fim: new Date(to).toISOString(),
            paginacao: {
              paginaAtual: page,
              itensPorPagina: perPage,
              quantidadeDePaginas: Math.max(1, Math.ceil(items.length / perPage)),
              quantidadeTotalDeItens: items.length,
            },
          },
          pix: items.slice(page * perPage, (page + 1) * perPage),
        },
      };
    }
    m = /^\/pix\/([a-zA-Z0-9]{32})\/devolucao\/([a-zA-Z0-9]{1,35})$/.exec(path);
    const pix = m && received.find((p) => p.endToEndId === m![1]);
    if (m && !pix) return problem(404, 'NaoEncontrado', 'Não Encontrado');
    const kept = pix?.devolucoes?.find((d) => d.id === m![2]);
    if (m && method === 'GET')
      return kept ? { status: 200, body: kept } : problem(404, 'NaoEncontrado', 'Não Encontrado');
    if (m && pix && method === 'PUT') {
      if (kept) return { status: 201, body: kept };
      const cents = centsOfValor(body?.valor);
      if (cents === null || cents > centsOfValor(pix.valor)!)
        return problem(400, 'PixDevolucaoInvalida', 'Devolução inválida.', 'valor acima do Pix');
      const dev: Devolucao = {
        id: m[2]!,
        rtrId: `D${randomBytes(16).toString('hex').slice(0, 31)}`,
        valor: body.valor,
        horario: { solicitacao: new Date().toISOString() },
        status: 'EM_PROCESSAMENTO',
      };
      (pix.devolucoes ??= []).push(dev);
      return { status: 201, body: dev };
    }
    return problem(404, 'NaoEncontrado', 'Não Encontrado');
  }

  function cobOf(cob: Cob) {
    return {
      calendario: { criacao: cob.criacao, expiracao: cob.expiracao },
      txid: cob.txid,
      revisao: 0,
      location: cob.location,
      status: cob.status,
      ...(cob.devedor ? { devedor: cob.devedor } : {}),
      valor: { original: cob.valor },
      chave: cob.chave,
      pixCopiaECola: buildDynamicPixBrCode({
        location: cob.location,
        merchantName: 'Banco Fake',
        city: 'Brasilia',
      }),
      ...(cob.pix.length ? { pix: cob.pix } : {}),
    };
  }

  /** The callback `{webhookUrl}/pix` with one Pix (and its devolucoes); answers our status. */
  async function notify(hook: string, pix: PixItem): Promise<number> {
    const res = await fetch(`${hook.replace(/\/+$/, '')}/pix`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pix: [pix] }),
    });
    return res.status;
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const parsed = new URL(req.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      if (text && req.headers['content-type']?.includes('json')) body = JSON.parse(text);
      else if (text) body = Object.fromEntries(new URLSearchParams(text));
      const answer = handle(req.method ?? 'GET', parsed.pathname, parsed.searchParams, req.headers, body);
      exchanges.push({
        method: req.method ?? 'GET',
        path: parsed.pathname,
        query: Object.fromEntries(parsed.searchParams),
        body,
        status: answer.status,
        answer: answer.body,
      });
      const type =
        answer.status >= 400 && answer.status !== 401 ? 'application/problem+json' : 'application/json';
      res.writeHead(answer.status, answer.body === null ? {} : { 'content-type': type });
      res.end(answer.body === null ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    exchanges,
    webhooks,
    received,
    async pay(txid, options = {}) {
      const cob = cobs.get(txid);
      if (!cob) throw new Error(`fake bank: no charge ${txid}`);
      const pix: PixItem = {
        endToEndId: `E${randomBytes(16).toString('hex').slice(0, 31)}`,
        txid,
        valor: options.cents === undefined ? cob.valor : valorOf(options.cents),
        horario: new Date().toISOString(),
      };
      cob.pix.push(pix);
      cob.status = 'CONCLUIDA';
      received.push(pix);
      const hook = webhooks.get(cob.chave);
      if (options.notify === false || !hook) return { pix, status: null };
      return { pix, status: await notify(hook, pix) };
    },
    async settleRefund(e2e, id, outcome) {
      const pix = received.find((p) => p.endToEndId === e2e);
      const dev = pix?.devolucoes?.find((d) => d.id === id);
      if (!pix || !dev) throw new Error(`fake bank: no refund ${id} of ${e2e}`);
      dev.status = outcome.status;
      if (outcome.motivo) dev.motivo = outcome.motivo;
      if (outcome.status === 'DEVOLVIDO') dev.horario.liquidacao = new Date().toISOString();
      const hook = webhooks.get(cobs.get(pix.txid)?.chave ?? '');
      if (outcome.notify === false || !hook) return null;
      return notify(hook, pix);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
