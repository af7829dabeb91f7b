/**
 * Console 'Entrega' (issue 18): an owner sets up pickup stores and delivery by neighbourhood or CEP range with
 * their own fees; agents' checkouts see them at once, are priced by the area of the address and refused where
 * the shop does not deliver; every change is audited with old and new values; bad input changes nothing.
 */
import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/test-app.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { asStaff, inviteAndAccept, shopWithOwner } from '../../test/console-kit.ts';
import { byNeighbourhood, deliveryCalls, storeBody } from '../../test/delivery-kit.ts';
import { insertFixtureProduct, mintSession } from '../../modules/order/order-test-kit.ts';
import { message, session } from '../../modules/checkout/checkout-test-kit.ts';

const address = (neighborhood: string, zipCode: string) => ({
  type: 'Casa',
  zipCode,
  street: 'Rua Um',
  number: '10',
  neighborhood,
  city: 'São Paulo',
  state: 'SP',
});

describeEachDb('console delivery: stores, options and areas', (ctx) => {
  it('a store and delivery by neighbourhood reach an agent checkout at once, priced by area, audited old → new', async () => {
    const { app, db } = ctx();
    const { owner, shop } = await shopWithOwner(app, 'entrega-a');
    await insertFixtureProduct(db, shop.id, { providerId: 'P-20', priceCents: 2000 });
    const { call } = deliveryCalls(app, 'entrega-a');

    const created = await call(owner, 'POST', '/stores', storeBody({ serviceFeeCents: 300 }));
    expect(created.statusCode, created.body).toBe(201);
    const storeId = created.json().data.id as string;
    const option = await call(owner, 'POST', '/options', byNeighbourhood());
    expect(option.statusCode, option.body).toBe(201);
    const listed = await call(owner, 'GET', '/options');
    expect(listed.json().data.options).toEqual([{ ...byNeighbourhood(), id: option.json().data.id }]);

    const agent = session(app, await mintSession(app, { shop: 'entrega-a', agent: true }));
    await agent.okCall('POST', '/api/order/items/', { providerId: 'P-20', quantity: 1 });
    const pickups = (await agent.okCall('GET', '/api/order/logistic/?type=0')) as unknown as {
      name: string;
      description: string;
      storePickUpAddress: { street: string };
    }[];
    expect(pickups).toMatchObject([
      {
        name: 'Retirada - Loja Paulista',
        description: 'Seg 08:00–18:00 · Sáb 08:00–12:00',
        storePickUpAddress: { street: 'Avenida Paulista' },
      },
    ]);

    // Bela Vista: 7,00; a CEP of the 04 range: 15,00; elsewhere refused in pt-BR.
    await agent.okCall('POST', '/api/order/address/', address('Bela Vista', '01310-100'));
    await agent.okCall('POST', '/api/order/address/', address('Moema', '04077-000'));
    await agent.okCall('POST', '/api/order/address/', address('Pinheiros', '05422-000'));
    const optionId = option.json().data.id as string;
    // Listed for an address the agent picks (its CEP and number): the fee of the area covering it.
    const offered = async (query: string) =>
      (
        (await agent.okCall('GET', `/api/order/logistic/?type=1&${query}`)) as unknown as { price: number }[]
      ).map((o) => o.price);
    expect(await offered('code=01310100&number=10')).toEqual([7]);
    expect(await offered('code=04077000')).toEqual([15]);
    expect((await agent.call('GET', '/api/order/logistic/?type=1&code=05422000')).status).toBe(422);
    const pick = (addressIndex: number) =>
      agent.call('POST', '/api/order/logistic/', { type: 1, providerId: optionId, addressIndex });
    expect((await pick(0)).body.data.totalAmout).toBe(27);
    expect((await pick(1)).body.data.totalAmout).toBe(35);
    const refused = await pick(2);
    expect(refused.status).toBe(422);
    expect(message(refused)).toBe('Nenhuma opção de entrega disponível para este endereço.');
    expect((await agent.okCall('GET', '/api/order/current')).totalAmout).toBe(35);

    // A change reaches the next checkout; the audit log reads old → new.
    const changed = await call(
      owner,
      'PUT',
      `/options/${optionId}`,
      byNeighbourhood({
        areas: [{ kind: 'neighborhood', city: 'São Paulo', neighborhood: 'Pinheiros', feeCents: 900 }],
      }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await pick(2)).body.data.totalAmout).toBe(29);
    expect((await pick(0)).status).toBe(422);
    const fee = await call(
      owner,
      'PUT',
      `/stores/${storeId}`,
      storeBody({ serviceFeeCents: 500, pickup: false }),
    );
    expect(fee.statusCode, fee.body).toBe(200);
    expect(await agent.okCall('GET', '/api/order/logistic/?type=0')).toEqual([]);
    const audit = await asStaff(app, owner, { url: '/api/console/shops/entrega-a/audit' });
    const entries = audit.json().data.entries as { action: string; detail: { changes: object[] } }[];
    expect(entries.map((e) => e.action).slice(0, 4)).toEqual([
      'delivery.store.changed',
      'delivery.option.changed',
      'delivery.option.created',
      'delivery.store.created',
    ]);
    expect(entries[0]!.detail.changes).toEqual([
      { label: 'Taxa de serviço', before: 'R$\u00a03,00', after: 'R$\u00a05,00' },
      { label: 'Retirada', before: 'Sim (Em até 2 horas)', after: 'Não' },
    ]);
    expect(entries[1]!.detail.changes).toEqual([
      {
        label: 'Onde entrega',
        before: 'Bela Vista (São Paulo): R$\u00a07,00; CEP 04000000–04999999: R$\u00a015,00',
        after: 'Pinheiros (São Paulo): R$\u00a09,00',
      },
    ]);

    // Removing the option: the order that chose it keeps its delivery; a new pick is refused.
    const removedOption = await call(owner, 'DELETE', `/options/${optionId}`);
    expect(removedOption.statusCode, removedOption.body).toBe(200);
    expect((await agent.okCall('GET', '/api/order/current')).logistic?.name).toBe('Entrega no bairro');
    expect((await pick(2)).status).toBe(404);
    const removedStore = await call(owner, 'DELETE', `/stores/${storeId}`);
    expect(removedStore.statusCode, removedStore.body).toBe(200);
    expect((await call(owner, 'GET', '/stores')).json().data.stores).toEqual([]);
  });

  it('refuses bad input at the field in pt-BR, other shops’ objects and agents, and changes nothing', async () => {
    const { app, db } = ctx();
    const { owner } = await shopWithOwner(app, 'entrega-b');
    const { owner: stranger } = await shopWithOwner(app, 'entrega-c');
    const agent = await inviteAndAccept(app, db, 'entrega-b', owner, 'atende@entrega-b.example', 'agent');
    const manager = await inviteAndAccept(app, db, 'entrega-b', owner, 'gere@entrega-b.example', 'manager');
    const { call } = deliveryCalls(app, 'entrega-b');
    const store = (await call(manager, 'POST', '/stores', storeBody())).json().data as { id: string };
    const snapshot = async () =>
      JSON.stringify(
        await db.query(
          `select (select json_agg(s order by id) from sellers s where shop_id = sh.id) as stores,
                  (select json_agg(l order by id) from logistic_options l where shop_id = sh.id) as options,
                  (select count(*) from audit_log where shop_id = sh.id) as audit
             from shops sh where slug = 'entrega-b'`,
        ),
      );
    const baseline = await snapshot();

    const storeCases: [object, string][] = [
      [storeBody({ zipCode: '0131-100' }), 'CEP inválido'],
      [storeBody({ name: ' ' }), 'Informe o nome da loja.'],
      [storeBody({ state: 'São Paulo' }), 'UF inválida'],
      [storeBody({ serviceFeeCents: -1 }), 'não pode ser negativo'],
      [
        storeBody({ openingHours: [{ weekday: 1, opens: '18:00', closes: '08:00' }] }),
        'O fechamento deve ser depois da abertura.',
      ],
      [storeBody({ openingHours: [{ weekday: 1, opens: '8h', closes: '18:00' }] }), 'Horário inválido'],
      [
        storeBody({
          openingHours: [
            { weekday: 2, opens: '08:00', closes: '10:00' },
            { weekday: 2, opens: '14:00', closes: '18:00' },
          ],
        }),
        'Cada dia da semana aparece uma vez só.',
      ],
    ];
    for (const [payload, text] of storeCases)
      expect(expectRefusal(await call(owner, 'POST', '/stores', payload), 400).message).toContain(text);
    const optionCases: [object, string][] = [
      [byNeighbourhood({ areas: [] }), 'Informe ao menos uma área de entrega.'],
      [
        byNeighbourhood({ areas: [{ kind: 'cep', cepFrom: '05000000', cepTo: '04000000', feeCents: 1 }] }),
        'O CEP final deve ser maior que o inicial.',
      ],
      [
        byNeighbourhood({
          areas: [{ kind: 'neighborhood', city: 'São Paulo', neighborhood: '', feeCents: 1 }],
        }),
        'Informe o bairro.',
      ],
      [byNeighbourhood({ maxItems: 0 }), 'Informe ao menos 1.'],
      [byNeighbourhood({ orderMinCents: 1.5 }), 'Valor inválido.'],
      [byNeighbourhood({ estimate: 'Em até No mesmo dia' }), 'Escolha o prazo'],
    ];
    for (const [payload, text] of optionCases)
      expect(expectRefusal(await call(owner, 'POST', '/options', payload), 400).message).toContain(text);

    // Another shop's store, named as this shop's option's store or edited through this shop: not found.
    const foreign = (
      await deliveryCalls(app, 'entrega-c').call(stranger, 'POST', '/stores', storeBody())
    ).json().data as { id: string };
    expectRefusal(await call(owner, 'POST', '/options', byNeighbourhood({ storeId: foreign.id })), 404);
    expectRefusal(await call(owner, 'PUT', `/stores/${foreign.id}`, storeBody()), 404);
    expectRefusal(await call(owner, 'DELETE', `/stores/${foreign.id}`), 404);
    expectRefusal(
      await deliveryCalls(app, 'entrega-b').call(stranger, 'PUT', `/stores/${store.id}`, storeBody()),
      404,
    );
    expectRefusal(await call(agent, 'GET', '/stores'), 403);
    expectRefusal(await call(agent, 'PUT', `/stores/${store.id}`, storeBody({ name: 'Outra' })), 403);
    expect(await snapshot()).toBe(baseline);
  });

  it('looks a store’s CEP up in pt-BR', async () => {
    const { app } = ctx();
    const { owner } = await shopWithOwner(app, 'entrega-d');
    const { call } = deliveryCalls(app, 'entrega-d');
    const found = await call(owner, 'GET', '/cep/01310-100');
    expect(found.json().data).toMatchObject({
      street: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
      state: 'SP',
    });
    expect(expectRefusal(await call(owner, 'GET', '/cep/0131'), 400).message).toBe('CEP inválido');
    expect(expectRefusal(await call(owner, 'GET', '/cep/99999-999'), 404).message).toBe(
      'CEP não encontrado.',
    );
  });
});
