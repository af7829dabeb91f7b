/**
 * Server HTML (product descriptions) made safe with DOMPurify before it reaches the DOM (quality bar
 * "HTML": script payloads never run): no scripts, event handlers, styles, forms or frames; links open in a
 * new tab without opener; images without a real address are dropped. DOMPurify is ~11 KB gzip, so this module is only loaded on demand through
 * `<RichText>` (rich-text.tsx), when a text actually holds markup.
 */
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

const PURIFY_CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style', 'id', 'class'],
};

/** Image sources kept in descriptions: absolute http(s), protocol-relative or root-relative addresses. */
const IMAGE_SOURCE = /^(https?:)?\/\/|^\/[^/]/i;

let hooked = false;

/** Markup safe to inject into the page. */
export function sanitizeHtml(html: string): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      // A junk source ('x') would only show a broken image: drop the element.
      if (node.tagName === 'IMG' && !IMAGE_SOURCE.test(node.getAttribute('src') ?? '')) {
        node.remove();
        return;
      }
      if (node.tagName === 'A' && node.hasAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, PURIFY_CONFIG);
}

export interface SanitizedHtmlProps {
  html: string;
  className?: string;
}

export function SanitizedHtml({ html, className }: SanitizedHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
