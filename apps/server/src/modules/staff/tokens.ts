/** One-time link tokens and session tokens: 256 random bits, kept only as their SHA-256. */
import { createHash, createHmac, randomBytes } from 'node:crypto';

export const newLinkToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The CSRF token of a console session: an HMAC of its session token, so only a page that read `/me` has it. */
export function csrfTokenOf(sessionToken: string, secret: string): string {
  return createHmac('sha256', `console-csrf:${secret}`).update(sessionToken).digest('base64url');
}

/** Console pages that take a token: the token travels in the fragment, never to a server log. */
export type LinkPage = 'convite' | 'redefinir-senha' | 'entrar-com-link';
export const consoleLinkUrl = (publicUrl: string, page: LinkPage, token: string) =>
  `${publicUrl}/console/${page}#${token}`;
