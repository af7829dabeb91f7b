import { expect, test, type Page } from '@playwright/test';
import { PLATFORM_KEY, recordSecret } from './helpers';

/**
 * The shop console (issue 16): a shop created through the platform API, its owner's invitation accepted in the
 * browser, the first-run checklist, an agent invited by e-mail (read in the demo mailbox) and accepted in a second
 * browser context, and the agent refused on the team. A new shop's first-time states (issue 38 items 16, 17): the
 * checklist's items link to where each is set up, the customer link has 'Copiar', 'Compartilhar no WhatsApp' and a
 * QR code that prints alone, no "nenhum … encontrado" before anything is typed or filtered, no 'Remover' on the
 * owner's own row, no set-up checklist on the atendente's home. CONSOLE_SHOTS=<dir> saves screenshots (375 / 1366 px).
 */
const OWNER_PASSWORD = 'senha-da-dona-e2e';
const AGENT_PASSWORD = 'senha-do-atendente-e2e';
recordSecret(OWNER_PASSWORD, AGENT_PASSWORD);

async function shot(page: Page, name: string) {
  const dir = process.env.CONSOLE_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

test('create a shop, accept the invitation, see the checklist, invite an agent who gets 403 on the team', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const wide = testInfo.project.name === 'desktop';
  if (wide && process.env.CONSOLE_SHOTS) await page.setViewportSize({ width: 1366, height: 860 });
  const px = wide ? (process.env.CONSOLE_SHOTS ? '1366' : '1280') : '375';
  const slug = `console-${testInfo.project.name}-${Date.now().toString(36)}`;
  const agentEmail = `atendente@${slug}.example`;

  const created = await request.post('/api/platform/shops', {
    headers: { authorization: `Bearer ${PLATFORM_KEY}` },
    data: { slug, name: 'Empório da Dona Ana', owner: { email: `dona@${slug}.example`, name: 'Ana Souza' } },
  });
  expect(created.status()).toBe(201);
  const { invitationUrl } = (await created.json()).data as { invitationUrl: string };
  recordSecret(invitationUrl.split('#')[1]!);

  await page.goto(invitationUrl);
  await expect(page.getByRole('heading', { name: 'Equipe de Empório da Dona Ana' })).toBeVisible();
  expect(page.url()).not.toContain('#');
  await shot(page, `accept-invitation-${px}`);
  await page.getByRole('button', { name: 'Aceitar convite' }).click();
  await expect(page.getByText('Informe o nome')).toBeVisible();
  await page.getByLabel('Seu nome').fill('Ana Souza');
  await page.getByLabel('Crie uma senha').fill(OWNER_PASSWORD);
  await page.getByLabel('Repita a senha').fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Aceitar convite' }).click();

  await expect(page.getByRole('heading', { name: 'Início' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/console/lojas/${slug}$`));
  await expect(page.getByRole('heading', { name: 'Primeiros passos' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Pelo menos um produto' })).toContainText(
    'pendente',
  );
  await expect(page.getByRole('link', { name: 'Pelo menos um produto' })).toHaveAttribute(
    'href',
    `/console/lojas/${slug}/catalogo`,
  );
  const customerLink = page.getByLabel('Link do cliente');
  await expect(customerLink).toHaveValue(new RegExp(`/catalog\\?shop=${slug}$`));
  const linkText = await customerLink.inputValue();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copiar' }).click();
  await expect(page.getByText('Link copiado.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(linkText);
  await expect(page.getByRole('link', { name: 'Compartilhar no WhatsApp' })).toHaveAttribute(
    'href',
    `https://wa.me/?text=${encodeURIComponent(`Faça seu pedido na Empório da Dona Ana: ${linkText}`)}`,
  );
  const qr = page.getByRole('img', { name: 'QR code do link da loja Empório da Dona Ana' });
  await expect(qr).toBeVisible();
  await expect(page.getByRole('button', { name: 'Imprimir QR code' })).toBeVisible();
  // No contact yet: the sale card says how to start, not that a search found nothing.
  await expect(page.getByText('Nenhum contato ainda: comece com um contato novo abaixo.')).toBeVisible();
  await expect(page.getByText('Nenhum contato encontrado.')).toHaveCount(0);
  await shot(page, `home-checklist-${px}`);
  await page.emulateMedia({ media: 'print' });
  await expect(qr).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Vender para um contato' })).toBeHidden();
  await shot(page, `home-print-${px}`);
  await page.emulateMedia({ media: 'screen' });

  await page.getByRole('link', { name: 'Pelo menos um produto' }).click();
  const products = page.getByRole('region', { name: 'Produtos' });
  await expect(products.getByText(/^Nenhum produto ainda/)).toBeVisible();
  await expect(products.getByText('Nenhum produto com estes filtros.')).toHaveCount(0);
  await products.getByLabel('Buscar').fill('café');
  await expect(products.getByText('Nenhum produto com estes filtros.')).toBeVisible();

  await page.getByRole('link', { name: 'Equipe' }).click();
  await expect(page.getByRole('heading', { name: 'Equipe' })).toBeVisible();
  await expect(page.getByRole('cell', { name: `dona@${slug}.example` })).toBeVisible();
  const ownRow = page.getByRole('row').filter({ hasText: `dona@${slug}.example` });
  await expect(ownRow.getByRole('button', { name: /Remover/ })).toHaveCount(0);
  await page.getByLabel('E-mail da pessoa').fill(agentEmail);
  await page.getByLabel('Papel', { exact: true }).selectOption('agent');
  await page.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(page.getByText(`Convite enviado para ${agentEmail}.`)).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Convites pendentes' })
      .getByRole('listitem')
      .filter({ hasText: agentEmail }),
  ).toContainText('Atendente');
  await shot(page, `team-${px}`);

  await page.goto('/dev/mailbox');
  const mail = page.getByRole('article', { name: 'Convite para a equipe de Empório da Dona Ana' }).filter({
    hasText: agentEmail,
  });
  await expect(mail).toBeVisible({ timeout: 15_000 });
  await shot(page, `mailbox-${px}`);
  const link = await mail.getByRole('link').getAttribute('href');
  expect(link).toMatch(/\/console\/convite#[A-Za-z0-9_-]{43}$/);
  recordSecret(link!.split('#')[1]!);

  const agentContext = await browser.newContext({ viewport: page.viewportSize()! });
  const agent = await agentContext.newPage();
  await agent.goto(link!);
  await expect(agent.getByText('como Atendente')).toBeVisible();
  await agent.getByLabel('Seu nome').fill('Beto Lima');
  await agent.getByLabel('Crie uma senha').fill(AGENT_PASSWORD);
  await agent.getByLabel('Repita a senha').fill(AGENT_PASSWORD);
  await agent.getByRole('button', { name: 'Aceitar convite' }).click();
  await expect(agent.getByRole('heading', { name: 'Início' })).toBeVisible();
  await expect(agent.getByText('Atendente', { exact: true })).toBeVisible();
  // The set-up checklist is the owner's and managers' (an atendente cannot open those sections).
  await expect(agent.getByLabel('Link do cliente')).toBeVisible();
  await expect(agent.getByRole('heading', { name: 'Primeiros passos' })).toHaveCount(0);
  await shot(agent, `agent-home-${px}`);

  const team = await agent.request.get(`/api/console/shops/${slug}/team`);
  expect(team.status()).toBe(403);
  // The nav offers an agent only what an agent may use; the team's address typed anyway is refused.
  const sections = agent.getByRole('navigation', { name: 'Seções do console' });
  await expect(sections.getByRole('link')).toHaveText(['Início', 'Pedidos', 'Relatórios']);
  await agent.goto(`/console/lojas/${slug}/equipe`);
  await expect(agent.getByRole('alert')).toContainText('Seu papel nesta loja não permite esta ação.');
  await shot(agent, `agent-team-403-${px}`);
  // Orders are every role's: the agent opens the (still empty) board, and its CSV export.
  await agent.getByRole('link', { name: 'Pedidos' }).click();
  await expect(agent.getByText('Nenhum pedido ainda.')).toBeVisible();
  const csv = await agent.request.get(`/api/console/shops/${slug}/orders.csv`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toMatch(/^\ufeffPedido;Data;/);
  await agentContext.close();

  await page.goto(`/console/lojas/${slug}/auditoria`);
  await expect(page.getByText('aceitou o convite como Atendente')).toBeVisible();
  await shot(page, `audit-${px}`);
  await page.getByRole('button', { name: 'Sair', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
  await shot(page, `sign-in-${px}`);
});
