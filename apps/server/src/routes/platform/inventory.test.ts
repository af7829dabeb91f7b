/**
 * The inventory API (issue 31): GET by SKU, PUT absolute counts all or nothing, Idempotency-Key, and every bad PUT
 * (negative, not whole, unknown SKU, 10,001 rows, NUL bytes, below what orders hold) → 4xx envelope in pt-BR with
 * nothing applied.
 */
import { expect, it } from 'vitest';
import { caller, insertFixtureProduct, mintSession } from '../../modules/order/order-test-kit.ts';
import { saveStockSettings } from '../../modules/stock/service.ts';
import { insertShop } from '../../test/fixtures.ts';
import { describeEachDb, TEST_PLATFORM_KEY } from '../../test/test-app.ts';

const URL = '/api/platform/shops/mercearia/inventory';

describeEachDb('platform inventory API', (ctx) => {
  let shop: string;
  let oil: string;
  const put = (payload: unknown, headers: Record<string, string> = {}) =>
    ctx().app.inject({
      method: 'PUT',
      url: URL,
      headers: {
        authorization: `Bearer ${TEST_PLATFORM_KEY}`,
        'content-type': 'application/json',
        ...headers,
      },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const get = async (skus: string) => {
    const res = await ctx().app.inject({
      url: `${URL}?sku=${encodeURIComponent(skus)}`,
      headers: { authorization: `Bearer ${TEST_PLATFORM_KEY}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items as { sku: string; onHand: number; held: number; available: number }[];
  };
  const ledgerRows = async () =>
    (
      await ctx().db.query<{ n: number }>(
        'select count(*)::int as n from stock_movements where shop_id = $1',
        [shop],
      )
    )[0]!.n;
  const refusal = (res: { statusCode: number; json: () => unknown }) => {
    const body = res.json() as {
      success: boolean;
      data: unknown;
      errors: { code: string; message: string }[];
    };
    expect([body.success, body.data]).toEqual([false, null]);
    return [res.statusCode, body.errors[0]!.message] as const;
  };

  it('sets counts by SKU and reads them back; a retry with the same key moves nothing', async () => {
    const { db } = ctx();
    shop = await insertShop(db, 'mercearia');
    oil = await insertFixtureProduct(db, shop, { providerId: 'AZ', priceCents: 4000 });
    await insertFixtureProduct(db, shop, { providerId: 'ARROZ', priceCents: 2500 });
    await insertFixtureProduct(db, shop, {
      providerId: 'QUEIJO',
      priceCents: 2500,
      kilo: { amountInKilo: 0.5, kilogramPriceCents: 5000 },
    });
    await saveStockSettings(db, shop, oil, { track: true, allow_backorder: false, low_threshold: 0 });

    const first = await put(
      {
        items: [
          { sku: 'SKU-AZ', onHand: 12 },
          { sku: 'SKU-QUEIJO', onHand: 2500 },
        ],
      },
      { 'idempotency-key': 'erp-sync-0001' },
    );
    expect([first.statusCode, first.json().data]).toEqual([200, { applied: 2, unchanged: 0 }]);
    const again = await put(
      {
        items: [
          { sku: 'SKU-AZ', onHand: 12 },
          { sku: 'SKU-QUEIJO', onHand: 2500 },
        ],
      },
      { 'idempotency-key': 'erp-sync-0001' },
    );
    expect([again.statusCode, again.json().data]).toEqual([200, { applied: 2, unchanged: 0 }]);
    expect(await ledgerRows()).toBe(2);
    expect(
      refusal(await put({ items: [{ sku: 'SKU-AZ', onHand: 11 }] }, { 'idempotency-key': 'erp-sync-0001' })),
    ).toEqual([422, 'Esta chave de idempotência já foi usada com outro conteúdo.']);
    const same = await put({
      items: [
        { sku: 'SKU-AZ', onHand: 12 },
        { sku: 'SKU-ARROZ', onHand: 0, track: true },
      ],
    });
    expect(same.json().data).toEqual({ applied: 0, unchanged: 2 });
    expect((await get('SKU-ARROZ'))[0]).toMatchObject({ tracked: true, onHand: 0, available: 0 });
    await put({ items: [{ sku: 'SKU-ARROZ', onHand: 0, track: false }] });

    expect(await get('SKU-AZ,SKU-QUEIJO,NAO-EXISTE')).toEqual([
      expect.objectContaining({
        sku: 'SKU-AZ',
        productId: 'AZ',
        tracked: true,
        measure: 'unit',
        onHand: 12,
        held: 0,
        available: 12,
      }),
      expect.objectContaining({ sku: 'SKU-QUEIJO', tracked: false, measure: 'gram', onHand: 2500 }),
    ]);
    const [row] = await db.query<{ reason: string; actor: string; on_hand_delta: number }>(
      `select reason, actor, on_hand_delta from stock_movements where unit_id = $1`,
      [oil],
    );
    expect(row).toEqual({ reason: 'inventory_api', actor: 'platform', on_hand_delta: 12 });
  });

  it('refuses every bad PUT with our envelope in pt-BR and applies nothing', async () => {
    const before = await ledgerRows();
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ sku: `SKU-${i}`, onHand: 1 }));
    const cases: [unknown, number, RegExp][] = [
      [
        {
          items: [
            { sku: 'SKU-ARROZ', onHand: 5 },
            { sku: 'SKU-AZ', onHand: -1 },
          ],
        },
        400,
        /items\.1\.onHand: O estoque não pode ser negativo\./,
      ],
      [{ items: [{ sku: 'SKU-AZ', onHand: 2.5 }] }, 400, /O estoque deve ser um número inteiro\./],
      [{ items: [{ sku: 'SKU-AZ', onHand: '3' }] }, 400, /O estoque deve ser um número inteiro\./],
      [
        {
          items: [
            { sku: 'SKU-ARROZ', onHand: 5 },
            { sku: 'FANTASMA', onHand: 1 },
            { sku: 'OUTRO', onHand: 1 },
          ],
        },
        422,
        /^SKU\(s\) desconhecido\(s\) nesta loja: FANTASMA, OUTRO\. Nada foi alterado\.$/,
      ],
      [
        {
          items: [
            { sku: 'SKU-ARROZ', onHand: 5 },
            { sku: 'SKU-ARROZ', onHand: 6 },
          ],
        },
        422,
        /SKU\(s\) repetido\(s\) na lista: SKU-ARROZ/,
      ],
      [{ items: rows(10_001) }, 400, /Envie no máximo 10\.000 itens por vez\./],
      [{ items: [] }, 400, /Envie ao menos um item\./],
      [{ items: [{ sku: 'SKU-AZ', onHand: 1, extra: true }] }, 400, /Dados inválidos/],
    ];
    for (const [body, status, message] of cases) {
      const [code, text] = refusal(await put(body));
      expect(code, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(text).toMatch(message);
    }
    const nul = await put('{"items":[{"sku":"SKU-AZ\\u0000","onHand":1}]}');
    expect(refusal(nul)[0]).toBe(400);
    expect(
      refusal(await put({ items: [{ sku: 'SKU-ARROZ', onHand: 5 }] }, { 'idempotency-key': 'x' })),
    ).toEqual([400, 'Chave de idempotência inválida.']);
    expect(await ledgerRows()).toBe(before);
    expect((await get('SKU-ARROZ'))[0]!.onHand).toBe(0);
  });

  it('10,000 rows in one PUT are applied; a count below what orders hold is refused by SKU', async () => {
    const { db } = ctx();
    await db.query(
      `insert into products (id, shop_id, provider_id, sku, name, price_cents)
       select 'prd_bulk_' || i, $1, 'BULK-' || i, 'BULK-' || i, 'Item ' || i, 100 from generate_series(1, 9999) i`,
      [shop],
    );
    const items = [
      { sku: 'SKU-AZ', onHand: 3 },
      ...Array.from({ length: 9999 }, (_, i) => ({ sku: `BULK-${i + 1}`, onHand: i % 7 })),
    ];
    const started = Date.now();
    const res = await put({ items });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.applied + res.json().data.unchanged).toBe(10_000);
    console.info(`inventory PUT of 10,000 rows [${ctx().kind}]: ${Date.now() - started} ms`);

    const shopper = caller(ctx().app, await mintSession(ctx().app, { shop: 'mercearia' }));
    await shopper.item({ providerId: 'AZ', quantity: 2 });
    expect((await shopper.confirm()).status).toBe(200);
    expect(
      refusal(
        await put({
          items: [
            { sku: 'BULK-3', onHand: 9 },
            { sku: 'SKU-AZ', onHand: 1 },
          ],
        }),
      ),
    ).toEqual([
      422,
      'O estoque de SKU-AZ ficaria abaixo das unidades reservadas por pedidos confirmados. Nada foi alterado.',
    ]);
    expect(await get('SKU-AZ,BULK-3')).toEqual([
      expect.objectContaining({ sku: 'BULK-3', onHand: 2 }),
      expect.objectContaining({ sku: 'SKU-AZ', onHand: 3, held: 2, available: 1 }),
    ]);
  }, 300_000);
});
