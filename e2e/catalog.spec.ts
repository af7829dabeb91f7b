import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mintSession, openStore } from './helpers';

/** Catalogue screen (spec §2 "Catalogue screen", §4), customer view, on the hortifruti demo shop. */

const cards = (page: Page) => page.getByRole('article');
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const nbsp = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');
const priceOf = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));

async function waitForCards(page: Page) {
  await expect(cards(page).first()).toBeVisible();
}

/** Categories of a session, read from the API (the ids the link carries). */
async function categoriesOf(request: APIRequestContext, link: string) {
  const code = link.split('#')[1]!;
  const response = await request.get('/api/catalog/categories?perPage=50', {
    headers: { authorization: `Bearer ${code}` },
  });
  return ((await response.json()) as { data: { providerId: string; name: string }[] }).data;
}

/** The filter controls: the sidebar on desktop, the 'Filtrar' overlay on mobile. */
async function openFilters(page: Page) {
  const button = page.getByRole('button', { name: /^Filtrar/ }).and(page.locator('.catalog__filter-button'));
  if (await button.isVisible()) {
    await button.click();
    return page.getByRole('dialog', { name: 'Filtros' });
  }
  return page.getByRole('complementary', { name: 'Filtros' });
}

async function closeFilters(page: Page) {
  const close = page.getByRole('dialog', { name: 'Filtros' }).getByRole('button', { name: 'Fechar' });
  if (await close.isVisible()) await close.click();
}

