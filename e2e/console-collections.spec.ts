import { expect, test, type Page } from '@playwright/test';
import { blankProduct } from '@vitrine/contracts/console-catalog';
import { expectNoSeriousViolations } from './axe';
import { openStore, PLATFORM_KEY, recordSecret, type SessionOptions } from './helpers';

/**
 * Coleções (issue 17, decision 0031 "Editor and collections"): the owner creates a collection, adds two products
 * by search, puts the second first with the keyboard, ticks it in Configurações › Coleções exibidas and the
 * storefront shows it as a tab with the products in that order; deleting it asks first. EDITOR_SHOTS=<dir> keeps
 * screenshots.
 */
const PASSWORD = 'senha-da-dona-colecoes';
recordSecret(PASSWORD);

async function shot(page: Page, name: string) {
  const dir = process.env.EDITOR_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const product = (code: string, name: string, priceCents: number) =>
  blankProduct({ code, sku: code, name, priceCents });

test('the owner builds a collection by search and keyboard; the storefront shows it as a tab in that order', async ({
  page,
  request,
}, testInfo) => {
  const wide = testInfo.project.name === 'desktop';
  await page.setViewportSize(wide ? { width: 1366, height: 860 } : { width: 375, height: 740 });
  const px = wide ? '1366' : '375';
  const slug = `colecoes-${testInfo.project.name}-${Date.now().toString(36)}`;
  const created = await request.post('/api/platform/shops', {
    headers: { authorization: `Bearer ${PLATFORM_KEY}` },
    data: { slug, name: 'Empório Sol', owner: { email: `ana@${slug}.example`, name: 'Ana Sol' } },
  });
  expect(created.status()).toBe(201);
  const { invitationUrl } = (await created.json()).data as { invitationUrl: string };
  recordSecret(invitationUrl.split('#')[1]!);
  await page.goto(invitationUrl);
  await page.getByLabel('Seu nome').fill('Ana Sol');
  await page.getByLabel('Crie uma senha').fill(PASSWORD);
  await page.getByLabel('Repita a senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Aceitar convite' }).click();
  await expect(page.getByRole('heading', { name: 'Início' })).toBeVisible();
  const me = await page.request.get('/api/console/me');
  const csrf = ((await me.json()).data as { csrfToken: string }).csrfToken;
  for (const body of [product('GELEIA', 'Geleia de Morango', 1890), product('MEL', 'Mel Silvestre', 3290)]) {
    const saved = await page.request.post(`/api/console/shops/${slug}/catalog/products`, {
      headers: { 'x-csrf-token': csrf },
      data: body,
    });
    expect(saved.status(), await saved.text()).toBe(201);
  }

  await page.goto(`/console/lojas/${slug}/catalogo`);
  const section = page.getByRole('region', { name: 'Coleções' });
  await section.getByText('O que a loja mostra além das categorias').click();
  await expect(section.getByText('primeiro os mais vendidos')).toBeVisible();
  await section.getByLabel('Nova coleção').fill('Café da manhã');
  await section.getByRole('button', { name: 'Criar coleção' }).click();
  await expect(page.getByText('Coleção Café da manhã criada.')).toBeVisible();
  await section.getByRole('button', { name: 'Produtos de Café da manhã' }).click();
  for (const { text, name } of [
    { text: 'geleia', name: 'Geleia de Morango' },
    { text: 'mel', name: 'Mel Silvestre' },
  ]) {
    await section.getByLabel('Adicionar produto').fill(text);
    await section.getByRole('button', { name: `Adicionar ${name}` }).click();
    await expect(section.getByRole('list', { name: 'Produtos de Café da manhã' })).toContainText(name);
  }
  const list = section.getByRole('list', { name: 'Produtos de Café da manhã' }).getByRole('listitem');
  await expect(list).toHaveText([/^1\. Geleia de Morango/, /^2\. Mel Silvestre/]);
  await section.getByRole('button', { name: 'Subir Mel Silvestre' }).focus();
  await page.keyboard.press('Enter');
  await expect(list).toHaveText([/^1\. Mel Silvestre/, /^2\. Geleia de Morango/]);
  await shot(page, `collections-${px}`);
  await expectNoSeriousViolations(page, `Catálogo with a collection open (${px} px)`);

  await page.goto(`/console/lojas/${slug}/configuracoes`);
  await page.getByRole('checkbox', { name: 'Café da manhã' }).check();
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('Configurações salvas.')).toBeVisible();
  await page.goto(`/console/lojas/${slug}/catalogo`);
  await expect(section.getByText('Na loja')).toBeVisible();

  const store = await page.context().newPage();
  await store.setViewportSize(page.viewportSize()!);
  await openStore(store, request, { shop: slug as SessionOptions['shop'] });
  await store.getByRole('tab', { name: 'Café da manhã', exact: true }).click();
  const cards = store.getByRole('tabpanel', { name: 'Café da manhã' }).getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText('Mel Silvestre');
  await expect(cards.nth(1)).toContainText('Geleia de Morango');
  await shot(store, `collections-store-${px}`);
  await store.close();

  await section.getByRole('button', { name: 'Excluir Café da manhã' }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir coleção?' });
  await expect(dialog).toContainText('Os produtos continuam no catálogo.');
  await dialog.getByRole('button', { name: 'Excluir coleção' }).click();
  await expect(page.getByText('Coleção Café da manhã excluída.')).toBeVisible();
  await expect(section.getByText('Nenhuma coleção ainda.')).toBeVisible();
});
