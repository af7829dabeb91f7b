import { parseArgs } from 'node:util';
import { createSessionBody } from '@vitrine/contracts/session';
import { loadConfig } from '../config.ts';
import { openDb } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { DEMO_CONTACT } from '../modules/session/demo-links.ts';
import { createPlatformSession, sessionUrl } from '../modules/session/service.ts';

/** `npm run session -- --shop <slug> --type agent|contact --channel whatsapp|…`: prints a session link last. */
const { values } = parseArgs({
  options: {
    shop: { type: 'string', default: 'hortifruti' },
    type: { type: 'string', default: 'contact' },
    channel: { type: 'string', default: 'whatsapp' },
    name: { type: 'string', default: DEMO_CONTACT.name },
    phone: { type: 'string', default: DEMO_CONTACT.phone },
  },
});

const body = createSessionBody.safeParse({
  shop: values.shop,
  sessionType: values.type,
  channelType: values.channel,
  contact: { name: values.name, phone: values.phone },
});
if (!body.success) {
  console.error(
    'Parâmetros inválidos:',
    body.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
  );
  process.exit(2);
}
const config = loadConfig();

/** A running server owns the PGlite data dir, so ask it over HTTP first; open the database only when none answers. */
async function viaRunningServer(): Promise<{ code: string; expiresAt: string } | null> {
  try {
    const response = await fetch(`${config.publicUrl}/api/platform/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${config.platformApiKey}` },
      body: JSON.stringify(body.data),
    });
    const json = (await response.json()) as {
      success: boolean;
      data: { code: string; expiresAt: string } | null;
      errors: { message: string }[];
    };
    if (!json.success || !json.data) throw new Error(json.errors[0]?.message ?? `HTTP ${response.status}`);
    return json.data;
  } catch (error) {
    if (error instanceof TypeError) return null; // connection refused: no server running
    throw error;
  }
}

async function viaDatabase(): Promise<{ code: string; expiresAt: string }> {
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const issued = await createPlatformSession(db, config.sessionTtlMs, body.data!);
    return { code: issued.code, expiresAt: issued.context.expiresAt.toISOString() };
  } finally {
    await db.close();
  }
}

try {
  const issued = (await viaRunningServer()) ?? (await viaDatabase());
  console.log(`sessão ${values.type} em ${values.shop} (${values.channel}), expira ${issued.expiresAt}`);
  console.log(
    sessionUrl(
      config.publicUrl,
      issued.code,
      values.type === 'contact' ? { shop: values.shop, channel: body.data!.channelType } : null,
    ),
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
