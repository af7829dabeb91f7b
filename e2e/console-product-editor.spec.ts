import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { openStore, PLATFORM_KEY, recordSecret, type SessionOptions } from './helpers';

/**
 * The product editor (issue 17, decision 0031 "Editor and collections"): the owner creates a category, then a
 * product through the editor — a missing price is refused in pt-BR at its field —, two attributes (Tamanho × Cor)
 * make a 2×2 grid where one variant gets its own price (generated SKUs upper case), code and SKU come from the
 * name, two photos picked before the first save go with it; a shopper finds
 * it by an accent-free, misspelled search, picks that variant and sees its price. EDITOR_SHOTS=<dir> keeps
 * screenshots.
 */
const PASSWORD = 'senha-do-dono-editor';
recordSecret(PASSWORD);

async function shot(page: Page, name: string) {
  const dir = process.env.EDITOR_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const photo = (background: string) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background } })
    .jpeg()
    .toBuffer();

test('the owner creates a Tamanho × Cor product with photos in the editor; the shopper finds it and picks a variant', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const wide = testInfo.project.name === 'desktop';
  await page.setViewportSize(wide ? { width: 1366, height: 860 } : { width: 375, height: 740 });
  const px = wide ? '1366' : '375';
  const slug = `editor-${testInfo.project.name}-${Date.now().toString(36)}`;
  const created = await request.post('/api/platform/shops', {
    headers: { authorization: `Bearer ${PLATFORM_KEY}` },
    data: { slug, name: 'Passo Certo', owner: { email: `davi@${slug}.example`, name: 'Davi Lima' } },
  });
  expect(created.status()).toBe(201);
  const { invitationUrl } = (await created.json()).data as { invitationUrl: string };
  recordSecret(invitationUrl.split('#')[1]!);
  await page.goto(invitationUrl);
  await page.getByLabel('Seu nome').fill('Davi Lima');
  await page.getByLabel('Crie uma senha').fill(PASSWORD);
  await page.getByLabel('Repita a senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Aceitar convite' }).click();
  await expect(page.getByRole('heading', { name: 'Início' })).toBeVisible();

  await page.goto(`/console/lojas/${slug}/catalogo`);
  await page.getByLabel('Nova categoria').fill('Calçados');
  await page.getByRole('button', { name: 'Criar categoria' }).click();
  await expect(page.getByText('Categoria Calçados criada.')).toBeVisible();

  await page.getByRole('link', { name: 'Novo produto' }).click();
  await expect(page.getByRole('heading', { name: 'Novo produto', level: 1 })).toBeVisible();
  await page.getByLabel('Nome', { exact: true }).fill('Tênis Corrida Leve');
  // Code and SKU come from the name (issue 38), and stay editable.
  await expect(page.getByLabel('Código', { exact: true })).toHaveValue('tenis-corrida-leve');
  await expect(page.getByLabel('SKU', { exact: true })).toHaveValue('TENIS-CORRIDA-LEVE');
  await page.getByLabel('Código', { exact: true }).fill('TEN-E2E');
  await page.getByLabel('SKU', { exact: true }).fill('TEN');
  await page.getByLabel('Categoria').selectOption({ label: 'Calçados' });
  const description = page.getByRole('textbox', { name: 'Descrição' });
  await description.click();
  await page.getByRole('button', { name: 'Negrito' }).click();
  await page.keyboard.type('Leve e macio');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Link' }).click();
  await page.getByLabel('Endereço do link').fill('https://passocerto.example/guia');
  await page.getByRole('button', { name: 'Inserir link' }).click();
  // On a phone the secondary sections are folded (issue 38): their title opens them.
  const unfold = async (title: string) => {
    if (!wide) await page.locator('summary', { hasText: title }).click();
  };
  await unfold('Assinatura');
  await page.getByRole('button', { name: 'Adicionar oferta de assinatura' }).click();
  const frequency = page.getByLabel('A cada (vezes a recorrência)');
  await frequency.fill('');
  // No price yet, no frequency: the contract's messages show at their fields and nothing is sent.
  await page.getByRole('button', { name: 'Criar produto' }).click();
  await expect(page.getByText('Informe o preço.')).toBeVisible();
  await expect(page.getByText('Informe a frequência.')).toBeVisible();
  await frequency.fill('2');
  await expect(page.getByLabel('Preço (R$)', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await shot(page, `editor-error-${px}`);
  await page.getByLabel('Preço (R$)', { exact: true }).fill('199,90');
  await expect(page.getByText('Informe o preço.')).toBeHidden();

  const attribute = async (index: number, name: string, options: string[]) => {
    await page.getByRole('button', { name: 'Adicionar atributo' }).click();
    await page.getByLabel(`Atributo ${index}`).fill(name);
    for (const [n, option] of options.entries()) {
      await page.getByRole('button', { name: `Adicionar opção de ${name}` }).click();
      await page
        .getByRole('list', { name: `Opções de ${name}` })
        .getByLabel(`Opção ${n + 1}`, { exact: true })
        .fill(option);
    }
  };
  await unfold('Variações');
  await attribute(1, 'Tamanho', ['38', '40']);
  const grid = page.getByRole('region', { name: 'Grade de variações' });
  const rows = grid.getByRole('rowheader');
  await expect(rows).toHaveText(['38', '40']);
  await grid.getByLabel('Preço 40', { exact: true }).fill('219,90');
  await attribute(2, 'Cor', ['Azul', 'Preto']);
  // 2 × 2: the price typed for 40 before Cor existed stays on the row it became; a new option's rows start
  // from the product's price
  await expect(rows).toHaveText(['38 / Azul', '38 / Preto', '40 / Azul', '40 / Preto']);
  await expect(grid.getByLabel('Preço 40 / Azul', { exact: true })).toHaveValue('219,90');
  await expect(grid.getByLabel('Preço 40 / Preto', { exact: true })).toHaveValue('199,90');
  await expect(grid.getByLabel('SKU 40 / Preto', { exact: true })).toHaveValue('TEN-40-PRETO');
  await grid.getByLabel('Preço 40 / Preto', { exact: true }).fill('229,90');
  // Photos picked before the first save are kept with a thumbnail each and sent once the product exists.
  await page.getByLabel('Escolher fotos').setInputFiles([
    { name: 'tenis-azul.jpg', mimeType: 'image/jpeg', buffer: await photo('#1565c0') },
    { name: 'tenis-preto.jpg', mimeType: 'image/jpeg', buffer: await photo('#212121') },
  ]);
  const pending = page.getByRole('list', { name: 'Fotos a enviar' });
  await expect(pending.getByRole('img')).toHaveCount(2);
  await shot(page, `editor-new-${px}`);
  await expectNoSeriousViolations(page, `product editor with its variant grid (${px} px)`);
  await page.getByRole('button', { name: 'Criar produto' }).click();
  await expect(page.getByText('Produto salvo.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/catalogo/produtos/TEN-E2E$`));
  await expect(page.getByRole('heading', { name: 'Editar produto', level: 1 })).toBeVisible();
  // the description as the server kept it (sanitised), bold included
  const kept = page.getByRole('textbox', { name: 'Descrição' });
  await expect(kept.locator('b, strong').first()).toHaveText('Leve e macio');
  await expect(kept.getByRole('link', { name: 'https://passocerto.example/guia' })).toHaveAttribute(
    'rel',
    /noopener/,
  );

  await expect(page.getByRole('list', { name: 'Fotos do produto' }).getByRole('listitem')).toHaveCount(2, {
    timeout: 60_000,
  });
  await shot(page, `editor-saved-${px}`);

  // Unsaved changes hold a link until the person decides; undone, the link goes through; the list opens the editor.
  const nameField = page.getByLabel('Nome', { exact: true });
  const toList = page.getByRole('navigation', { name: 'Caminho' }).getByRole('link', { name: 'Catálogo' });
  await nameField.fill('Tênis Corrida Levíssimo');
  await toList.click();
  const leave = page.getByRole('dialog', { name: 'Sair sem salvar?' });
  await leave.getByRole('button', { name: 'Cancelar' }).click();
  await expect(nameField).toHaveValue('Tênis Corrida Levíssimo');
  await nameField.fill('Tênis Corrida Leve');
  await toList.click();
  await page.getByRole('link', { name: 'Tênis Corrida Leve' }).click();
  await expect(page.getByRole('heading', { name: 'Editar produto', level: 1 })).toBeVisible();
  await unfold('Variações');
  await expect(grid.getByLabel('Preço 40 / Preto', { exact: true })).toHaveValue('229,90');

  // A code another product has is refused by the server and said at the code field
  await page.getByRole('navigation', { name: 'Caminho' }).getByRole('link', { name: 'Catálogo' }).click();
  await page.getByRole('link', { name: 'Novo produto' }).click();
  await page.getByLabel('Nome', { exact: true }).fill('Tênis Repetido');
  await page.getByLabel('Código', { exact: true }).fill('TEN-E2E');
  await page.getByLabel('SKU', { exact: true }).fill('REP');
  await page.getByLabel('Preço (R$)', { exact: true }).fill('99,90');
  await page.getByRole('button', { name: 'Criar produto' }).click();
  await expect(page.getByLabel('Código', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.locator('.field__error', { hasText: 'Já existe um produto com o código "TEN-E2E".' }),
  ).toBeVisible();

  await openStore(page, request, { shop: slug as SessionOptions['shop'] });
  await page.getByPlaceholder('Pesquisar por produto').fill('tenis corrda');
  await page.keyboard.press('Enter');
  const card = page.getByRole('article').filter({ hasText: 'Tênis Corrida Leve' });
  await expect(card.first()).toBeVisible();
  await expect(card.first().locator('img')).toBeVisible();
  await card.first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tênis Corrida Leve' })).toBeVisible();
  await page
    .getByRole('group', { name: /^Tamanho/ })
    .getByRole('button', { name: '40', exact: true })
    .click();
  await page.getByRole('group', { name: /^Cor/ }).getByRole('button', { name: 'Preto', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Comprar' })).toContainText('229,90');
  await shot(page, `store-variant-${px}`);
});
