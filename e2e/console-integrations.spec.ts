import { createServer, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { acceptInvitation, createShop } from './console-owner';
import { recordSecret } from './helpers';
import { PRIVATE_PLATFORM_KEY, startPrivateServer, type PrivateServer } from './private-server';

/**
 * Integrações in the console (issue 18, docs/decisions/0038), on a server of its own whose Graph API is a local
 * fake: a new shop's owner saves a WhatsApp credential (the field refuses a short token in pt-BR), reads it back
 * masked, and "Testar conexão" reports the fake's 401 and then, with the right token, 'Conexão OK'.
 * CONSOLE_SHOTS=<dir> saves screenshots at 1366 and 375 px.
 */
const PASSWORD = 'senha-da-dona-integra';
const GOOD = 'EAAG-token-aceito-0123456789-ok42';
const BAD = 'EAAG-token-recusado-0123456789-no13';
for (const secret of [PASSWORD, GOOD, BAD]) recordSecret(secret);

let graph: Server;
let graphUrl = '';
let server: PrivateServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  graph = createServer((req, res) => {
    const ok = req.method === 'GET' && req.headers.authorization === `Bearer ${GOOD}`;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        ok
          ? { id: '1098765432', display_phone_number: '+55 11 4000-0000' }
          : { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } },
      ),
    );
  });
  await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
  graphUrl = `http://127.0.0.1:${(graph.address() as { port: number }).port}`;
  server = await startPrivateServer(`integrations-${test.info().project.name}`, undefined, {
    GRAPH_API_BASE_URL: graphUrl,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => graph?.close(resolve));
});

async function shot(page: Page, name: string) {
  const dir = process.env.CONSOLE_SHOTS;
  if (!dir) return;
  const width = page.viewportSize()!.width > 800 ? 1366 : 375;
  if (width === 1366) await page.setViewportSize({ width, height: 860 });
  await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
}

test('the owner saves a WhatsApp credential, sees it masked and tests the connection', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const slug = `integra-${testInfo.project.name}`;
  const invitation = await createShop(server.origin, PRIVATE_PLATFORM_KEY, {
    slug,
    name: 'Loja Integrada',
    owner: { email: `dona@${slug}.example`, name: 'Dona Íris' },
  });
  await acceptInvitation(page, invitation, 'Dona Íris', PASSWORD);
  await page.goto(`${server.origin}/console/lojas/${slug}/integracoes`);
  await expect(page.getByRole('heading', { name: 'Integrações' })).toBeVisible();
  const tester = page.getByRole('button', { name: 'Testar conexão' });
  await expect(tester).toBeDisabled();

  await page.getByLabel('ID do número de telefone').fill('1098765432');
  await page.getByLabel('Token de acesso').fill('curto');
  await page.getByRole('button', { name: 'Salvar WhatsApp' }).click();
  await expect(page.getByText('O token de acesso deve ter pelo menos 20 caracteres.')).toBeVisible();

  await page.getByLabel('Token de acesso').fill(BAD);
  await page.getByRole('button', { name: 'Salvar WhatsApp' }).click();
  await expect(page.getByText('Token salvo: ****no13', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Token de acesso')).toHaveValue('');
  await tester.click();
  await expect(page.getByRole('status').filter({ hasText: 'Token recusado' })).toHaveText(
    'Token recusado pelo WhatsApp (401)',
  );
  await shot(page, 'integracoes-recusado');

  await page.getByLabel('Token de acesso').fill(GOOD);
  await page.getByRole('button', { name: 'Salvar WhatsApp' }).click();
  await expect(page.getByText('Token salvo: ****ok42', { exact: false })).toBeVisible();
  await tester.click();
  await expect(page.getByRole('status').filter({ hasText: 'Conexão' })).toHaveText('Conexão OK');
  await shot(page, 'integracoes-ok');
  await expect(page.locator('body')).not.toContainText(GOOD);
});
