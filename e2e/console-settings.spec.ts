import { expect, test, type Page } from '@playwright/test';
import { acceptInvitation, createShop } from './console-owner';
import { PLATFORM_KEY, recordSecret } from './helpers';

/**
 * Configurações (issue 16): the owner changes the colours and uploads a logo, sees them in the live preview,
 * saves, and the customer link draws the new colour and logo. CONSOLE_SHOTS=<dir> saves screenshots.
 */
const PASSWORD = 'senha-da-dona-ajustes';
recordSecret(PASSWORD);
/** A 96×24 PNG (orange). */
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAAAYCAIAAACKi2/DAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAa0lEQVR4nO2YwQnAMBDDtP8E2dadIP2UYj8EGkAY3+UIOUjuIZgO7/0wIAyILzvEBmFA2CD+e4gdMQwIG4QjRuvcdwdhQNggHDHcQWz+uvQNsk3fINv0DbJN3yDb9A2yTd8g2/QNsk3fINs8os5P03dMRSYAAAAASUVORK5CYII=',
  'base64',
);

async function shot(page: Page, name: string) {
  const dir = process.env.CONSOLE_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

test('the owner sets colours and logo with a live preview, saves, and the customer link shows them', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const wide = testInfo.project.name === 'desktop';
  if (wide) await page.setViewportSize({ width: 1366, height: 860 });
  const px = wide ? '1366' : '375';
  const slug = `ajustes-${testInfo.project.name}-${Date.now().toString(36)}`;
  const invitationUrl = await createShop(baseURL!, PLATFORM_KEY, {
    slug,
    name: 'Ateliê da Bia',
    owner: { email: `bia@${slug}.example`, name: 'Bia Lima' },
  });
  await acceptInvitation(page, invitationUrl, 'Bia Lima', PASSWORD);

  await page.getByRole('link', { name: 'Configurações' }).click();
  await expect(page.getByRole('heading', { name: 'Configurações' })).toBeVisible();
  const primary = page.locator('input[name="settings.style.defaultColor"]');
  await primary.fill('#ffee58');
  await expect(page.getByText('Contraste baixo')).toBeHidden();
  await primary.fill('roxo');
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('Cor inválida: use o formato #RRGGBB.')).toBeVisible();
  await primary.fill('#6a1b9a');
  await page.getByLabel('WhatsApp da loja').fill('11987654321');
  await expect(page.getByLabel('WhatsApp da loja')).toHaveValue('(11) 98765-4321');
  // The logo picker reads in pt-BR and shows the current logo as a thumbnail (issue 38).
  const logoField = page.getByRole('group', { name: 'Logo' });
  await expect(logoField.getByText('Sem logo')).toBeVisible();
  await logoField
    .getByLabel('Escolher logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO });
  await expect(logoField.getByRole('img', { name: 'Logo atual da loja' })).toBeVisible();
  await expect(logoField.getByLabel('Trocar logo')).toBeAttached();
  const bar = page.getByTestId('preview-bar');
  await expect(bar.getByRole('img', { name: 'Logo de Ateliê da Bia' })).toBeVisible();
  await expect(bar).toHaveCSS('background-color', 'rgb(106, 27, 154)');
  await expect(page.getByText('Alterações não salvas')).toBeVisible();
  // Per-channel style: WhatsApp gets its own main colour; the shop has no collections to show yet.
  await page.getByRole('button', { name: 'Adicionar estilo para um canal' }).click();
  const channel = page.getByRole('group', { name: 'Estilo do WhatsApp' });
  await expect(channel.getByLabel('Canal')).toHaveValue('1');
  await channel.locator('input[name="settings.channelSettings.0.style.defaultColor"]').fill('#00695c');
  await expect(
    page.getByText('Esta loja ainda não tem coleções. Crie-as em Catálogo › Coleções.'),
  ).toBeVisible();
  await shot(page, `settings-${px}`);
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('Configurações salvas.')).toBeVisible();
  await expect(page.getByText('Alterações não salvas')).toBeHidden();

  const logo = (await bar.getByRole('img').getAttribute('src'))!;
  await page.goto(`/catalog?shop=${slug}`);
  await expect(page.locator(`img[src="${logo}"]`).first()).toBeVisible();
  const colour = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--primary').trim(),
  );
  expect(colour).toBe('#6a1b9a');
  await shot(page, `customer-link-${px}`);

  // A WhatsApp contact's link draws the WhatsApp style.
  const minted = await request.post('/api/platform/sessions', {
    headers: { authorization: `Bearer ${PLATFORM_KEY}` },
    data: {
      shop: slug,
      sessionType: 'contact',
      channelType: 'whatsapp',
      contact: { name: 'Rui', phone: '11955554444' },
    },
  });
  expect(minted.status()).toBe(201);
  const { code } = (await minted.json()).data as { code: string };
  recordSecret(code);
  await page.goto(`/catalog#${code}`);
  await expect
    .poll(() =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim()),
    )
    .toBe('#00695c');
});

test('an owner starts a sale for a new contact and the agent catalogue opens in a new tab', async ({
  page,
  baseURL,
}, testInfo) => {
  const wide = testInfo.project.name === 'desktop';
  if (wide) await page.setViewportSize({ width: 1366, height: 860 });
  const slug = `venda-${testInfo.project.name}-${Date.now().toString(36)}`;
  const invitationUrl = await createShop(baseURL!, PLATFORM_KEY, {
    slug,
    name: 'Mercearia do Zé',
    owner: { email: `ze@${slug}.example`, name: 'Zé Reis' },
  });
  await acceptInvitation(page, invitationUrl, 'Zé Reis', PASSWORD);
  await expect(page.getByRole('heading', { name: 'Vender para um contato' })).toBeVisible();
  await page.getByLabel('Nome do contato').fill('Joana Prado');
  await page.getByLabel('Telefone (WhatsApp)').fill('11912345678');
  await expect(page.getByLabel('Telefone (WhatsApp)')).toHaveValue('(11) 91234-5678');
  await shot(page, `start-sale-${wide ? '1366' : '375'}`);
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Abrir vitrine do atendente' }).click();
  const tab = await popup;
  await expect(tab).toHaveURL(/\/catalog/);
  // The agent catalogue: only an agent session shows the catalogue settings button.
  await expect(tab.getByRole('button', { name: 'Configurações do Catálogo' })).toBeVisible();
  await expect(page.getByText('Joana Prado')).toBeVisible();
  await shot(tab, `agent-catalogue-${wide ? '1366' : '375'}`);
});
