import type { CHANNEL_BY_NAME } from '@vitrine/contracts/enums';
import { DEMO_PLATFORM_API_KEY, type Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { listShops } from '../../modules/shop/service.ts';
import { createPlatformSession, sessionUrl } from '../../modules/session/service.ts';

const CHANNELS: (keyof typeof CHANNEL_BY_NAME)[] = ['whatsapp', 'instagram', 'messenger', 'webchat'];
export const DEMO_CONTACT = { name: 'Maria Silva', phone: '5511999990001' };

/**
 * Demo mode only: prints, for every shop, a customer link per channel and an agent link, plus the docs and the
 * platform key when it is the public demo key (a key of the operator's own is never printed).
 */
export async function printDemoLinks(db: Db, config: Config): Promise<void> {
  const lines: string[] = [];
  for (const shop of await listShops(db)) {
    lines.push(`\n${shop.name} (${shop.slug})`);
    for (const channel of CHANNELS) {
      const { code } = await createPlatformSession(db, config.sessionTtlMs, {
        shop: shop.slug,
        sessionType: 'contact',
        channelType: channel,
        contact: DEMO_CONTACT,
      });
      lines.push(
        `  cliente ${channel.padEnd(9)} ${sessionUrl(config.publicUrl, code, { shop: shop.slug, channel })}`,
      );
    }
    const agent = await createPlatformSession(db, config.sessionTtlMs, {
      shop: shop.slug,
      sessionType: 'agent',
      channelType: 'whatsapp',
      contact: DEMO_CONTACT,
      agent: { name: 'Atendente Demo' },
    });
    lines.push(`  atendente          ${sessionUrl(config.publicUrl, agent.code)}`);
    lines.push(`  anônimo            ${config.publicUrl}/catalog?shop=${shop.slug}`);
  }
  const key =
    config.platformApiKey === DEMO_PLATFORM_API_KEY ? config.platformApiKey : '(a de PLATFORM_API_KEY)';
  lines.push(`\nAPI: ${config.publicUrl}/api/docs — chave da plataforma: ${key}`);
  lines.push(`Mensagens recebidas pelos contatos (demo, só neste computador): ${config.publicUrl}/dev/inbox`);
  console.log(lines.join('\n'));
}
