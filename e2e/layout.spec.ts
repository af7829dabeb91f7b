/**
 * Layout at a phone's width (issue 22, items 1, 2 and 8), without screenshots: the controls a shopper needs
 * on the first screen are inside the viewport and not covered by the sticky footer, a toast or a sheet.
 */
import { expect, test } from '@playwright/test';
import { openStore } from './helpers';
import { expectUnobstructed } from './layout';
import { fillCard, openPaymentPage } from './payment-page';

test.describe('phone width', () => {
  test.skip(({ isMobile }) => !isMobile, 'phone width (375 px) only');

  test('catalogue: the compact footer covers none of the first row, even with gifts and a toast', async ({
    page,
    request,
  }) => {
    const link = await openStore(page, request, { shop: 'hortifruti', channel: 'whatsapp' });
    const code = link.split('#')[1]!;
    // R$ 50+ of one product: the hortifruti gift rule applies, so the footer shows the gift notice too.
    const added = await request.post('/api/order/items/', {
      headers: { authorization: `Bearer ${code}` },
      data: { providerId: 'P1102', quantity: 12 },
    });
    expect(added.ok()).toBe(true);
    await page.reload();
    const footer = page.locator('.catalog-footer');
    const gift = footer.getByRole('link', { name: /Você ganhou brindes!/ });
    await expect(gift).toBeVisible();
    await expect(footer).toContainText('12 itens');
    const confirm = footer.getByRole('button', { name: 'Confirmar pedido e retornar ao WhatsApp' });
    await expect(confirm).toBeEnabled();
    expect((await footer.boundingBox())!.height).toBeLessThanOrEqual(72);

    // A category's first row, not 'Todos': the top sellers' order (and their card heights) moves as other
    // tests place orders in the shared demo shop.
    await page.getByRole('tab', { name: 'Hortifrúti' }).click();
    await expect(
      page.getByRole('tabpanel', { name: 'Hortifrúti' }).getByRole('article').first(),
    ).toBeVisible();
    for (const index of [0, 1]) {
      await expectUnobstructed(
        page
          .getByRole('article')
          .nth(index)
          .getByRole('button', { name: /^Adicionar/ }),
      );
    }
    await expectUnobstructed(confirm);
    await expectUnobstructed(gift);

    // A toast rises above the footer instead of covering the confirm button.
    await page
      .getByRole('article')
      .nth(1)
      .getByRole('button', { name: /^Adicionar/ })
      .click();
    await expect(page.getByText('Produto adicionado ao carrinho')).toBeVisible();
    await expectUnobstructed(confirm);
  });

  test('filter overlay: Fechar, Limpar Filtros and the count stay on screen over a long facet list', async ({
    page,
    request,
  }) => {
    await openStore(page, request, { shop: 'hortifruti' });
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.locator('.catalog__filter-button').click();
    const sheet = page.getByRole('dialog', { name: 'Filtros' });
    const close = sheet.getByRole('button', { name: 'Fechar' });
    const clear = sheet.getByRole('button', { name: 'Limpar Filtros' });
    await expect(sheet.getByRole('checkbox').first()).toBeVisible();
    await expectUnobstructed(close);
    await expectUnobstructed(clear);
    await expect(sheet.getByRole('status')).toHaveText(/produtos?$/);

    // Deep in the list: tick a value far down; the header and footer have not moved.
    const last = sheet.getByRole('checkbox').last();
    await last.scrollIntoViewIfNeeded();
    await last.check();
    await expect(clear).toBeEnabled();
    await expectUnobstructed(close);
    await expectUnobstructed(clear);
    await expect(sheet.getByRole('status')).toHaveText(/^(Mais de \d+ produtos|\d+ produtos?)$/);
    await clear.click();
    await expect(clear).toBeDisabled();
    await close.click();
    await expect(sheet).toBeHidden();
  });
});

