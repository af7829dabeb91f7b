import { z } from 'zod';

/**
 * Tray link contracts (spec §2 "Tray authorization", §3 Tray link payload, §7 `/tray/link-store`).
 * The chatbot id is the shop (slug or id); the chatbot token is the shop's chatbot secret.
 */

/**
 * What the callback page sends as `chatbotToken` when the store is already linked and the page shows the
 * token masked: the server then accepts the link only for the same shop, and only if Tray's answer to the
 * new code is for that same store (re-authorization). Real tokens never contain '*'.
 */
export const TRAY_MASKED_TOKEN = '********';

const field = (max: number) => z.string().trim().max(max);

/** Body of `POST /tray/link-store`: the callback's query parameters plus the chatbot credentials. */
export const trayLinkBody = z
  .object({
    admUser: field(200),
    code: field(500).min(1, 'Código de autorização ausente'),
    apiAddress: field(500).min(1, 'Endereço da API ausente'),
    storeHost: field(500),
    store: field(200),
    chatbotId: field(120).min(1, 'Informe o ID do chatbot'),
    chatbotToken: z.string().min(1, 'Informe o token do chatbot').max(500),
  })
  .strict();
export type TrayLinkBody = z.infer<typeof trayLinkBody>;

export const trayStoreParam = z.object({ store: z.string().trim().min(1).max(200) });

/**
 * Query of the callback page's public calls (`GET /tray/link-store/{store}` and its import status): the
 * callback's `api_address`; the server answers only for a store linked with that address.
 */
export const trayCallbackQuery = z.object({ apiAddress: z.string().trim().min(1).max(500) });

export const trayImportState = z.enum(['queued', 'running', 'done', 'failed']);
export type TrayImportState = z.infer<typeof trayImportState>;

/** Progress of the latest catalogue import of a linked store. */
export const trayImportStatus = z.object({
  jobId: z.string(),
  status: trayImportState,
  phase: z.enum(['categories', 'products', 'finalize']),
  productsDone: z.number().int(),
  productsTotal: z.number().int().nullable(),
  /** Products left out because Tray sent them malformed, and the first of their ids (the rest imported). */
  productsSkipped: z.number().int(),
  skippedProductIds: z.array(z.string()),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /**
   * pt-BR reason of the last failure (the job may still be retried while status is 'queued'); on a 'done'
   * import that left products out, the summary of them.
   */
  errorMessage: z.string().nullable(),
});
export type TrayImportStatus = z.infer<typeof trayImportStatus>;

/** Response of `POST /tray/link-store` (never carries any token). */
export const trayLinkResult = z.object({
  chatbotId: z.string(),
  store: z.string(),
  importStatus: trayImportStatus,
});
export type TrayLinkResult = z.infer<typeof trayLinkResult>;

/**
 * Response of `GET /tray/link-store/{store}`: the chatbot (shop slug) the store is linked to, and what the
 * page shows (and sends back) in place of the token: TRAY_MASKED_TOKEN (kept here so the page needs no zod).
 * Nothing else: no token, store id, address or link status.
 */
export const trayLinkedChatbot = z.object({
  chatbotId: z.string(),
  maskedToken: z.string(),
});
export type TrayLinkedChatbot = z.infer<typeof trayLinkedChatbot>;

/** Response of `GET /api/tray/config`: what the register page needs to build the authorization address. */
export const trayPublicConfig = z.object({
  consumerKey: z.string().nullable(),
  callbackUrl: z.string(),
});
export type TrayPublicConfig = z.infer<typeof trayPublicConfig>;

/** Response of `GET /api/tray/import/status` (agent session): the session shop's link and last import. */
export const trayShopStatus = z.object({
  linked: z.boolean(),
  store: z.string().nullable(),
  storeHost: z.string().nullable(),
  linkStatus: z.enum(['active', 'reauthorize']).nullable(),
  lastImport: trayImportStatus.nullable(),
  /** Requests made to the store today against Tray's daily limit; `message` says so once 80 % is used. */
  dailyBudget: z
    .object({
      used: z.number().int(),
      limit: z.number().int(),
      low: z.boolean(),
      message: z.string().nullable(),
    })
    .nullable(),
});
export type TrayShopStatus = z.infer<typeof trayShopStatus>;

/** Body of `POST /api/platform/chatbot-tokens` (platform key): issue a new chatbot token for a shop. */
export const chatbotTokenBody = z.object({ shop: z.string().trim().min(1).max(80) }).strict();
export const chatbotTokenResult = z.object({ chatbotId: z.string(), token: z.string() });
