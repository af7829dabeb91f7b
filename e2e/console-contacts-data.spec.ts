import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './axe';
import { acceptInvitation, shotBoth } from './console-owner';
import { PLATFORM_KEY, recordSecret } from './helpers';

/**
 * A contact's data rights from the console (issue 39, item 12): the owner opens Equipe › 'Dados de contatos
 * (LGPD)', finds a contact, downloads its data as JSON and CSV, erases it after typing APAGAR (the button stays
 * off until then), sees it gone and both steps in the audit log; then 'Sair de todos os dispositivos' signs
 * them out. CONSOLE_SHOTS=<dir> saves the page and the dialog at 1366 and 375 px.
 */
const PASSWORD = 'senha-da-dona-lgpd';
recordSecret(PASSWORD);
const CONTACT = { name: 'Helena Duarte', phone: '5511987650101' };

test('the owner downloads and erases a contact’s data, then signs out everywhere', async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  const slug = `lgpd-${testInfo.project.name}-${Date.now().toString(36)}`;
  const created = await request.post('/api/platform/shops', {
    headers: { authorization: `Bearer ${PLATFORM_KEY}` },
    data: { slug, name: 'Empório LGPD', owner: { email: `dona@${slug}.example`, name: 'Ana Souza' } },
  });
  expect(created.status()).toBe(201);
  const { invitationUrl } = (await created.json()).data as { invitationUrl: string };
  recordSecret(invitationUrl.split('#')[1]!);
  const session = await request.post('/api/platform/sessions', {
    headers: { authorization: `Bearer ${PLATFORM_KEY}` },
    data: { shop: slug, sessionType: 'contact', channelType: 'whatsapp', contact: CONTACT },
  });
  expect(session.status()).toBe(201);
  recordSecret((await session.json()).data.code as string);

  await acceptInvitation(page, invitationUrl, 'Ana Souza', PASSWORD);
  await page.getByRole('link', { name: 'Equipe' }).click();
  await page.getByRole('link', { name: 'Dados de contatos (LGPD)' }).click();
  await expect(page.getByRole('heading', { name: 'Dados de contatos' })).toBeVisible();
  await page.getByLabel('Buscar contato (nome ou telefone)').fill('helena');
  const row = page.getByRole('listitem').filter({ hasText: CONTACT.name });
  await expect(row).toContainText('(11) 98765-0101');
  await expectAccessibleAtBothWidths(page, 'Dados de contatos');
  await shotBoth(page, 'contacts-data');

  for (const format of ['JSON', 'CSV']) {
    const download = page.waitForEvent('download');
    await row.getByRole('link', { name: `Baixar dados de ${CONTACT.name} (${format})` }).click();
    const file = await (await download).path();
    expect(await readFile(file, 'utf8')).toContain(CONTACT.name);
  }

  await row.getByRole('button', { name: 'Apagar dados' }).click();
  const dialog = page.getByRole('dialog', { name: `Apagar os dados de ${CONTACT.name}?` });
  const confirm = dialog.getByRole('button', { name: 'Apagar dados' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Digite APAGAR para confirmar').fill('apaga');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Digite APAGAR para confirmar').fill('APAGAR');
  await expect(confirm).toBeEnabled();
  await shotBoth(page, 'contacts-data-erase');
  await confirm.click();
  await expect(page.getByText(`Dados de ${CONTACT.name} apagados`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Nenhum contato encontrado.')).toBeVisible();

  await page.getByRole('link', { name: 'Registro de atividades' }).click();
  await expect(page.getByText('apagou os dados de um contato')).toBeVisible();
  await expect(page.getByText('baixou os dados de um contato (CSV)')).toBeVisible();

  await page.getByRole('button', { name: 'Sair de todos os dispositivos' }).click();
  await page
    .getByRole('dialog', { name: 'Sair de todos os dispositivos?' })
    .getByRole('button', { name: 'Sair de todos' })
    .click();
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
  expect((await page.request.get('/api/console/me')).status()).toBe(401);
});
