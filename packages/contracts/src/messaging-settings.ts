/**
 * A shop's messaging configuration, set by the chatbot platform (`PUT /api/platform/shops/{shop}/messaging`,
 * platform key): channel credentials and the chatbot webhook. Secrets are write-only: stored encrypted, read
 * back masked (`****` + last 4 characters). See docs/decisions/0009-outbox-and-channels.md.
 */
import { z } from 'zod';

const graphId = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{5,30}$/, `${what} deve ter de 5 a 30 dígitos.`);

const accessToken = z
  .string()
  .trim()
  .min(20, 'O token de acesso deve ter pelo menos 20 caracteres.')
  .max(1000, 'O token de acesso deve ter no máximo 1000 caracteres.')
  .regex(/^\S+$/, 'O token de acesso não pode conter espaços.')
  .describe('Page / system-user access token of the Graph API (write-only)');

/** http(s) URL; the server also requires https except for loopback hosts in demo mode. */
const webhookUrl = z
  .string()
  .trim()
  .max(2000, 'A URL deve ter no máximo 2000 caracteres.')
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'URL inválida.');

export const whatsAppSettingsBody = z
  .object({
    phoneNumberId: graphId('O ID do número de telefone').describe('WhatsApp Cloud API phone number id'),
    accessToken,
    orderTemplate: z
      .string()
      .trim()
      .regex(/^[a-z0-9_]{1,512}$/, 'O nome do modelo deve ter só letras minúsculas, dígitos e _.')
      .optional()
      .describe(
        'Approved template (pt_BR, one body parameter: the order line) sent instead of an order message when ' +
          "the contact's 24-hour window is closed; default vitrine_pedido",
      ),
  })
  .strict();

export const messengerSettingsBody = z
  .object({ pageId: graphId('O ID da página').describe('Facebook page id'), accessToken })
  .strict();

export const instagramSettingsBody = z
  .object({
    accountId: graphId('O ID da conta do Instagram').describe('Instagram professional account id'),
    accessToken,
  })
  .strict();

export const chatbotSettingsBody = z
  .object({
    eventsUrl: webhookUrl.describe('Receives the signed chatbot events (order.confirmed, …)'),
    webchatUrl: webhookUrl
      .nullish()
      .describe('Receives WebChat messages (signed the same way); default: eventsUrl'),
    signingSecret: z
      .string()
      .min(16, 'O segredo de assinatura deve ter pelo menos 16 caracteres.')
      .max(200, 'O segredo de assinatura deve ter no máximo 200 caracteres.')
      .describe('HMAC-SHA256 key of X-Vitrine-Signature (write-only)'),
  })
  .strict();

/**
 * `PUT` body: each section given replaces that channel (send all its fields), `null` removes it, a missing
 * section is kept as it is; `whatsappOrderMessages` switches WhatsApp's order messages on or off.
 */
export const messagingSettingsBody = z
  .object({
    whatsapp: whatsAppSettingsBody.nullish(),
    messenger: messengerSettingsBody.nullish(),
    instagram: instagramSettingsBody.nullish(),
    chatbot: chatbotSettingsBody.nullish(),
    whatsappOrderMessages: z
      .boolean()
      .optional()
      .describe(
        "WhatsApp's own order messages (order_details / order_status, Payments API – Brazil) for WhatsApp " +
          'contacts; the account must be enabled for it by Meta. Default false',
      ),
  })
  .strict()
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'Informe ao menos um canal.');
export type MessagingSettingsBody = z.infer<typeof messagingSettingsBody>;

const masked = z.string().describe('Only the last 4 characters, e.g. `****a1b2`');
const updatedAt = z.string().describe('ISO date of the last change');

/** What `GET`/`PUT` answer: ids and URLs as stored, secrets masked, null for a channel not configured. */
export const messagingSettings = z.object({
  shop: z.string(),
  whatsapp: z
    .object({
      phoneNumberId: z.string(),
      orderTemplate: z.string().nullable(),
      accessToken: masked,
      updatedAt,
    })
    .nullable(),
  messenger: z.object({ pageId: z.string(), accessToken: masked, updatedAt }).nullable(),
  instagram: z.object({ accountId: z.string(), accessToken: masked, updatedAt }).nullable(),
  chatbot: z
    .object({ eventsUrl: z.string(), webchatUrl: z.string().nullable(), signingSecret: masked, updatedAt })
    .nullable(),
  whatsappOrderMessages: z.boolean(),
});
export type MessagingSettings = z.infer<typeof messagingSettings>;
