import { expect, test, type Page } from '@playwright/test';
import { PLATFORM_KEY, recordSecret } from './helpers';

/**
 * The shop console (issue 16): a shop created through the platform API, its owner's invitation accepted in the
 * browser, the first-run checklist, an agent invited by e-mail (read in the demo mailbox) and accepted in a second
 * browser context, and the agent refused on the team. CONSOLE_SHOTS=<dir> saves screenshots (375 / 1366 px).
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
  await expect(page.getByText(`/catalog?shop=${slug}`)).toBeVisible();
  await shot(page, `home-checklist-${px}`);

  await page.getByRole('link', { name: 'Equipe' }).click();
  await expect(page.getByRole('heading', { name: 'Equipe' })).toBeVisible();
  await expect(page.getByRole('cell', { name: `dona@${slug}.example` })).toBeVisible();
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
