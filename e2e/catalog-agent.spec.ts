import { expect, test } from '@playwright/test';
import { mintSession, openStore } from './helpers';

/** Catalogue screen for platform users (agents) and the suggested view (spec §2, §4, §6). */

test('the agent view shows the seller banner, send buttons and the catalogue settings', async ({
  page,
  request,
}) => {
  await openStore(page, request, { shop: 'moda', type: 'agent' });
  await expect(page.getByText('Selecione a loja que deseja comprar para liberar os produtos')).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Confirmar pedido/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Enviar .* para o contato$/ }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Configurações do Catálogo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Configurações do Catálogo' });
  for (const kind of ['Padrão', 'Categoria', 'Coleção', 'Busca']) {
    await expect(dialog.getByRole('radio', { name: kind })).toBeVisible();
  }
  await expect(dialog.getByRole('radio', { name: 'Padrão' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Categoria' }).check();
  const select = dialog.getByRole('combobox', { name: 'Categoria' });
  await expect(select).toBeVisible();
  const firstCategory = await select.locator('option').first().innerText();
  await expect(select.locator('option:checked')).toHaveText(firstCategory);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Categoria: ${firstCategory}`)).toBeVisible();

  // The send endpoint may not exist yet: either toast is the documented outcome.
  await page.getByRole('button', { name: 'Enviar catálogo' }).click();
  await expect(page.getByText(/Catálogo enviado para o contato|Falha ao enviar catálogo/)).toBeVisible();
});

test('the agent sends a product to the contact', async ({ page, request }) => {
  await openStore(page, request, { shop: 'hortifruti', type: 'agent' });
  const send = page.getByRole('button', { name: 'Enviar Banana Prata para o contato' });
  await send.click();
  await expect(
    page.getByText(/Produto enviado para o contato|Falha ao enviar detalhes do produto/),
  ).toBeVisible();
  await expect(send).toBeEnabled();
});

test('the agent sees Enviar resumo do pedido once the order has items', async ({ page, request }) => {
  await openStore(page, request, { shop: 'hortifruti', type: 'agent' });
  await expect(page.getByRole('button', { name: 'Enviar resumo do pedido' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Adicionar Banana Prata ao carrinho' }).click();
  const resume = page.getByRole('button', { name: 'Enviar resumo do pedido' });
  await expect(resume).toBeVisible();
  await resume.click();
  await expect(
    page.getByText(/Resumo do pedido enviado para o contato|Falha ao enviar resumo/),
  ).toBeVisible();
});

test('agents can add restricted-sale products that customers cannot', async ({ page, request, browser }) => {
  const link = await mintSession(request, { shop: 'hortifruti' });
  const code = link.split('#')[1]!;
  const search = await request.post('/api/catalog/products/searchText', {
    headers: { authorization: `Bearer ${code}` },
    data: { pageNumber: 0, perPage: 100, searchQuery: 'cerveja' },
  });
  const products = (
    (await search.json()) as {
      data: { data: { name: string; isRestrictedSale: boolean; isActive: boolean }[] };
    }
  ).data.data;
  const restricted = products.find((p) => p.isRestrictedSale && p.isActive);
  test.skip(!restricted, 'demo data has no restricted-sale product for this search');

  await page.goto(`${link}?catalogType=ShowQuery&catalogId=${encodeURIComponent(restricted!.name)}`);
  await expect(
    page.getByRole('button', { name: `Adicionar ${restricted!.name} ao carrinho` }),
  ).toBeDisabled();

  const agentPage = await browser.newPage();
  await openStore(agentPage, request, { shop: 'hortifruti', type: 'agent' });
  await agentPage.getByRole('searchbox', { name: 'Pesquisar por produto' }).fill(restricted!.name);
  await agentPage.getByRole('button', { name: 'Pesquisar', exact: true }).click();
  await expect(
    agentPage.getByRole('button', { name: `Adicionar ${restricted!.name} ao carrinho` }),
  ).toBeEnabled();
  await agentPage.close();
});

test('/products-found opens the suggested view directly', async ({ page, request }) => {
  const link = await mintSession(request, { shop: 'hortifruti' });
  await page.goto(link.replace('/catalog', '/products-found'));
  await expect(page.getByRole('tab', { name: 'Sugeridos', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // The demo order has no assistant suggestions: the empty state shows.
  await expect(page.getByText('Nenhum produto encontrado.')).toBeVisible();
});
