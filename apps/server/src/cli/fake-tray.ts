/**
 * Demo: runs a fake Tray store on 127.0.0.1 and prints links that walk through the Tray link pages.
 *
 *   node --import tsx apps/server/src/cli/fake-tray.ts [--port 4010] [--products 120]
 *
 * The server must run in demo mode (DEMO_MODE=true, the default): it then accepts the demo consumer key
 * and http on loopback hosts. Chatbot id: a shop slug (hortifruti, moda); token: TRAY_DEMO_CHATBOT_TOKEN.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { buildFakeCatalog } from '../adapters/tray/fake-tray-catalog.ts';
import { FakeTrayServer } from '../adapters/tray/fake-tray-server.ts';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '4010' }, products: { type: 'string', default: '120' } },
});
const config = loadConfig();
if (!config.tray.consumerKey || !config.tray.consumerSecret) {
  console.error('Defina TRAY_CONSUMER_KEY e TRAY_CONSUMER_SECRET (ou rode em DEMO_MODE=true).');
  process.exit(2);
}
const fake = await FakeTrayServer.start({
  consumerKey: config.tray.consumerKey,
  consumerSecret: config.tray.consumerSecret,
  catalog: buildFakeCatalog(Number(values.products)),
  port: Number(values.port),
});
const callback = `${config.publicUrl}/tray/register/callback`;
const link = new URL(callback);
for (const [key, value] of Object.entries({
  code: fake.issueCode(),
  adm_user: 'admin',
  store: fake.storeId,
  api_address: fake.apiAddress,
  store_host: fake.origin,
}))
  link.searchParams.set(key, value);
const authorize = new URL(`${fake.origin}/auth.php`);
authorize.searchParams.set('response_type', 'code');
authorize.searchParams.set('consumer_key', config.tray.consumerKey);
authorize.searchParams.set('callback', callback);

console.log(`Tray falsa em ${fake.origin} (loja ${fake.storeId}, ${values.products} produtos)`);
console.log(`\nVincular (código de uso único):\n  ${link.toString()}`);
console.log(`\nNovo código a cada acesso (simula a autorização na Tray):\n  ${authorize.toString()}`);
if (config.tray.demoChatbotToken)
  console.log(`\nID do chatbot: hortifruti ou moda — token de demonstração: ${config.tray.demoChatbotToken}`);
process.on('SIGINT', () => void fake.close().then(() => process.exit(0)));
