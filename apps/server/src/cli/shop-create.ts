/**
 * `npm run shop:create -- --slug padaria --name "Padaria Sol" --owner dona@padaria.example [--owner-name Ana]
 * [--whatsapp 5511912345678]`: creates a shop (flows/onboard-shop.ts) and prints the owner's invitation link last.
 * Asks the running server when there is one (it owns the PGlite data dir), otherwise opens the database itself.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createShopBody } from '@vitrine/contracts/console';
import { loadConfig } from '../config.ts';
import { openDb } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { onboardShop } from '../flows/onboard-shop.ts';

type Created = { shop: { slug: string; name: string }; invitationUrl: string; expiresAt: string };

z.config(z.locales.pt());
const { values } = parseArgs({
  options: {
    slug: { type: 'string' },
    name: { type: 'string' },
    owner: { type: 'string' },
    'owner-name': { type: 'string' },
    whatsapp: { type: 'string' },
  },
});
const body = createShopBody.safeParse({
  slug: values.slug,
  name: values.name,
  owner: { email: values.owner, name: values['owner-name'] ?? values.owner?.split('@')[0] },
  ...(values.whatsapp ? { settings: { whatsApp: values.whatsapp } } : {}),
});
if (!body.success) {
  console.error(
    'Parâmetros inválidos (use --slug, --name e --owner):',
    body.error.issues.map((i) => `${i.path.join('.') || 'parâmetros'}: ${i.message}`).join('; '),
  );
  process.exit(2);
}
const config = loadConfig();

async function viaRunningServer(): Promise<Created | null> {
  try {
    const response = await fetch(`${config.publicUrl}/api/platform/shops`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${config.platformApiKey}` },
      body: JSON.stringify(body.data),
    });
    const json = (await response.json()) as {
      success: boolean;
      data: Created | null;
      errors: { message: string }[];
    };
    if (!json.success || !json.data) throw new Error(json.errors[0]?.message ?? `HTTP ${response.status}`);
    return json.data;
  } catch (error) {
    if (error instanceof TypeError) return null; // connection refused: no server running
    throw error;
  }
}

async function viaDatabase(): Promise<Created> {
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    return await onboardShop(db, config, body.data!);
  } finally {
    await db.close();
  }
}

try {
  const created = (await viaRunningServer()) ?? (await viaDatabase());
  console.log(
    `loja ${created.shop.name} (${created.shop.slug}) criada; convite do proprietário até ${created.expiresAt}`,
  );
  console.log(created.invitationUrl);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
