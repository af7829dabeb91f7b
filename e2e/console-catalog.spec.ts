import { expect, test, type Page } from '@playwright/test';
import { openStore, PLATFORM_KEY, recordSecret, type SessionOptions } from './helpers';

/**
 * Catálogo (issue 17, decision 0031): the owner builds the category tree (reordering with the keyboard), finds a
 * Tamanho × Cor product in the list, raises its price 10 % in bulk after a confirmation, and a shopper finds it by an
 * accent-free, misspelled search at the new price. CONSOLE_SHOTS=<dir> saves screenshots.
 */
const PASSWORD = 'senha-da-dona-catalogo';
recordSecret(PASSWORD);

async function shot(page: Page, name: string) {
  const dir = process.env.CONSOLE_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const grid = ['P', 'M'].flatMap((tamanho, i) =>
  ['Azul Marinho', 'Verde'].map((cor, j) => ({
    options: { Tamanho: tamanho, Cor: cor },
    sku: `CAM-E2E-${i}${j}`,
    priceCents: 5990 + (i * 2 + j) * 100,
    promotionalPriceCents: null,
    isAvailable: true,
  })),
);

test('the owner builds the category tree, bulk-raises a price and the shopper finds the product at the new price', async ({
  page,
  request,
}, testInfo) => {
  const wide = testInfo.project.name === 'desktop';
  if (wide) await page.setViewportSize({ width: 1366, height: 860 });
  const px = wide ? '1366' : '375';
  const slug = `catalogo-${testInfo.project.name}-${Date.now().toString(36)}`;
  const created = await request.post('/api/platform/shops', {
    headers: { authorization: `Bearer ${PLATFORM_KEY}` },
    data: { slug, name: 'Malharia da Rosa', owner: { email: `rosa@${slug}.example`, name: 'Rosa Dias' } },
  });
  expect(created.status()).toBe(201);
  const { invitationUrl } = (await created.json()).data as { invitationUrl: string };
  recordSecret(invitationUrl.split('#')[1]!);
  await page.goto(invitationUrl);
  await page.getByLabel('Seu nome').fill('Rosa Dias');
  await page.getByLabel('Crie uma senha').fill(PASSWORD);
  await page.getByLabel('Repita a senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Aceitar convite' }).click();
  await expect(page.getByRole('heading', { name: 'Início' })).toBeVisible();

  await page.getByRole('link', { name: 'Catálogo' }).click();
  await expect(page.getByRole('heading', { name: 'Catálogo', level: 1 })).toBeVisible();
  const newCategory = async (name: string, parent?: string) => {
    await page.getByLabel('Nova categoria').fill(name);
    await page.getByLabel('Dentro de').selectOption({ label: parent ?? '(nenhuma: categoria principal)' });
    await page.getByRole('button', { name: 'Criar categoria' }).click();
    await expect(page.getByText(`Categoria ${name} criada.`)).toBeVisible();
  };
  await newCategory('Roupas');
  await newCategory('Camisetas', 'Roupas');
  await newCategory('Acessórios');
  const tree = page.getByRole('list', { name: 'Árvore de categorias' });
  const names = () => tree.locator('.catalog-tree__name').allInnerTexts();
  await expect
    .poll(names)
    .toEqual(['Roupas · 0 produtos', 'Camisetas · 0 produtos', 'Acessórios · 0 produtos']);
  // one 'Ações' menu a row (issue 38); reorder with the keyboard: open it, focus 'Subir Acessórios', press Enter
  const actions = (name: string) =>
    tree.locator('summary').filter({ hasText: new RegExp(`^Ações de ${name}$`) });
  await actions('Acessórios').focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Subir Acessórios' }).focus();
  await page.keyboard.press('Enter');
  await expect
    .poll(names)
    .toEqual(['Acessórios · 0 produtos', 'Roupas · 0 produtos', 'Camisetas · 0 produtos']);
  if (test.info().project.name === 'desktop') {
    // with a mouse: drag Camisetas (under Roupas) onto Acessórios — it lands before it, at the top level
    const item = (name: string) => tree.locator('.catalog-tree__item', { hasText: `${name} ·` });
    await item('Camisetas').dragTo(item('Acessórios'));
    await expect
      .poll(names)
      .toEqual(['Camisetas · 0 produtos', 'Acessórios · 0 produtos', 'Roupas · 0 produtos']);
    await expect(page.getByRole('button', { name: /Tirar de Roupas/ })).toHaveCount(0);
  }
  // rename in place: a blank name is refused in pt-BR and the field keeps what was typed; Escape leaves it as it was
  await actions('Acessórios').click();
  await page.getByRole('button', { name: 'Renomear Acessórios' }).click();
  const newName = page.getByLabel('Novo nome de Acessórios');
  await newName.fill('   ');
  await newName.press('Enter');
  await expect(page.getByText('Informe o nome da categoria.').first()).toBeVisible();
  await newName.press('Escape');
  await expect(newName).toHaveCount(0);
  await actions('Acessórios').click();
  await page.getByRole('button', { name: 'Renomear Acessórios' }).click();
  await page.getByLabel('Novo nome de Acessórios').fill('Bolsas e Acessórios');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Acessórios agora se chama Bolsas e Acessórios.')).toBeVisible();
  await expect.poll(names).toContain('Bolsas e Acessórios · 0 produtos');

  // a product saved through the console's API (the editor's contract), in Camisetas
  const me = await page.request.get('/api/console/me');
  const csrf = ((await me.json()).data as { csrfToken: string }).csrfToken;
  const saved = await page.request.post(`/api/console/shops/${slug}/catalog/products`, {
    headers: { 'x-csrf-token': csrf },
    data: {
      code: 'CAM-E2E',
      sku: 'CAM-E2E',
      name: 'Camiseta Algodão Orgânico',
      description: '<p>Macia</p>',
      brandName: 'Malharia Sul',
      sellerName: null,
      categoryCode: 'roupas-camisetas',
      priceCents: 5990,
      listPriceCents: null,
      promotionalPriceCents: null,
      isActive: true,
      isRestrictedSale: false,
      hasShippingRestriction: false,
      shippingRestrictionMessage: null,
      soldInKilo: false,
      amountInKilo: null,
      kilogramPriceCents: null,
      clusterHighlights: [],
      offerDescription: null,
      specifications: [],
      subscriptionOffers: [],
      attributes: [
        { name: 'Tamanho', options: [{ name: 'P' }, { name: 'M' }] },
        { name: 'Cor', options: [{ name: 'Azul Marinho' }, { name: 'Verde' }] },
      ],
      variants: grid,
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);

  await page.reload();
  // the page's height and the category card's at this width (issue 38: the phone's page was 17,576 px)
  await expect(page.getByRole('row', { name: /Camiseta Algodão Orgânico/ })).toBeVisible();
  const heights = await page.evaluate(() => ({
    page: document.documentElement.scrollHeight,
    categories: Math.round(
      document.querySelector('[aria-labelledby="categories-title"]')!.getBoundingClientRect().height,
    ),
  }));
  console.log(`catalogue heights at ${px} px: ${JSON.stringify(heights)}`);
  await shot(page, `catalog-page-${px}`);
  // each row shows its name, its count with its subcategories' and one menu — no row of buttons
  await expect(tree.locator('button:visible')).toHaveCount(0);
  await expect(tree.locator('summary:visible')).toHaveCount(3);
  if (!wide) {
    await expect.poll(names).toContain('Roupas · 1 produto'); // Camisetas' product counts in its parent
    expect(heights.categories).toBeLessThan(600); // 838 px with a row of buttons each
  }
  // the list says how many products and which page, each product with its thumbnail (issue 38)
  const list = page.getByRole('region', { name: 'Produtos' });
  await expect(list.getByText('1 produto', { exact: true })).toBeVisible();
  await expect(list.getByText('página 1 de 1')).toBeVisible();
  await expect(
    page.getByRole('row', { name: /Camiseta Algodão Orgânico/ }).locator('.catalog-thumb'),
  ).toHaveCount(1);
  const importTop = await page.getByRole('button', { name: 'Importar planilha' }).first().boundingBox();
  expect(importTop!.y).toBeLessThan(page.viewportSize()!.height); // reachable without scrolling
  await page.getByLabel('Buscar').fill('camiseta');
  const row = page.getByRole('row', { name: /Camiseta Algodão Orgânico/ });
  await expect(row).toContainText('R$ 59,90');
  await row.getByRole('checkbox').check();
  await page.getByLabel('Ação', { exact: true }).selectOption('pricePercent');
  await page.getByLabel('Percentual', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Aplicar aos selecionados' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar alteração' });
  await expect(dialog).toContainText('Aumentar em 10% todos os preços de 1 produto(s)?');
  await shot(page, `catalog-confirm-${px}`);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('1 de 1 produto(s) alterado(s).')).toBeVisible();
  await expect(row).toContainText('R$ 65,89');
  await shot(page, `catalog-${px}`);

  await openStore(page, request, { shop: slug as SessionOptions['shop'] });
  await page.getByPlaceholder('Pesquisar por produto').fill('camizeta algodao');
  await page.keyboard.press('Enter');
  const card = page.getByRole('article').filter({ hasText: 'Camiseta Algodão Orgânico' });
  await expect(card.first()).toContainText('65,89');
  await shot(page, `catalog-store-${px}`);
});
