import { z } from 'zod';
import { CHANNEL_BY_NAME } from './enums.ts';
import { address, customer } from './contact.ts';
import { order } from './order.ts';

export const sessionCodeParam = z.object({
  code: z.string().min(1).max(200, 'Código de sessão inválido'),
});

/** Response of `GET /api/session/{code}` (spec §3 Session). */
export const session = z.object({
  code: z.string(),
  userId: z.string(),
  sessionType: z.number().int(),
  channelId: z.string(),
  channelType: z.number().int(),
  expiresAt: z.string(),
  userShop: z.object({
    id: z.string(),
    shopId: z.string(),
    channelId: z.string(),
    customer,
    addresses: z.array(address),
    currentOrder: order.nullable(),
  }),
});
export type Session = z.infer<typeof session>;

/** Body of `POST /api/platform/sessions`. */
export const createSessionBody = z
  .object({
    shop: z.string().min(1).max(80),
    sessionType: z.enum(['contact', 'agent']),
    channelType: z.enum(Object.keys(CHANNEL_BY_NAME) as [keyof typeof CHANNEL_BY_NAME]),
    contact: z
      .object({
        name: z.string().trim().min(1).max(120),
        phone: z
          .string()
          .trim()
          .regex(/^\+?[0-9 ()-]{8,20}$/, 'Telefone inválido'),
      })
      .strict(),
    agent: z
      .object({ name: z.string().trim().min(1).max(120) })
      .strict()
      .optional(),
  })
  .strict();
export type CreateSessionBody = z.infer<typeof createSessionBody>;

export const createdSession = z.object({ code: z.string(), url: z.string(), expiresAt: z.string() });
