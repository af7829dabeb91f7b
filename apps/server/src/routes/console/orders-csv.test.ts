import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import { boardCsv } from '../../flows/orders/board-csv.ts';
import { placeTestOrder } from '../../test/board-kit.ts';
import { asStaff, inviteAndAccept, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { describeEachDb } from '../../test/test-app.ts';

type Record = { [column: string]: string };
const csvOf = (text: string) => parse(text, { delimiter: ';', bom: true, columns: true }) as Record[];

describeEachDb('console orders CSV export', (ctx) => {
  let owner: Staff;
  let agent: Staff;
  let stranger: Staff;
  let shopId: string;
  const exportCsv = (staff: Staff | null, query = '', shop = 'planilha') =>
    asStaff(ctx().app, staff, { url: `/api/console/shops/${shop}/orders.csv${query}` });

  it('exports the filtered orders: ; separated, pt-BR numbers and dates, UTF-8 with BOM, quoted', async () => {
    const { app, db } = ctx();
    const created = await shopWithOwner(app, 'planilha');
    owner = created.owner;
    shopId = created.shop.id;
    agent = await inviteAndAccept(app, db, 'planilha', owner, 'atendente@planilha.example', 'agent');
    stranger = (await shopWithOwner(app, 'outra-planilha')).owner;
    await placeTestOrder(db, shopId, {
      name: 'Ana "Nina"; Souza',
      phone: '5511911110001',
      confirmedAt: '2026-11-21T02:30:00Z',
      totalCents: 123456,
      paid: true,
    });
    await placeTestOrder(db, shopId, {
      name: '=HYPERLINK("http://x")',
      phone: '5511922220002',
      confirmedAt: '2026-11-22T12:00:00Z',
      channelType: 0,
      pickup: true,
      quantity: 3,
      kiloPortion: 0.5,
    });

    const res = await exportCsv(agent);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="pedidos-planilha-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.rawPayload.toString('utf8');
    expect(text.split('\n')[0]).toBe(
      '\ufeffPedido;Data;Situação;Cliente;Telefone;Canal;Itens;Peso (kg);Total (R$);Forma de pagamento;Pagamento;' +
        'Pago (R$);A receber (R$);Reembolsado (R$);Reembolso pendente (R$);Entrega;Dia;Horário;Loja;' +
        'Atendente;Cupom;Desconto (R$)',
    );
    expect(text).toContain('"Ana ""Nina""; Souza"');
    const rows = csvOf(text);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      Pedido: '2',
      Data: '22/11/2026 09:00',
      Cliente: `'=HYPERLINK("http://x")`,
      Canal: 'Messenger',
      Itens: '0',
      'Peso (kg)': '1,5',
      Entrega: 'Retirada: Retirada na loja',
      Pagamento: 'Aguardando',
      'Pago (R$)': '0,00',
    });
    expect(rows[1]).toMatchObject({
      Pedido: '1',
      // 02:30 UTC on the 21st is 23:30 of the 20th in São Paulo.
      Data: '20/11/2026 23:30',
      Situação: 'Recebido',
      Cliente: 'Ana "Nina"; Souza',
      Telefone: '5511911110001',
      Canal: 'WhatsApp',
      Itens: '1',
      'Peso (kg)': '',
      'Total (R$)': '1.234,56',
      'Forma de pagamento': 'PIX',
      Pagamento: 'Pago',
      'Pago (R$)': '1.234,56',
      'A receber (R$)': '0,00',
      'Reembolsado (R$)': '0,00',
      'Reembolso pendente (R$)': '0,00',
      Entrega: 'Entrega: Entrega expressa',
      Dia: '25/11/2026',
      Horário: '09:00–12:00',
      Loja: 'Loja Centro',
    });

    const paid = csvOf((await exportCsv(owner, '?payment=paid&from=2026-11-20&to=2026-11-20')).body);
    expect(paid.map((r) => r.Pedido)).toEqual(['1']);
    const byName = csvOf((await exportCsv(owner, '?q=nina')).body);
    expect(byName.map((r) => r.Pedido)).toEqual(['1']);
    const none = await exportCsv(owner, '?channel=instagram');
    expect(csvOf(none.body)).toEqual([]);
    expect(none.body.startsWith('\ufeffPedido;')).toBe(true);
  });

  it('walks every page by keyset and stops at the cap', async () => {
    const { db } = ctx();
    await placeTestOrder(db, shopId, {
      name: 'Carla',
      phone: '5511933330003',
      confirmedAt: '2026-11-23T12:00:00Z',
    });
    const read = async (options: { pageSize: number; maxRows?: number }) => {
      let text = '';
      for await (const chunk of await boardCsv(db, shopId, {}, options)) text += String(chunk);
      return csvOf(text).map((r) => r.Pedido);
    };
    expect(await read({ pageSize: 1 })).toEqual(['3', '2', '1']);
    expect(await read({ pageSize: 2 })).toEqual(['3', '2', '1']);
    expect(await read({ pageSize: 2, maxRows: 2 })).toEqual(['3', '2']);
  });

  it('refuses callers outside the shop and bad filters in pt-BR, changing nothing', async () => {
    expectRefusal(await exportCsv(null), 401);
    expectRefusal(await exportCsv(stranger), 404);
    expectRefusal(await exportCsv(owner, '', 'nao-existe'), 404);
    expect(expectRefusal(await exportCsv(owner, '?status=pago'), 400).message).toMatch(/Situação inválida/);
    expect(expectRefusal(await exportCsv(owner, '?from=2026-11-22&to=2026-11-20'), 400).message).toMatch(
      /data/i,
    );
    expectRefusal(await exportCsv(owner, '?from=ontem'), 400);
    expectRefusal(await exportCsv(owner, '?cursor=abc'), 400);
    expectRefusal(await exportCsv(owner, `?q=${'a'.repeat(101)}`), 400);
  });
});
