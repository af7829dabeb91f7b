/**
 * The audit rows of a messaging change (console 'Integrações', decision 0038): ids, URLs and switches old → new
 * in pt-BR; a secret is never written, not even masked — a secret sent reads 'alterada'.
 */
import { diffForAudit, type AuditChange } from '@vitrine/contracts/audit-changes';
import type { MessagingSettings, MessagingSettingsBody } from '@vitrine/contracts/messaging-settings';

const LABELS: Record<string, string> = {
  'whatsapp.phoneNumberId': 'WhatsApp: ID do número de telefone',
  'whatsapp.orderTemplate': 'WhatsApp: modelo da mensagem de pedido',
  'whatsapp.accessToken': 'WhatsApp: token de acesso',
  'messenger.pageId': 'Messenger: ID da página',
  'messenger.accessToken': 'Messenger: token da página',
  'instagram.accountId': 'Instagram: ID da conta',
  'instagram.accessToken': 'Instagram: token da página',
  'chatbot.eventsUrl': 'Chatbot: URL dos eventos',
  'chatbot.webchatUrl': 'Chatbot: URL do WebChat',
  'chatbot.signingSecret': 'Chatbot: segredo de assinatura',
  whatsappOrderMessages: 'WhatsApp: mensagens de pedido',
};
const SECRETS = new Set([
  'whatsapp.accessToken',
  'messenger.accessToken',
  'instagram.accessToken',
  'chatbot.signingSecret',
]);
const SECTIONS = ['whatsapp', 'messenger', 'instagram', 'chatbot'] as const;

/** Field → display value; `sent` marks the sections whose secret the body carried. */
function display(settings: MessagingSettings, sent: ReadonlySet<string>): Record<string, string> {
  const values: Record<string, string> = {
    whatsappOrderMessages: settings.whatsappOrderMessages ? 'ligadas' : 'desligadas',
  };
  for (const section of SECTIONS) {
    const fields = settings[section];
    if (!fields) continue;
    for (const [name, value] of Object.entries(fields)) {
      const field = `${section}.${name}`;
      if (!(field in LABELS) || value === null) continue;
      if (SECRETS.has(field)) values[field] = sent.has(section) ? 'alterada' : 'definida';
      else values[field] = String(value);
    }
  }
  return values;
}

export function messagingChanges(
  before: MessagingSettings,
  after: MessagingSettings,
  body: MessagingSettingsBody,
): AuditChange[] {
  const sent = new Set(SECTIONS.filter((section) => body[section]));
  return diffForAudit(LABELS, display(before, new Set()), display(after, sent));
}
