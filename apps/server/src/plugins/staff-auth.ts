/**
 * Console sign-in (docs/decisions/0017-shop-console.md): the session cookie (httpOnly, SameSite=Lax, `__Host-`
 * and Secure on https) is resolved on `/api/console/` requests; `requireStaff` is the one guard of every console
 * route — no session → 401, unsafe method without the CSRF header → 403, not on the shop's team → 404 (the shop
 * is not revealed), a role below the route's → 403.
 */
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ROLE_RANK, type StaffRole } from '@vitrine/contracts/console';
import { AppError } from '../lib/app-error.ts';
import {
  membershipIn,
  resolveStaffSession,
  type IssuedStaffSession,
  csrfTokenOf,
} from '../modules/staff/service.ts';

export type StaffSession = {
  sessionId: string;
  userId: string;
  email: string;
  name: string;
  csrfToken: string;
};
export type StaffShopAccess = StaffSession & {
  /** The shop the route names; `timeZone` is its IANA zone, the one its dates are read in (decision 0043). */
  shop: { id: string; slug: string; name: string; timeZone: string };
  role: StaffRole;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The console session of the cookie, on `/api/console/` requests. */
    staff: StaffSession | null;
    /** A cookie was sent but its session is gone (expired or signed out). */
    staffExpired: boolean;
  }
}

export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const staffCookieName = (publicUrl: string) =>
  publicUrl.startsWith('https://') ? '__Host-vitrine_console' : 'vitrine_console';

export async function registerStaffAuth(app: FastifyInstance) {
  await app.register(cookie);
  app.decorateRequest('staff', null);
  app.decorateRequest('staffExpired', false);
  const name = staffCookieName(app.config.publicUrl);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/console/')) return;
    const token = request.cookies[name];
    if (!token) return;
    const session = TOKEN.test(token) ? await resolveStaffSession(app.db, app.config.staff, token) : null;
    if (!session) {
      request.staffExpired = true;
      clearStaffCookie(app, reply);
      return;
    }
    request.staff = {
      sessionId: session.id,
      userId: session.user_id,
      email: session.email,
      name: session.name,
      csrfToken: csrfTokenOf(token, app.config.platformApiKey),
    };
  });
}

/** Puts a new console session in the cookie. */
export function setStaffCookie(app: FastifyInstance, reply: FastifyReply, session: IssuedStaffSession) {
  reply.setCookie(staffCookieName(app.config.publicUrl), session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.publicUrl.startsWith('https://'),
    path: '/',
    expires: session.expiresAt,
  });
}

export function clearStaffCookie(app: FastifyInstance, reply: FastifyReply) {
  reply.clearCookie(staffCookieName(app.config.publicUrl), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.publicUrl.startsWith('https://'),
  });
}

/**
 * The one console guard. Without `role`: any signed-in staff user. With `role`: the user must be on the team of
 * the shop named by the route's `shop` parameter with at least that role.
 */
export async function requireStaff(request: FastifyRequest): Promise<StaffSession>;
export async function requireStaff(request: FastifyRequest, role: StaffRole): Promise<StaffShopAccess>;
export async function requireStaff(request: FastifyRequest, role?: StaffRole) {
  const staff = request.staff;
  if (!staff)
    throw new AppError(
      'unauthorized',
      request.staffExpired ? 'consoleSessionExpired' : 'consoleSignInRequired',
    );
  if (!SAFE_METHODS.has(request.method) && request.headers[CSRF_HEADER] !== staff.csrfToken)
    throw new AppError('forbidden', 'consoleCsrfInvalid');
  if (!role) return staff;
  const slug = (request.params as { shop?: string } | undefined)?.shop ?? '';
  const membership = await membershipIn(request.server.db, staff.userId, slug);
  if (!membership) throw new AppError('notFound', 'consoleShopNotFound');
  if (ROLE_RANK[membership.role] < ROLE_RANK[role]) throw new AppError('forbidden', 'consoleRoleTooLow');
  const { shopId, role: held, ...shop } = membership;
  return { ...staff, shop: { id: shopId, ...shop }, role: held };
}
