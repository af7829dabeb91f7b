import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePixTlv, verifyPixBrCode } from '@vitrine/contracts/pix';
import { centsOfValor, PixBankClient, PixBankError, receivedPixOf, valorOf } from './client.ts';
import { startFakePixBank, type FakeBank } from './fake-bank.ts';
import { ERRATA, pixOpenApi } from './openapi-check-test-kit.ts';

const creds = { clientId: 'vitrine-loja', clientSecret: 'segredo-do-banco-123' };
const TXID = 'vtr01jd7k2m3n4p5q6r7s8t9v0w1x';

describe('API Pix adapter against the fake bank, both checked against the BCB OpenAPI document', () => {
  let bank: FakeBank;
  let client: PixBankClient;
  const hookBodies: unknown[] = [];
  let hookServer: ReturnType<typeof createServer>;
  let hookUrl = '';
  const openapi = pixOpenApi();

  beforeAll(async () => {
    bank = await startFakePixBank(creds);
    client = new PixBankClient({ baseUrl: bank.url, ...creds, certificate: null, privateKey: null });
    hookServer = createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString('utf8')));
      req.on('end', () => {
        hookBodies.push(JSON.parse(text));
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/api/webhooks/pix/loja/segredo`;
  });
  afterAll(async () => {
    await bank.close();
    await new Promise<void>((resolve) => hookServer.close(() => resolve()));
  });

  it('money is centavos inside and \\d{1,10}\\.\\d{2} on the wire; anything else is refused', () => {
    expect([valorOf(1), valorOf(1990), valorOf(100000)]).toEqual(['0.01', '19.90', '1000.00']);
    expect([centsOfValor('19.90'), centsOfValor('0.01'), centsOfValor('9999999999.99')]).toEqual([
      1990, 1, 999999999999,
    ]);
    for (const bad of ['1e3', '10', '1.5', '-1.00', ' 1.00', '1.000', 1990, null, '12345678901.00'])
      expect(centsOfValor(bad)).toBeNull();
  });

  it('issues, reads and refunds a charge; registers the webhook; lists the Pix; every exchange follows the document', async () => {
    const charge = await client.createCharge({
      txid: TXID,
      key: 'loja@exemplo.com.br',
      amountCents: 1990,
      expiresInSeconds: 1800,
      debtor: { name: 'Ana Souza', cpf: '52998224725' },
      payerRequest: 'Pedido nº 12',
    });
    expect(charge).toMatchObject({ txid: TXID, status: 'ATIVA', amountCents: 1990 });
    expect(verifyPixBrCode(charge.pixCopiaECola!)).toBe(true);
    const tags = parsePixTlv(charge.pixCopiaECola!);
    expect(tags['01']).toBe('12');
    expect(`https://${parsePixTlv(tags['26']!)['25']}`).toBe(charge.location);

    await client.registerWebhook('loja@exemplo.com.br', hookUrl);
    const paid = await bank.pay(TXID);
    expect(paid.status).toBe(200);
    expect(hookBodies).toHaveLength(1);
    expect(openapi.checkWebhookBody(hookBodies[0])).toEqual([]);

    const read = await client.getCharge(TXID);
    expect(read).toMatchObject({
      status: 'CONCLUIDA',
      pix: [{ endToEndId: paid.pix.endToEndId, amountCents: 1990 }],
    });
    const listed = await client.listPix(new Date(Date.now() - 3600_000), new Date(Date.now() + 60_000));
    expect(listed.map((p) => p.endToEndId)).toEqual([paid.pix.endToEndId]);
    const asked = { id: 'dev01', status: 'EM_PROCESSAMENTO', reason: null };
    expect(await client.refund(paid.pix.endToEndId, 'dev01', 1990)).toEqual(asked);
    expect(await client.refundStatus(paid.pix.endToEndId, 'dev01')).toEqual(asked);
    // The bank then calls the webhook again with the refund's final status, NAO_REALIZADO and its reason.
    const motivo = 'Negado por timeout';
    expect(await bank.settleRefund(paid.pix.endToEndId, 'dev01', { status: 'NAO_REALIZADO', motivo })).toBe(
      200,
    );
    expect(openapi.checkWebhookBody(hookBodies[1])).toEqual([]);
    const notDone = { id: 'dev01', status: 'NAO_REALIZADO', reason: motivo };
    expect(receivedPixOf((hookBodies[1] as { pix: unknown }).pix)[0]?.refunds).toEqual([notDone]);
    expect(await client.refundStatus(paid.pix.endToEndId, 'dev01')).toEqual(notDone);

    // Refusals come back as RFC 7807 problems the document describes.
    await expect(client.getCharge('vtrdesconhecido000000000000000')).rejects.toMatchObject({ status: 404 });
    await expect(client.refund(paid.pix.endToEndId, 'dev02', 5000)).rejects.toMatchObject({ status: 400 });
    const badCreds = new PixBankClient({
      baseUrl: bank.url,
      clientId: 'x',
      clientSecret: 'y',
      certificate: null,
      privateKey: null,
    });
    await expect(badCreds.getCharge(TXID)).rejects.toBeInstanceOf(PixBankError);

    const problems = bank.exchanges.flatMap((ex) => openapi.checkExchange(ex));
    expect(problems).toEqual([]);
    const documented = bank.exchanges.filter((ex) => ex.path !== '/oauth/token');
    expect(openapi.counts.requests).toBe(documented.length + 2);
    expect(openapi.counts.answers).toBe(documented.length);
    expect(documented.map((ex) => `${ex.method} ${ex.status}`)).toEqual([
      'PUT 201',
      'PUT 200',
      'GET 200',
      'GET 200',
      'PUT 201',
      'GET 200',
      'GET 200',
      'GET 404',
      'PUT 400',
    ]);
    console.info(
      `API Pix OpenAPI check: ${openapi.counts.requests} requests (${documented.length} to the bank + 2 webhook bodies), ` +
        `${openapi.counts.answers} answers, ${openapi.counts.parameters} parameters validated; errata: ${ERRATA.join('; ')}`,
    );
  });

  it('the checker is not blind: a txid too short, valor "1e3" and a problem without title are reported', () => {
    const bad = [
      {
        method: 'PUT',
        path: '/cob/curto',
        query: {},
        body: { calendario: {}, valor: { original: '19.90' }, chave: 'k' },
        status: 201,
        answer: {},
      },
      {
        method: 'PUT',
        path: `/cob/${TXID}`,
        query: {},
        body: { calendario: { expiracao: 60 }, valor: { original: '1e3' }, chave: 'k' },
        status: 400,
        answer: { type: 'x', status: 400 },
      },
    ];
    const found = bad.map((ex) => openapi.checkExchange(ex));
    expect(found[0]!.join(' ')).toMatch(/path txid/);
    expect(found[1]!.join(' ')).toMatch(/pattern/);
    expect(found[1]!.join(' ')).toMatch(/title/);
  });
});
