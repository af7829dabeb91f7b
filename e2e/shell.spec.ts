import { expect, test } from '@playwright/test';
import { mintSession } from './helpers';

type Settings = {
  name: string;
  style: { defaultColor: string; secondaryColor: string; urlLogo: string | null };
  channelSettings: { channelId: number; style: { defaultColor: string; urlLogo: string | null } }[];
};

async function settingsFor(request: import('@playwright/test').APIRequestContext, link: string) {
  const code = link.split('#')[1]!;
  const response = await request.get('/api/shop/settings', { headers: { authorization: `Bearer ${code}` } });
  return ((await response.json()) as { data: Settings }).data;
}

/** The shop logo link of the top bar (its name is the logo's alt text, or 'Shop'). */
const shopLogo = (page: import('@playwright/test').Page) =>
  page.getByRole('banner').locator('a[href="/catalog"]');

const rootColor = (page: import('@playwright/test').Page, name: string) =>
  page.evaluate(
    (n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim().toLowerCase(),
    name,
  );

for (const shop of ['hortifruti', 'moda'] as const) {
  test(`customer link of ${shop} opens the catalogue themed with the shop's colours and logo`, async ({
    page,
    request,
  }, testInfo) => {
    const link = await mintSession(request, { shop, channel: 'whatsapp' });
    const settings = await settingsFor(request, link);
    await page.goto(link);
    const logo = page.getByRole('banner').getByRole('img', { name: settings.name });
    await expect(logo).toHaveAttribute('src', settings.style.urlLogo!);
    await expect(logo).toHaveAttribute('alt', settings.name);
    expect(await rootColor(page, '--primary')).toBe(settings.style.defaultColor.toLowerCase());
    expect(await rootColor(page, '--secondary')).toBe(settings.style.secondaryColor.toLowerCase());
    await expect(page.getByRole('button', { name: 'Voltar' })).toHaveCount(0);
    await expect(page.locator('.app')).toHaveCSS('zoom', '1');
    await page.screenshot({ path: testInfo.outputPath(`${shop}.png`) });
  });
}

test('the Instagram channel uses its own style', async ({ page, request }) => {
  const link = await mintSession(request, { shop: 'hortifruti', channel: 'instagram' });
  const settings = await settingsFor(request, link);
  const instagram = settings.channelSettings.find((c) => c.channelId === 3);
  expect(instagram, 'demo shop has an Instagram style').toBeTruthy();
  await page.goto(link);
  await expect(shopLogo(page)).toBeVisible();
  await expect.poll(() => rootColor(page, '--primary')).toBe(instagram!.style.defaultColor.toLowerCase());
});

test('a bad code lands on the invalid-session page and clears the stored code', async ({ page }) => {
  await page.goto('/catalog#codigo-que-nao-existe-123456');
  await expect(page.getByRole('heading', { name: 'Sessão Inválida' })).toBeVisible();
  expect(page.url()).toContain('/invalid-session');
  expect(await page.evaluate(() => localStorage.getItem('session_code'))).toBeNull();
});

test('an unknown route shows the not-found page with a link back', async ({ page, request }) => {
  const link = await mintSession(request);
  await page.goto(link);
  await expect(shopLogo(page)).toBeVisible();
  await page.goto('/nao/existe');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao início' }).click();
  await expect(page).toHaveURL(/\/catalog/);
});

test('the agent link opens the zoomed, wide agent layout', async ({ page, request }, testInfo) => {
  const link = await mintSession(request, { shop: 'moda', type: 'agent' });
  await page.goto(link);
  await expect(shopLogo(page)).toBeVisible();
  await expect(page.locator('.app')).toHaveCSS('zoom', '0.75');
  await expect(page.locator('.app')).toHaveClass(/app--agent/);
  await page.screenshot({ path: testInfo.outputPath('agent.png') });
});

test('a visitor without a code gets an anonymous session of their own', async ({ browser }) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  const codes: string[] = [];
  for (const context of [first, second]) {
    const page = await context.newPage();
    await page.goto('/catalog?shop=moda');
    await expect(shopLogo(page)).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('session_code'))).not.toBeNull();
    codes.push((await page.evaluate(() => localStorage.getItem('session_code')))!);
  }
  expect(codes[0]).not.toBe(codes[1]);
  await first.close();
  await second.close();
});

test('finish, confirm and change-payment pages show their texts and toasts', async ({ page, request }) => {
  const link = await mintSession(request);
  await page.goto(link);
  await expect(shopLogo(page)).toBeVisible();
  await page.goto('/finish');
  await expect(page.getByRole('heading', { name: 'Pedido finalizado' })).toBeVisible();
  await expect(page.getByText('Pedido finalizado, você pode fechar essa aba!')).toBeVisible();
  await page.goto('/confirm');
  await expect(page.getByRole('heading', { name: 'Itens adicionados ao pedido' })).toBeVisible();
  await expect(page.getByText('Pedido confirmado, você pode fechar essa aba')).toBeVisible();
  await page.goto('/change-payment');
  await expect(page.getByRole('heading', { name: 'Aguardando alteração...' })).toBeVisible();
  await expect(page.getByText('Você pode fechar essa aba para alterar a forma de pagamento')).toBeVisible();
});
