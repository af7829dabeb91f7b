import { parseArgs } from 'node:util';
import { createSessionBody } from '@vitrine/contracts/session';
import { loadConfig } from '../config.ts';
import { DEMO_CONTACT } from '../flows/session/demo-links.ts';
import { createPlatformSession, sessionUrl } from '../modules/session/service.ts';
import { viaDatabase, viaRunningServer } from './server-or-database.ts';

type Issued = { code: string; expiresAt: string };

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

try {
  const issued =
    (await viaRunningServer<Issued>(config, '/api/platform/sessions', body.data)) ??
    (await viaDatabase(config, async (db): Promise<Issued> => {
      const session = await createPlatformSession(db, config.sessionTtlMs, body.data!);
      return { code: session.code, expiresAt: session.context.expiresAt.toISOString() };
    }));
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
