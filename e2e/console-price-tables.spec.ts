import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './axe';
import { acceptInvitation, shotBoth } from './console-owner';
import { recordSecret } from './helpers';
import { openDb } from '../apps/server/src/db/client.ts';
import { startPrivateServerWithShop } from './prepared-server';
import type { PrivateServer } from './private-server';
import { agentSession } from './agent-order';

/**
 * Vendas › Tabelas de preço (issue 18, docs/decisions/0039), on a server of its own, once at 1366 px (each
 * screen also checked at 375 px): a new shop's owner creates the table 'Atacado', sets a variant's price, exports the table as CSV,
 * imports it back with a price changed (a file with an unknown SKU first: nothing written, the row said), makes it
 * the default of the pickup store; an agent choosing that store in the checkout sees the line at the table's
 * price. CONSOLE_SHOTS=<dir> saves screenshots at 1366 and 375 px.
 */
const PASSWORD = 'senha-da-dona-tabelas';

let server: PrivateServer | undefined;

test.afterAll(async () => {
  await server?.stop();
});

/** A shirt in sizes P and G (R$ 50,00 / R$ 55,00), a coffee (R$ 10,00) and the pickup store 'Loja Centro'. */
async function seedShop(dataDir: string, slug: string) {
  const db = await openDb({ dataDir });
  try {
    await db.transaction(async (tx) => {
      const [shop] = await tx.query<{ id: string }>('select id from shops where slug = $1', [slug]);
      const id = shop!.id;
      // The agent checkout offers the store dropdown.
      await tx.query(`update shops set settings = settings || '{"showSellerOptions": true}' where id = $1`, [
        id,
      ]);
      await tx.query(
        `insert into products (id, shop_id, provider_id, sku, name, price_cents, ranking)
         values ($1 || '-cam', $1, 'CAM', 'CAM', 'Camiseta Básica', 5000, 100),
                ($1 || '-cafe', $1, 'CAFE', 'CAFE-500', 'Café Torrado 500 g', 1000, 90)`,
        [id],
      );
      await tx.query(
        `insert into product_attributes (id, shop_id, product_id, provider_id, name)
         values ($1 || '-tam', $1, $1 || '-cam', 'tamanho', 'Tamanho')`,
        [id],
      );
      await tx.query(
        `insert into attribute_options (id, shop_id, attribute_id, provider_id, name, position)
         values ($1 || '-p', $1, $1 || '-tam', 'p', 'P', 0), ($1 || '-g', $1, $1 || '-tam', 'g', 'G', 1)`,
        [id],
      );
      await tx.query(
        `insert into product_variants (id, shop_id, product_id, provider_id, sku, options, price_cents, position)
         values ($1 || '-vp', $1, $1 || '-cam', 'p', 'CAM-P', '{"tamanho":"p"}', 5000, 0),
                ($1 || '-vg', $1, $1 || '-cam', 'g', 'CAM-G', '{"tamanho":"g"}', 5500, 1)`,
        [id],
      );
      await tx.query(
        `insert into sellers (id, shop_id, provider_id, name, street, number, neighborhood, city, state, zip_code)
         values ($1 || '-loja', $1, 'loja-centro', 'Loja Centro', 'Rua Augusta', '100', 'Consolação',
                 'São Paulo', 'SP', '01305000')`,
        [id],
      );
      await tx.query(
        `insert into logistic_options (id, shop_id, seller_id, provider_id, type, name)
         values ($1 || '-retirada', $1, $1 || '-loja', 'retirada', 0, 'Retirada - Loja Centro')`,
        [id],
      );
    });
  } finally {
    await db.close();
  }
}

const shot = shotBoth;