test.describe('card payment at phone width', () => {
  test.skip(({ isMobile }) => !isMobile, 'phone width (375 px) only');

  test('a refused card: the dialog opens in view with focus inside; Modificar returns to the card number', async ({
    page,
    request,
  }) => {
    await openPaymentPage(page, request);
    await fillCard(page, '4000000000000127');
    const submit = page.getByRole('button', { name: 'Finalizar pagamento' });
    await submit.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await submit.click();

    const dialog = page.getByRole('dialog', { name: 'Pagamento não aprovado' });
    await expect(dialog).toContainText('Os dados do cartão são inválidos');
    await expectUnobstructed(dialog.getByRole('heading', { name: 'Pagamento não aprovado' }));
    await expectUnobstructed(dialog.getByRole('button', { name: 'Alterar forma de pagamento' }));
    const modify = dialog.getByRole('button', { name: 'Modificar dados do cartão' });
    await expectUnobstructed(modify);
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    await modify.click();
    await expect(dialog).toBeHidden();
    const number = page.getByLabel('Número do cartão');
    await expect(number).toBeFocused();
    await expectUnobstructed(number);
  });
});

test.describe('product images at phone width', () => {
  test.skip(({ isMobile }) => !isMobile, 'phone width (375 px) only');

  test('card badges leave the lower half of the image free; the gallery always rests on one image', async ({
    page,
    request,
  }) => {
    await openStore(page, request, { shop: 'hortifruti' });
    const card = page.getByRole('article').filter({ has: page.getByRole('list', { name: 'Destaques' }) });
    await expect(card.first()).toBeVisible();
    const media = (await card.first().locator('.product-card__media').boundingBox())!;
    const badges = (await card.first().getByRole('list', { name: 'Destaques' }).boundingBox())!;
    expect(badges.y + badges.height).toBeLessThanOrEqual(media.y + media.height / 2);

    const search = page.getByRole('searchbox', { name: 'Pesquisar por produto' });
    await search.fill('banana prata');
    await search.press('Enter');
    await page.getByRole('article', { name: 'Banana Prata' }).getByRole('link').first().click();
    const gallery = page.getByRole('region', { name: 'Imagens de Banana Prata' });
    await expect(gallery.getByRole('button', { name: /^Ver imagem 2 de/ })).toBeVisible();
    const viewport = gallery.locator('.gallery__viewport');
    // What a browser may do to an overflowing box (focus, find-in-page): scroll it part-way.
    await viewport.evaluate((element) => {
      element.scrollLeft = 120;
    });
    await gallery.getByRole('button', { name: /^Ver imagem 2 de/ }).click();
    await page.waitForTimeout(600);
    const frame = (await viewport.boundingBox())!;
    const shown = gallery.getByRole('img', { name: /imagem 2 de/ });
    const image = (await shown.boundingBox())!;
    expect(Math.abs(image.x - frame.x)).toBeLessThan(1);
    expect(await viewport.evaluate((element) => element.scrollLeft)).toBe(0);
  });
});

test.describe('agent at 1366 px', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop only');
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the filter column and the agent footer are drawn with the page, before their code arrives', async ({
    page,
    request,
  }) => {
    // Every lazily loaded chunk is held back 4 s: what shows meanwhile comes with the page.
    let entry = '';
    await page.route('**/assets/*.js', async (route) => {
      const url = route.request().url();
      entry ||= url;
      if (url !== entry) await new Promise((resolve) => setTimeout(resolve, 4_000));
      await route.continue();
    });
    await openStore(page, request, { shop: 'hortifruti', type: 'agent' });
    await expect(page.getByRole('article').first()).toBeVisible();
    const filters = page.getByRole('complementary', { name: 'Filtros' });
    await expect(filters.getByRole('heading', { name: 'Filtros' })).toBeVisible();
    const footer = page.locator('.catalog-footer');
    await expect(footer.getByRole('button', { name: 'Enviar catálogo' })).toBeVisible();
    await expect(footer.getByRole('button', { name: 'Configurações do Catálogo' })).toBeVisible();
    // Then the real ones take their place.
    await expect(footer.getByRole('button', { name: 'Enviar catálogo' })).toBeEnabled({ timeout: 15_000 });
  });
});
