/**
 * `npm run shop:create -- --slug padaria --name "Padaria Sol" --owner dona@padaria.example [--owner-name Ana]
 * [--whatsapp 5511912345678] [--time-zone America/Manaus]`: creates a shop (flows/platform/onboard-shop.ts) and prints
 * the owner's invitation link last.
 * Asks the running server when there is one (it owns the PGlite data dir), otherwise opens the database itself.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createShopBody } from '@vitrine/contracts/console';
import { loadConfig } from '../config.ts';
import { onboardShop } from '../flows/platform/onboard-shop.ts';
import { viaDatabase, viaRunningServer } from './server-or-database.ts';

type Created = { shop: { slug: string; name: string }; invitationUrl: string; expiresAt: string };

z.config(z.locales.pt());
const { values } = parseArgs({
  options: {
    slug: { type: 'string' },
    name: { type: 'string' },
    owner: { type: 'string' },
    'owner-name': { type: 'string' },
    whatsapp: { type: 'string' },
    'time-zone': { type: 'string' },
  },
});
const body = createShopBody.safeParse({
  slug: values.slug,
  name: values.name,
  owner: { email: values.owner, name: values['owner-name'] ?? values.owner?.split('@')[0] },
  ...(values.whatsapp ? { settings: { whatsApp: values.whatsapp } } : {}),
  ...(values['time-zone'] ? { timeZone: values['time-zone'] } : {}),
});
if (!body.success) {
  console.error(
    'Parâmetros inválidos (use --slug, --name e --owner):',
    body.error.issues.map((i) => `${i.path.join('.') || 'parâmetros'}: ${i.message}`).join('; '),
  );
  process.exit(2);
}
const config = loadConfig();

try {
  const created =
    (await viaRunningServer<Created>(config, '/api/platform/shops', body.data)) ??
    (await viaDatabase(config, (db) => onboardShop(db, config, body.data!)));
  console.log(
    `loja ${created.shop.name} (${created.shop.slug}) criada; convite do proprietário até ${created.expiresAt}`,
  );
  console.log(created.invitationUrl);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