test('a table is created, priced by variant, exported, imported back and applied by a store’s default in the checkout', async ({
  page,
}, testInfo) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1366, height: 860 });
  const slug = `tabelas-${testInfo.project.name}`;
  recordSecret(PASSWORD);
  const name = `console-price-tables-${testInfo.project.name}`;
  // The shop is created (platform API) and its data written before the server's one start (e2e/prepared-server.ts).
  const prepared = await startPrivateServerWithShop(
    name,
    { slug, name: 'Empório Tabelas', owner: { email: `dona@${slug}.example`, name: 'Rita' } },
    (dataDir) => seedShop(dataDir, slug),
  );
  server = prepared.server;
  const invitation = prepared.invitationUrl;
  await acceptInvitation(page, invitation, 'Rita', PASSWORD);

  // Vendas › Tabelas de preço: none yet; 'Atacado' created opens its prices.
  await page.goto(`${server.origin}/console/lojas/${slug}/vendas/tabelas`);
  await expect(page.getByText('Nenhuma tabela de preço ainda.')).toBeVisible();
  await page.getByRole('button', { name: 'Nova tabela' }).click();
  await page.getByRole('button', { name: 'Criar tabela' }).click();
  await expect(page.getByText('Informe o nome da tabela.')).toBeVisible();
  await page.getByLabel('Nome da tabela').fill('Atacado');
  await page.getByRole('button', { name: 'Criar tabela' }).click();
  await expect(page.getByRole('heading', { name: 'Preços da tabela “Atacado”' })).toBeVisible();

  // The G shirt at R$ 45,00; a bad amount is said at the field and blocks the save.
  const gPrice = page.getByLabel('Preço na tabela de Camiseta Básica — Tamanho: G');
  await gPrice.fill('45,0x');
  await expect(page.getByText('Valor inválido: use, por exemplo, 1.234,56.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar preços' })).toBeDisabled();
  await gPrice.fill('45,00');
  await page.getByRole('button', { name: 'Salvar preços' }).click();
  await expect(page.getByText('1 preço(s) salvo(s) em “Atacado”.')).toBeVisible();
  await page.getByLabel('Buscar').fill('café');
  await expect(page.getByLabel('Preço na tabela de Camiseta Básica — Tamanho: G')).toHaveCount(0);
  await expect(page.getByLabel('Preço na tabela de Café Torrado 500 g')).toBeVisible();
  await page.getByLabel('Buscar').fill('');
  await expect(gPrice).toHaveValue('45,00');

  // Export: the catalogue sheet's conventions.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Exportar CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('tabela-atacado.csv');
  const exported = readFileSync((await download.path())!, 'utf8');
  expect(
    exported.startsWith(
      '\uFEFFCódigo;Nome;SKU;Preço;Variação;SKU da variação;Preço da variação;Preço na tabela',
    ),
  ).toBe(true);
  expect(exported).toContain('CAM;Camiseta Básica;;;Tamanho: G;CAM-G;55,00;45,00');

  // A file with an unknown SKU: nothing imported, the row said.
  const file = testInfo.outputPath('atacado.csv');
  writeFileSync(file, `${exported}X;Nada;NAO-EXISTE;;;;;1,00\n`);
  await page.getByLabel('Arquivo CSV de preços').setInputFiles(file);
  await expect(page.getByText('Nada foi importado')).toBeVisible();
  await expect(page.getByText('SKU não encontrado no catálogo: NAO-EXISTE.')).toBeVisible();
  await shot(page, 'price-import-refused');
  // The same file with the G shirt at R$ 42,00 and the coffee at R$ 8,50.
  writeFileSync(
    file,
    exported
      .replace('CAM-G;55,00;45,00', 'CAM-G;55,00;42,00')
      .replace('CAFE-500;10,00;;;;', 'CAFE-500;10,00;;;;8,50'),
  );
  await page.getByLabel('Arquivo CSV de preços').setInputFiles(file);
  await expect(page.getByText('Planilha importada: 2 preço(s) alterado(s), 2 sem mudança.')).toBeVisible();
  await expect(gPrice).toHaveValue('42,00');
  await expect(page.getByLabel('Preço na tabela de Café Torrado 500 g')).toHaveValue('8,50');
  await expectAccessibleAtBothWidths(page, 'Tabelas de preço');
  await shot(page, 'price-editor');

  await page.getByRole('button', { name: '← Tabelas de preço' }).click();
  const card = page
    .getByRole('list', { name: 'Tabelas de preço' })
    .getByRole('listitem')
    .filter({ hasText: 'Atacado' });
  await expect(card).toContainText('2 preços');
  await expect(card).toContainText('Nenhuma loja usa esta tabela');
  await shot(page, 'price-tables');

  // Entrega: Loja Centro allows Atacado and applies it by default.
  await page.goto(`${server.origin}/console/lojas/${slug}/entrega`);
  await page.getByRole('button', { name: 'Editar Loja Centro' }).click();
  const storeForm = page.getByRole('form', { name: 'Editar Loja Centro' });
  await storeForm.getByLabel('Atacado', { exact: true }).check();
  await storeForm.getByLabel('Tabela padrão', { exact: true }).selectOption({ label: 'Atacado' });
  await storeForm.getByLabel(/Usar tabela padrão/).check();
  await storeForm.getByRole('group', { name: 'Tabelas de preço' }).scrollIntoViewIfNeeded();
  await shot(page, 'store-price-tables');
  await storeForm.getByRole('button', { name: 'Salvar loja' }).click();
  await expect(page.getByText('Loja Loja Centro salva.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Lojas', exact: true })).toContainText(
    'Tabelas de preço: Atacado · padrão Atacado (aplicada ao escolher a loja)',
  );

  // The table can no longer be deleted: the store uses it.
  await page.goto(`${server.origin}/console/lojas/${slug}/vendas/tabelas`);
  await expect(
    page.getByRole('list', { name: 'Tabelas de preço' }).getByRole('listitem').filter({ hasText: 'Atacado' }),
  ).toContainText('Usada por: Loja Centro');
  await page.getByRole('button', { name: 'Excluir Atacado' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText(/A tabela é usada pelas lojas Loja Centro/)).toBeVisible();

  // An agent: the G shirt in the cart at R$ 55,00; choosing Loja Centro applies Atacado: R$ 42,00.
  const { code, ok } = await agentSession(server.origin, slug, {
    name: 'Cliente Tabelas',
    phone: '5511955550401',
  });
  await ok('POST', '/api/order/items/', { providerId: 'CAM', sku: 'CAM-G', quantity: 1 });
  await page.goto(`${server.origin}/catalog#${code}`);
  await page.getByRole('banner').locator('a[href="/catalog"]').waitFor();
  await page.goto(`${server.origin}/order/checkout`);
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar pedido' })).toBeVisible();
  const items = page.getByRole('region', { name: 'Itens do pedido' });
  await expect(items).toContainText(/R\$\s55,00/);
  await page.getByRole('combobox', { name: 'Loja', exact: true }).selectOption({ label: 'Loja Centro' });
  await expect(items).toContainText(/R\$\s42,00/);
  await expect(page.getByLabel('Tabela de preço').locator('option:checked')).toHaveText('Atacado');
  await shot(page, 'checkout-table-price');
});
