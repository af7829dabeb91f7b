/**
 * A product description's rich text as the shop may store it: the formatting the console's editor produces
 * (paragraphs, emphasis, lists, headings, links), nothing that runs or loads (scripts, styles, frames, images,
 * event attributes, `javascript:` links). Applied on save; the storefront sanitises again on display.
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'a',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};

/** The description kept: sanitised HTML, or null when nothing readable is left. */
export function sanitizeDescription(html: string | null): string | null {
  if (html === null) return null;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  return clean === '' ? null : clean;
}
