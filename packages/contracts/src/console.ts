/**
 * Shop console contracts (issue 16): staff sign-in, team, onboarding and checklist. The console's forms and
 * the server's routes validate with these same schemas.
 */
import { z } from 'zod';

import { STAFF_ROLES } from './console-roles.ts';
import { isTimeZone } from './shop-time.ts';

export { ROLE_LABELS, ROLE_RANK, STAFF_ROLES, type StaffRole } from './console-roles.ts';
export const staffRole = z.enum(STAFF_ROLES);

export const staffEmail = z
  .string()
  .trim()
  .max(254, 'E-mail longo demais')
  .email('Informe um e-mail válido')
  .transform((v) => v.toLowerCase());
/**
 * A new console password (issue 39, OWASP ASVS 2.1): at least 12 characters, any characters, no composition
 * rules; a password set before this rule still signs in (`signInBody` takes any).
 */
export const STAFF_PASSWORD_MIN = 12;
export const staffPassword = z
  .string()
  .min(STAFF_PASSWORD_MIN, `A senha deve ter pelo menos ${STAFF_PASSWORD_MIN} caracteres`)
  .max(200, 'A senha deve ter no máximo 200 caracteres');
export const staffName = z
  .string()
  .trim()
  .min(1, 'Informe o nome')
  .max(120, 'O nome deve ter no máximo 120 caracteres');
/** A one-time token from a link (invitation, password reset, sign-in link): 43 base64url characters. */
export const linkToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Link inválido');
export const shopSlug = z
  .string()
  .regex(/^[a-z0-9-]{2,60}$/, 'Use de 2 a 60 letras minúsculas, números ou hífens');

export const signInBody = z.object({ email: staffEmail, password: z.string().min(1).max(200) }).strict();
export const forgotPasswordBody = z.object({ email: staffEmail }).strict();
export const resetPasswordBody = z.object({ token: linkToken, password: staffPassword }).strict();
export const linkSignInBody = z.object({ token: linkToken }).strict();

/** A shop of the signed-in user; `timeZone` (IANA) is the one the console shows its dates in (decision 0043). */
export const staffShop = z.object({
  slug: z.string(),
  name: z.string(),
  timeZone: z.string(),
  role: staffRole,
});
export type StaffShop = z.infer<typeof staffShop>;
/** `GET /api/console/me`: the signed-in user, their shops and the CSRF token for unsafe calls. */
export const consoleMe = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  shops: z.array(staffShop),
  csrfToken: z.string(),
});
export type ConsoleMe = z.infer<typeof consoleMe>;

export const inviteBody = z.object({ email: staffEmail, role: staffRole }).strict();
export const acceptInvitationBody = z
  // An existing account proves itself with its password, whatever its length; a new one is held to staffPassword.
  .object({ token: linkToken, name: staffName.optional(), password: z.string().min(1).max(200).optional() })
  .strict();
export const invitationPreview = z.object({
  shop: z.object({ slug: z.string(), name: z.string() }),
  email: z.string(),
  role: staffRole,
  /** The e-mail already has an account: accept by signing in (password) instead of creating one. */
  existingAccount: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;
export const changeRoleBody = z.object({ role: staffRole }).strict();

export const teamMember = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: staffRole,
  since: z.string(),
});
export type TeamMember = z.infer<typeof teamMember>;
export const pendingInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: staffRole,
  expiresAt: z.string(),
});
export const team = z.object({ members: z.array(teamMember), invitations: z.array(pendingInvitation) });
export type Team = z.infer<typeof team>;

export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = z.object({ entries: z.array(auditEntry), nextBefore: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPage>;

export const CHECKLIST_ITEMS = ['style', 'products', 'logistics', 'payment', 'whatsApp'] as const;
export const CHECKLIST_LABELS: Record<(typeof CHECKLIST_ITEMS)[number], string> = {
  style: 'Logo e cores da loja',
  products: 'Pelo menos um produto',
  logistics: 'Uma opção de entrega ou retirada',
  payment: 'Uma forma de pagamento',
  whatsApp: 'O número de WhatsApp da loja',
};
export const checklist = z.object({
  shop: z.object({ slug: z.string(), name: z.string() }),
  items: z.array(z.object({ key: z.enum(CHECKLIST_ITEMS), done: z.boolean() })),
  customerLink: z.string(),
});
export type Checklist = z.infer<typeof checklist>;
export const agentLink = z.object({ url: z.string(), expiresAt: z.string() });

/** `POST /api/platform/shops`: a new shop and its owner's invitation. */
export const createShopBody = z
  .object({
    slug: shopSlug,
    name: z.string().trim().min(2, 'Informe o nome da loja').max(120),
    owner: z.object({ email: staffEmail, name: staffName }).strict(),
    /** The shop's IANA time zone (default America/Sao_Paulo): its days, cut-offs and dates are read in it. */
    timeZone: z
      .string()
      .max(60)
      .refine(isTimeZone, 'Fuso horário desconhecido: use um nome IANA, como America/Manaus.')
      .optional(),
    settings: z
      .object({
        whatsApp: z
          .string()
          .regex(/^55\d{10,11}$/, 'WhatsApp com DDI 55, DDD e número, só dígitos')
          .optional(),
        defaultColor: z
          .string()
          .regex(/^#[0-9a-fA-F]{6}$/)
          .optional(),
        secondaryColor: z
          .string()
          .regex(/^#[0-9a-fA-F]{6}$/)
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type CreateShopBody = z.infer<typeof createShopBody>;
export const createdShop = z.object({
  shop: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  invitationUrl: z.string(),
  expiresAt: z.string(),
});
export const consoleLinkBody = z.object({ email: staffEmail }).strict();
export const consoleLink = z.object({ url: z.string(), expiresAt: z.string() });
