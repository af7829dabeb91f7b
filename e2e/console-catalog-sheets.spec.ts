import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PLATFORM_KEY, recordSecret } from './helpers';

/**
 * Catálogo › Planilha (issue 17, decision 0033): the owner downloads the sample, imports it (preview, then the
 * background job's progress, found again after a reload), imports it again (nothing changes), imports a file with
 * bad rows (the preview and the downloaded report name them, repeating the bad value), and exports the catalogue:
 * importing the export changes nothing, an edited export lists each change before → after (issue 38). CONSOLE_SHOTS=<dir> saves screenshots.
 */
const PASSWORD = 'senha-da-dona-planilha';
recordSecret(PASSWORD);

async function shot(page: Page, name: string) {
  const dir = process.env.CONSOLE_SHOTS;
  if (dir) await page.locator('.catalog-sheets').screenshot({ path: `${dir}/${name}.png` });
}

async function download(page: Page, name: string | RegExp) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
}

test('the owner imports the sample, again without change, a file with bad rows, and exports the catalogue', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const wide = testInfo.project.name === 'desktop';
  if (wide) await page.setViewportSize({ width: 1366, height: 860 });
  const px = wide ? '1366' : '375';
  const slug = `planilha-${testInfo.project.name}-${Date.now().toString(36)}`;
  const created = await request.post('/api/platform/shops', {
    headers: { authorization: `Bearer ${PLATFORM_KEY}` },
    data: { slug, name: 'Mercadinho da Ana', owner: { email: `ana@${slug}.example`, name: 'Ana Lima' } },
  });
  expect(created.status()).toBe(201);
  const { invitationUrl } = (await created.json()).data as { invitationUrl: string };
  recordSecret(invitationUrl.split('#')[1]!);
  await page.goto(invitationUrl);
  await page.getByLabel('Seu nome').fill('Ana Lima');
  await page.getByLabel('Crie uma senha').fill(PASSWORD);
  await page.getByLabel('Repita a senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Aceitar convite' }).click();
  await expect(page.getByRole('heading', { name: 'Início' })).toBeVisible();
  await page.getByRole('link', { name: 'Catálogo' }).click();
  await expect(page.getByRole('heading', { name: 'Planilha' })).toBeVisible();

  const sample = await download(page, 'Baixar modelo');
  expect(sample.name).toBe('modelo-catalogo.csv');
  expect(sample.text).toContain('CAMISETA-BASICA;Camiseta Básica Algodão');
  const choose = (name: string, text: string) =>
    page.locator('#sheet-file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

  // the sample: a preview first, nothing written
  await choose('modelo-catalogo.csv', sample.text);
  const preview = page.getByRole('region', { name: 'Prévia de modelo-catalogo.csv' });
  await expect(preview.getByText('4 produtos novos')).toBeVisible();
  await expect(preview.getByText('0 produtos alterados')).toBeVisible();
  await shot(page, `planilha-previa-${px}`);
  await preview.getByRole('button', { name: 'Importar 4 produtos' }).click();
  const result = page.getByRole('region', { name: /^Importação de / });
  await expect(result.getByText(/Importando|concluída/)).toBeVisible();
  await expect(
    result.getByText('concluída: 4 criados, 0 alterados, 0 sem mudança', { exact: false }),
  ).toBeVisible({
    timeout: 15_000,
  });
  await page.reload();
  await expect(
    page.getByText('Importação de modelo-catalogo.csv concluída: 4 criados', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /Camiseta Básica Algodão/ }).first()).toBeVisible();

  // the same file again: everything unchanged
  await choose('modelo-catalogo.csv', sample.text);
  await expect(preview.getByText('4 produtos sem mudança')).toBeVisible();
  await expect(preview.getByText('0 produtos novos')).toBeVisible();
  await preview.getByRole('button', { name: 'Importar 4 produtos' }).click();
  await expect(result.getByText('0 criados, 0 alterados, 4 sem mudança', { exact: false })).toBeVisible({
    timeout: 15_000,
  });

  // a file with bad rows: the preview and the report name them
  const bad = [
    'Código;Nome;SKU;Preço;Categoria',
    'CAFE-500;Café Torrado 500 g;CAFE5;18,90;Mercearia > Bebidas',
    'ACUCAR-1;Açúcar Cristal 1 kg;AC1;4.5;Mercearia',
    'SAL-1;;SAL1;2,50;Mercearia',
  ].join('\n');
  await choose('com-erros.csv', bad);
  const badPreview = page.getByRole('region', { name: 'Prévia de com-erros.csv' });
  await expect(badPreview.getByText('2 linhas recusadas')).toBeVisible();
  const price = badPreview
    .getByRole('row')
    .filter({ hasText: "'4.5' não é um preço: use o formato 1.234,56." });
  await expect(price).toContainText('3');
  await expect(price).toContainText('Preço');
  const name = badPreview.getByRole('row').filter({ hasText: 'Informe o nome do produto.' });
  await expect(name).toContainText('4');
  await shot(page, `planilha-recusadas-${px}`);
  const report = await download(page, /relatório das linhas recusadas/);
  expect(report.text).toBe(
    "\uFEFFLinha;Coluna;Motivo\n3;Preço;'4.5' não é um preço: use o formato 1.234,56.\n4;Nome;Informe o nome do produto.\n",
  );
  await badPreview.getByRole('button', { name: 'Importar 1 produto' }).click();
  await expect(result.getByText('1 criado, 0 alterados', { exact: false })).toBeVisible({ timeout: 15_000 });
  await shot(page, `planilha-concluida-${px}`);

  // the export, imported back, changes nothing
  const exported = await download(page, 'Exportar catálogo');
  expect(exported.name).toMatch(new RegExp(`^catalogo-${slug}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  for (const code of ['ARROZ-5KG', 'FEIJAO-1KG', 'QUEIJO-MINAS', 'CAMISETA-BASICA', 'CAFE-500'])
    expect(exported.text).toContain(`\n${code};`);
  await choose(exported.name, exported.text);
  const again = page.getByRole('region', { name: `Prévia de ${exported.name}` });
  await expect(again.getByText('5 produtos sem mudança')).toBeVisible();
  await expect(again.getByText('0 produtos novos')).toBeVisible();
  await expect(again.getByText('0 produtos alterados')).toBeVisible();
  await again.getByRole('button', { name: 'Cancelar' }).click();
  await expect(again).toHaveCount(0);

  // the export's descriptions are text; an edited export lists each change before → after, 'Estoque' included
  expect(exported.text).toContain(';Arroz branco, grãos longos e soltinhos.;');
  expect(exported.text).not.toContain('<p>');
  const edited = exported.text
    .replace(/^(FEIJAO-1KG;[^;]*;[^;]*;[^;]*;[^;]*;[^;]*;)8,99;/m, '$19,49;')
    .replace(/^(ARROZ-5KG;.*);24$/m, '$1;30');
  await choose('editada.csv', edited);
  const changes = page.getByRole('region', { name: 'Prévia de editada.csv' });
  await expect(changes.getByText('1 produto alterado', { exact: true })).toBeVisible();
  const list = changes.getByRole('list', { name: 'O que muda' });
  const beans = list.getByRole('listitem').filter({ hasText: 'Feijão Carioca 1 kg' });
  await expect(beans).toContainText('Alterado');
  await expect(beans.getByRole('definition')).toHaveText('8,99 → passa a 9,49');
  const rice = list.getByRole('listitem').filter({ hasText: 'Arroz Agulhinha' });
  await expect(rice.getByRole('term')).toHaveText('Estoque');
  await expect(rice.getByRole('definition')).toHaveText('24 → passa a 30');
  await expect(changes.getByText('Um estoque muda de contagem', { exact: false })).toBeVisible();
  await shot(page, `planilha-mudancas-${px}`);
  await changes.getByRole('button', { name: 'Cancelar' }).click();

  // a bigger sheet: the progress bar follows the job, and a reload finds it again
  const lot = [
    'Código;Nome;SKU;Preço;Categoria',
    ...Array.from(
      { length: 3000 },
      (_, i) => `LOTE-${i};Produto do lote ${i};LT${i};${i % 90},90;Lote > Itens`,
    ),
  ].join('\n');
  await choose('lote.csv', lot);
  const lotPreview = page.getByRole('region', { name: 'Prévia de lote.csv' });
  await expect(lotPreview.getByText('3.000 produtos novos')).toBeVisible({ timeout: 15_000 });
  // a big sheet lists a page of its first products, with the counts, and stays a short page
  await expect(lotPreview.getByRole('list', { name: 'O que muda' }).getByRole('listitem')).toHaveCount(20);
  await expect(
    lotPreview.getByText('Mostrando 20 de 3.000 (novos e alterados) — a prévia lista os 100 primeiros'),
  ).toBeVisible();
  await lotPreview.getByRole('button', { name: 'Mostrar mais 20' }).click();
  await expect(lotPreview.getByRole('list', { name: 'O que muda' }).getByRole('listitem')).toHaveCount(40);
  await lotPreview.getByRole('button', { name: 'Importar 3.000 produtos' }).click();
  const bar = page.getByRole('progressbar', { name: 'Progresso da importação' });
  await expect(bar).toBeVisible();
  await expect(result.getByRole('status')).toHaveText(/\d de 3\.000 produtos/, { timeout: 30_000 });
  await shot(page, `planilha-progresso-${px}`);
  await page.reload();
  await expect(
    page.getByText(/Importação de lote\.csv concluída|de 3\.000 produtos|lote\.csv na fila/).first(),
  ).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByText('Importação de lote.csv concluída: 3.000 criados', { exact: false }),
  ).toBeVisible({
    timeout: 60_000,
  });
});
