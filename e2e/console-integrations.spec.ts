import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { verifySignature } from '../apps/server/src/adapters/channels/webhook-signature.ts';
import { expectAccessibleAtBothWidths } from './axe';
import { acceptInvitation, createShop, shotBoth } from './console-owner';
import { recordSecret } from './helpers';
import { PRIVATE_PLATFORM_KEY, startPrivateServer, type PrivateServer } from './private-server';

/**
 * Integrações in the console (issue 18, docs/decisions/0038), on a server of its own whose Graph API is a local
 * fake: a new shop's owner saves a WhatsApp credential (the field refuses a short token in pt-BR), reads it back
 * masked, and "Testar conexão" reports the fake's 401 and then, with the right token, 'Conexão OK'; Messenger
 * answers with the page's name, Instagram refuses a token; the chatbot card's test POSTs a signed ping to a local
 * chatbot that checks the signature. CONSOLE_SHOTS=<dir> saves screenshots at 1366 and 375 px.
 */
const PASSWORD = 'senha-da-dona-integra';
const GOOD = 'EAAG-token-aceito-0123456789-ok42';
const BAD = 'EAAG-token-recusado-0123456789-no13';
const SIGNING = 'segredo-do-chatbot-e2e-0123-sg31';
for (const secret of [PASSWORD, GOOD, BAD, SIGNING]) recordSecret(secret);

let graph: Server;
let graphUrl = '';
let bot: Server;
let botUrl = '';
let pings = 0;
let server: PrivateServer;

/** The Graph API's answer to a GET with the right token: WhatsApp's number, the page's name, the account's @. */
function graphAnswer(path: string): object {
  if (path.includes('fields=id,name')) return { id: '5550001', name: 'Loja Integrada' };
  if (path.includes('fields=id,username')) return { id: '17841400000000', username: 'loja.integrada' };
  return { id: '1098765432', display_phone_number: '+55 11 4000-0000' };
}

/** A chatbot that takes an event only when its X-Vitrine-Signature is right. */
function startBot(): Promise<void> {
  bot = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const signed = verifySignature(SIGNING, req.headers, raw);
      if (signed) pings += 1;
      res.writeHead(signed ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify(signed ? { ok: true } : { error: 'assinatura inválida' }));
    });
  });
  return new Promise<void>((resolve) => bot.listen(0, '127.0.0.1', resolve)).then(() => {
    botUrl = `http://127.0.0.1:${(bot.address() as { port: number }).port}`;
  });
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  graph = createServer((req, res) => {
    const ok = req.method === 'GET' && req.headers.authorization === `Bearer ${GOOD}`;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        ok
          ? graphAnswer(req.url ?? '')
          : { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } },
      ),
    );
  });
  await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
  graphUrl = `http://127.0.0.1:${(graph.address() as { port: number }).port}`;
  await startBot();
  server = await startPrivateServer(`integrations-${test.info().project.name}`, undefined, {
    GRAPH_API_BASE_URL: graphUrl,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => graph?.close(resolve));
  await new Promise((resolve) => bot?.close(resolve));
});

const shot = shotBoth;

test('the owner saves a WhatsApp credential, sees it masked and tests the connection', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 860 });
  const slug = `integra-${testInfo.project.name}`;
  const invitation = await createShop(server.origin, PRIVATE_PLATFORM_KEY, {
    slug,
    name: 'Loja Integrada',
    owner: { email: `dona@${slug}.example`, name: 'Dona Íris' },
  });
  await acceptInvitation(page, invitation, 'Dona Íris', PASSWORD);
  await page.goto(`${server.origin}/console/lojas/${slug}/integracoes`);
  await expect(page.getByRole('heading', { name: 'Integrações' })).toBeVisible();
  const whatsapp = page.getByRole('form', { name: 'WhatsApp' });
  const tester = whatsapp.getByRole('button', { name: 'Testar conexão' });
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
  await expect(whatsapp.getByRole('status')).toHaveText('Token recusado pelo WhatsApp (401)');
  await shot(page, 'integracoes-recusado');

  await page.getByLabel('Token de acesso').fill(GOOD);
  await page.getByRole('button', { name: 'Salvar WhatsApp' }).click();
  await expect(page.getByText('Token salvo: ****ok42', { exact: false })).toBeVisible();
  await tester.click();
  await expect(whatsapp.getByRole('status')).toHaveText('Conexão OK');

  // Messenger: the test reads the page the id names, and says its name.
  const messenger = page.getByRole('form', { name: 'Messenger' });
  await messenger.getByLabel('ID da página').fill('5550001');
  await messenger.getByLabel('Token da página').fill(GOOD);
  await messenger.getByRole('button', { name: 'Salvar Messenger' }).click();
  await expect(messenger.getByText('Token salvo: ****ok42', { exact: false })).toBeVisible();
  await messenger.getByRole('button', { name: 'Testar conexão' }).click();
  await expect(messenger.getByRole('status')).toHaveText('Conexão OK: página “Loja Integrada”');

  // Instagram: a token the Graph API refuses.
  const instagram = page.getByRole('form', { name: 'Instagram' });
  await instagram.getByLabel('ID da conta do Instagram').fill('17841400000000');
  await instagram.getByLabel('Token do Instagram').fill(BAD);
  await instagram.getByRole('button', { name: 'Salvar Instagram' }).click();
  await expect(instagram.getByText('Token salvo: ****no13', { exact: false })).toBeVisible();
  await instagram.getByRole('button', { name: 'Testar conexão' }).click();
  await expect(instagram.getByRole('status')).toHaveText('Token recusado pelo Instagram (401)');

  // Chatbot: a short secret is refused at the field; the test's ping arrives signed.
  const chatbot = page.getByRole('form', { name: 'Chatbot' });
  await chatbot.getByLabel('URL dos eventos').fill(`${botUrl}/eventos`);
  await chatbot.getByLabel('Segredo de assinatura').fill('curto');
  await chatbot.getByRole('button', { name: 'Salvar Chatbot' }).click();
  await expect(chatbot.getByText('O segredo de assinatura deve ter pelo menos 16 caracteres.')).toBeVisible();
  await chatbot.getByLabel('Segredo de assinatura').fill(SIGNING);
  await chatbot.getByRole('button', { name: 'Salvar Chatbot' }).click();
  await expect(chatbot.getByText('Segredo salvo: ****sg31', { exact: false })).toBeVisible();
  await chatbot.getByRole('button', { name: 'Testar conexão' }).click();
  await expect(chatbot.getByRole('status')).toHaveText(
    'Conexão OK: o chatbot aceitou o evento de teste (HTTP 2xx)',
  );
  expect(pings).toBeGreaterThanOrEqual(1);
  await expectAccessibleAtBothWidths(page, 'Integrações');
  await shot(page, 'integracoes-ok');

  // Removing a channel asks first; Cancelar keeps it.
  await instagram.getByRole('button', { name: 'Remover Instagram' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remover Instagram?' });
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(instagram.getByText('Token salvo: ****no13', { exact: false })).toBeVisible();
  await instagram.getByRole('button', { name: 'Remover Instagram' }).click();
  await confirm.getByRole('button', { name: 'Remover' }).click();
  await expect(page.getByText('Instagram removido.')).toBeVisible();
  await expect(instagram.getByRole('status')).toHaveText('Salve as credenciais para testar a conexão.');
  await expect(instagram.getByRole('button', { name: 'Testar conexão' })).toBeDisabled();
  for (const secret of [GOOD, BAD, SIGNING]) await expect(page.locator('body')).not.toContainText(secret);
});