test.describe('customer catalogue', () => {
  test.beforeEach(async ({ page, request }) => {
    await openStore(page, request, { shop: 'hortifruti', channel: 'whatsapp' });
    await waitForCards(page);
  });

  test('shows the top sellers under Todos and switches tabs (click and keyboard)', async ({ page }) => {
    await expect(page.getByRole('tablist', { name: 'Categorias' })).toBeVisible();
    await expect(tab(page, 'Todos')).toHaveAttribute('aria-selected', 'true');
    await expect(cards(page))
      .toHaveCount(10, { timeout: 10_000 })
      .catch(() => undefined);

    await tab(page, 'Mercearia').click();
    await expect(tab(page, 'Mercearia')).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, 'Todos')).toHaveAttribute('aria-selected', 'false');
    await waitForCards(page);
    await expect(page.getByRole('tabpanel', { name: 'Mercearia' })).toBeVisible();

    // Arrow keys move focus between tabs; Enter opens the focused one.
    await tab(page, 'Mercearia').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(tab(page, 'Hortifrúti')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(tab(page, 'Hortifrúti')).toHaveAttribute('aria-selected', 'true');
    await expect(cards(page).filter({ hasText: 'Banana Prata' })).toBeVisible();
  });

  test('a search with no hit in the tab offers the whole shop results in one tap', async ({ page }) => {
    await tab(page, 'Hortifrúti').click();
    await expect(cards(page).filter({ hasText: 'Banana Prata' })).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Pesquisar por produto' });
    await search.fill('feijao');
    await search.press('Enter');
    await expect(page.getByText('Buscando por "feijao" na categoria Hortifrúti')).toBeVisible();
    await expect(page.getByText('Nenhum produto encontrado nesta categoria.')).toBeVisible();
    await expect(
      page.getByText(/Encontramos .*produtos? para "feijao" em todas as categorias da loja\./),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Ver resultados em toda a loja' }).click();
    await expect(page.getByText('Buscando por "feijao"', { exact: true })).toBeVisible();
    await expect(cards(page).first()).toContainText(/feij[aã]o/i);
    await expect(page.getByText(/Nenhum produto encontrado/)).toHaveCount(0);
  });

  test('text search replaces the tabs with the Pesquisa heading; clearing returns', async ({ page }) => {
    const search = page.getByRole('searchbox', { name: 'Pesquisar por produto' });
    await search.fill('  banana  ');
    await search.press('Enter');
    await expect(page.getByRole('heading', { name: 'Pesquisa' })).toBeVisible();
    await expect(page.getByText('Buscando por "banana"', { exact: true })).toBeVisible();
    await expect(page.getByRole('tablist')).toHaveCount(0);
    await expect(cards(page).first()).toContainText(/banana/i);

    await page.getByRole('button', { name: 'Limpar pesquisa' }).click();
    await expect(tab(page, 'Todos')).toHaveAttribute('aria-selected', 'true');
    await expect(search).toHaveValue('');
  });

  test('the category filter modal searches a category > subcategory', async ({ page }) => {
    await page.getByRole('button', { name: 'Filtrar por categorias' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filtrar por categorias' });
    await expect(dialog.getByRole('heading', { name: 'Categorias', exact: true })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Subcategorias', exact: true })).toBeVisible();

    await dialog.getByRole('button', { name: 'hortifrúti', exact: true }).click();
    await expect(dialog.getByRole('button', { name: 'hortifrúti', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await dialog.getByRole('button', { name: 'frutas', exact: true }).click();
    // Selecting the subcategory again keeps only the category; once more sets it back.
    await dialog.getByRole('button', { name: 'frutas', exact: true }).click();
    await expect(dialog.getByRole('button', { name: 'frutas', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await dialog.getByRole('button', { name: 'frutas', exact: true }).click();

    await page.getByRole('searchbox', { name: 'Pesquisar por produto' }).fill('banana');
    await dialog.getByRole('button', { name: 'Filtrar', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByText('Buscando por "banana" na categoria Hortifrúti > Frutas', { exact: true }),
    ).toBeVisible();
    await expect(cards(page).first()).toContainText(/banana/i);

    // Cancelar leaves everything as it was.
    await page.getByRole('button', { name: 'Filtrar por categorias' }).click();
    await dialog.getByRole('button', { name: 'mercearia', exact: true }).click();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(
      page.getByText('Buscando por "banana" na categoria Hortifrúti > Frutas', { exact: true }),
    ).toBeVisible();
  });

  test('a facet checkbox narrows the grid to its count; Limpar Filtros resets', async ({ page }) => {
    const filters = await openFilters(page);
    const brand = filters.getByRole('checkbox', { name: /^Bauducco \(\d+\)$/ });
    const count = Number(/\((\d+)\)/.exec(await brand.locator('xpath=..').innerText())?.[1]);
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(10);
    await brand.check();
    await expect(brand).toBeChecked();
    await closeFilters(page);
    await expect(cards(page)).toHaveCount(count);
    await expect(cards(page).first()).toContainText('Bauducco');

    const again = await openFilters(page);
    await again.getByRole('button', { name: 'Limpar Filtros' }).click();
    await expect(again.getByRole('checkbox', { name: /^Bauducco/ })).not.toBeChecked();
    await closeFilters(page);
    await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(10);
  });

  test('the price slider (keyboard) filters by price after its debounce', async ({ page }) => {
    await tab(page, 'Hortifrúti').click();
    await waitForCards(page);
    const filters = await openFilters(page);
    const max = filters.getByRole('slider', { name: 'Preço máximo' });
    const min = filters.getByRole('slider', { name: 'Preço mínimo' });
    await expect(min).toBeVisible();
    const summary = filters.getByText(/^Preço de R\$/);
    const before = nbsp(await summary.textContent());

    await max.focus();
    await page.keyboard.press('Home'); // as low as the minimum thumb allows
    await expect.poll(async () => nbsp(await summary.textContent())).not.toBe(before);
    const text = nbsp(await summary.textContent());
    const [, from, to] = /Preço de R\$ ([\d.,]+) até R\$ ([\d.,]+)/.exec(text)!;
    expect(priceOf(from!)).toBe(priceOf(to!));
    await closeFilters(page);

    await expect
      .poll(async () => {
        const prices = await page.locator('.product-card__price').allInnerTexts();
        return prices.length > 0 && prices.every((price) => priceOf(price) <= priceOf(to!));
      })
      .toBe(true);
  });

  test('infinite scroll loads the next page', async ({ page }) => {
    await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(10);
    const first = await cards(page).count();
    await page.locator('.catalog__sentinel').scrollIntoViewIfNeeded();
    await expect.poll(() => cards(page).count()).toBeGreaterThan(first);
  });

  test('the cached catalogue comes back after a reload', async ({ page }) => {
    await tab(page, 'Laticínios e Frios').click();
    await expect(tab(page, 'Laticínios e Frios')).toHaveAttribute('aria-selected', 'true');
    await waitForCards(page);
    const firstName = await cards(page).first().getByRole('heading').innerText();

    const listings: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/catalog\/(top|products\/search)/.test(request.url())) listings.push(request.url());
    });
    await page.reload();
    await expect(tab(page, 'Laticínios e Frios')).toHaveAttribute('aria-selected', 'true');
    await expect(cards(page).first().getByRole('heading')).toHaveText(firstName);
    expect(listings).toEqual([]);
  });

  test('adding to the cart updates the badge; confirm waits for the minimum order', async ({ page }) => {
    const confirm = page.getByRole('button', { name: 'Confirmar pedido e retornar ao WhatsApp' });
    await expect(confirm).toBeDisabled();
    const banana = page.getByRole('button', { name: 'Adicionar Banana Prata ao carrinho' });
    await banana.click();
    await expect(page.getByText('Produto adicionado ao carrinho')).toBeVisible();
    await expect(page.getByRole('link', { name: '1 item no carrinho' })).toBeVisible();
    await banana.click();
    await expect(page.getByRole('link', { name: '2 itens no carrinho' })).toBeVisible();
    // R$ 7,00 is under the shop's R$ 30,00 minimum: a blocking message keeps confirm disabled.
    await expect(confirm).toBeDisabled();

    const coffee = page.getByRole('button', { name: 'Adicionar Café Pilão 500g ao carrinho' });
    await coffee.click();
    await expect(page.getByRole('link', { name: '3 itens no carrinho' })).toBeVisible();
    await coffee.click();
    await expect(page.getByRole('link', { name: '4 itens no carrinho' })).toBeVisible();
    await expect(confirm).toBeEnabled();
  });
});

test.describe('links', () => {
  test('a link with an initial category opens that category once', async ({ page, request }) => {
    const link = await mintSession(request, { shop: 'hortifruti' });
    const category = (await categoriesOf(request, link)).find((c) => c.name === 'Bebidas')!;
    await page.goto(`${link}?catalogType=ShowCategory&catalogId=${category.providerId}`);
    await expect(tab(page, 'Bebidas')).toHaveAttribute('aria-selected', 'true');
    await waitForCards(page);
    expect(await page.evaluate(() => sessionStorage.getItem('catalog_type'))).toBeNull();
  });

  test('a link with an initial query searches it', async ({ page, request }) => {
    const link = await mintSession(request, { shop: 'hortifruti' });
    await page.goto(`${link}?catalogType=ShowQuery&catalogId=leite`);
    await expect(page.getByText('Buscando por "leite"', { exact: true })).toBeVisible();
    await expect(cards(page).first()).toContainText(/leite/i);
  });
});
