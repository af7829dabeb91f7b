/**
 * Console 'Configurações' (issue 16): every shop setting of spec §3 as the owner or a manager edits it, with
 * pt-BR messages at the field, plus the order limits the shop row keeps. `GET/PUT
 * /api/console/shops/{shop}/settings`; the logo goes through its own upload route.
 */
import { z } from 'zod';
import { STEPS } from './enums.ts';
import { shopSettings } from './shop.ts';

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Cor inválida: use o formato #RRGGBB.');
/** A logo the shop's pages may show: one uploaded through the console, a generated one, or an https URL. */
const logoUrl = z
  .string()
  .max(500, 'Endereço do logo longo demais.')
  .regex(/^(\/media(\/[a-z0-9_-]+)+\.(svg|png)|https:\/\/[^\s"'<>]+)$/, 'Endereço do logo inválido.');
const text = (max: number, message: string) => z.string().trim().max(max, message);

export const settingsStyle = z
  .object({ defaultColor: colour, secondaryColor: colour, urlLogo: logoUrl.nullable() })
  .strict();

/** The shop's WhatsApp number as stored: 55, the area code and the number, digits only. */
export const shopWhatsApp = z
  .string()
  .regex(/^55\d{10,11}$/, 'Número de WhatsApp inválido: use (xx) xxxxx-xxxx.');

export const orderLimits = z
  .object({
    minOrderValueCents: z
      .number()
      .int('Valor mínimo inválido.')
      .min(0, 'O valor mínimo não pode ser negativo.')
      .max(100_000_000, 'Valor mínimo alto demais.')
      .nullable(),
    maxDistinctItems: z
      .number()
      .int('Informe um número inteiro.')
      .min(1, 'Informe ao menos 1 item.')
      .max(10_000, 'Número alto demais.')
      .nullable(),
    maxItems: z
      .number()
      .int('Informe um número inteiro.')
      .min(1, 'Informe ao menos 1 item.')
      .max(100_000, 'Número alto demais.')
      .nullable(),
    /** Hours a proposed order edit waits for the contact (decision 0053); absent in a body: unchanged. */
    orderEditExpiryHours: z
      .number('Informe o prazo em horas.')
      .int('Informe um número inteiro de horas.')
      .min(1, 'O prazo é de ao menos 1 hora.')
      .max(168, 'O prazo é de no máximo 168 horas (7 dias).')
      .optional(),
  })
  .strict();
export type OrderLimits = z.infer<typeof orderLimits>;

/**
 * What the console edits: the settings the storefront reads (`shopSettings`, so the flags are declared once),
 * with the fields that take free input narrowed to what a shop may save, each with its pt-BR message.
 */
export const editableSettings = shopSettings
  .omit({ shopId: true, slug: true, name: true, timeZone: true })
  .extend({
    style: settingsStyle,
    channelSettings: z
      .array(
        z
          .object({
            channelId: z.number().int().min(0, 'Canal inválido.').max(99, 'Canal inválido.'),
            style: settingsStyle,
          })
          .strict(),
      )
      .max(10, 'No máximo 10 canais.'),
    whatsApp: shopWhatsApp.nullable(),
    webCatalogCallbackMessage: text(500, 'Mensagem longa demais (até 500 caracteres).').nullable(),
    showCollections: z
      .array(
        z
          .object({
            providerId: z.string().trim().min(1, 'Informe o código da coleção.').max(100),
            name: z.string().trim().min(1, 'Informe o nome da coleção.').max(100),
          })
          .strict(),
      )
      .max(50, 'No máximo 50 coleções.'),
    steps: z.array(z.enum(STEPS as [string, ...string[]], 'Etapa inválida.')).max(STEPS.length),
    type: z.enum(['manual', 'standard'], 'Tipo inválido.'),
    payment: z.object({ usingExternalGateway: z.boolean() }).strict(),
    shippingRestrictionMessage: text(300, 'Mensagem longa demais (até 300 caracteres).').nullable(),
  })
  .strict();
export type EditableSettings = z.infer<typeof editableSettings>;

/** A rule across fields the schema does not express (the form and the server both check it). */
export type SettingsProblem = { path: (string | number)[]; message: string };

/** The steps start with Início and Catálogo, none repeated; each channel has at most one style. */
export function settingsProblems(settings: EditableSettings): SettingsProblem[] {
  const problems: SettingsProblem[] = [];
  const { steps, channelSettings } = settings;
  if (steps[0] !== 'Start' || steps[1] !== 'Catalog')
    problems.push({ path: ['steps'], message: 'As etapas começam em Início e Catálogo.' });
  else if (new Set(steps).size !== steps.length)
    problems.push({ path: ['steps'], message: 'Etapa repetida.' });
  const channels = channelSettings.map((c) => c.channelId);
  channels.forEach((id, index) => {
    if (channels.indexOf(id) !== index)
      problems.push({ path: ['channelSettings', index, 'channelId'], message: 'Canal repetido.' });
  });
  return problems;
}

/** `GET /api/console/shops/{shop}/collections`: the shop's collections the settings may show, in shop order. */
export const shopCollections = z.object({
  collections: z.array(z.object({ providerId: z.string(), name: z.string() })),
});
export type ShopCollections = z.infer<typeof shopCollections>;

/** `PUT /api/console/shops/{shop}/settings`. */
export const settingsBody = z.object({ settings: editableSettings, limits: orderLimits }).strict();
export type SettingsBody = z.infer<typeof settingsBody>;

/** `GET` and `PUT` answer: what is saved now. */
export const consoleSettings = settingsBody.extend({ slug: z.string(), name: z.string() });
export type ConsoleSettings = z.infer<typeof consoleSettings>;

/** Logo upload: PNG, JPEG or WebP, at most this many bytes before encoding. */
export const LOGO_MAX_BYTES = 150 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const logoUploadBody = z
  .object({
    contentType: z.enum(LOGO_TYPES, 'Envie uma imagem PNG, JPEG ou WebP.'),
    /** The file, base64. */
    data: z
      .string()
      .min(1, 'Arquivo vazio.')
      .max(Math.ceil(LOGO_MAX_BYTES / 3) * 4, 'Imagem grande demais (até 150 KB).')
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Arquivo inválido.'),
  })
  .strict();
export type LogoUploadBody = z.infer<typeof logoUploadBody>;
export const logoUploaded = z.object({ urlLogo: z.string() });

/** WCAG AA for normal text: below this the preview warns. */
export const MIN_TEXT_CONTRAST = 4.5;
