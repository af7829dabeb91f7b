/**
 * The one rule for an image's address (issue 39, item 5), on every path that stores one — the product editor's
 * variant photo, the spreadsheet import's 'Imagens' and 'Imagem da variação', Tray's import: an `https:` address
 * (no user or password in it, no spaces, at most 2,000 characters), or a file this server serves under
 * `/media/` (uploaded photos, logos). Anything else — `javascript:`, `data:`, `http:`, a file name — is refused
 * with a pt-BR message (or, from Tray, left out).
 */
import { z } from 'zod';

export const IMAGE_URL_MAX = 2000;
/** A file this server serves: `/media/<folder>/<file>`, no `..`, a plain query (the demo's `?bg=…&fg=…`). */
const OWN_MEDIA = /^\/media\/[a-z0-9-]+\/[A-Za-z0-9][A-Za-z0-9._-]*(\?[A-Za-z0-9=&._-]*)?$/;

/** Why `url` is not an image address we store (pt-BR), or null when it is one. */
export function imageUrlProblem(url: string): string | null {
  if (OWN_MEDIA.test(url) && !url.includes('..')) return null;
  const refused = `'${url.slice(0, 80)}' não é um endereço de imagem válido: use https:// ou uma foto enviada no editor.`;
  if (url.length > IMAGE_URL_MAX || /\s/.test(url)) return refused;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refused;
  }
  return parsed.protocol === 'https:' && !parsed.username && !parsed.password && parsed.hostname
    ? null
    : refused;
}

export const isImageUrl = (url: string) => imageUrlProblem(url) === null;

/** An image address in a contract: trimmed, then held to `imageUrlProblem`. */
export const imageUrl = z
  .string()
  .trim()
  .superRefine((url, ctx) => {
    const problem = imageUrlProblem(url);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
