/**
 * Rich text from the server (product descriptions): HTML is rendered through DOMPurify (sanitized-html.tsx,
 * loaded only when a text holds markup, so pages without HTML never download it); plain text keeps its line
 * breaks. While the sanitiser loads, the text shows without its tags (as React text: nothing is injected).
 *
 *   <RichText text={product.description} className="product__description" />
 */
import { lazy, Suspense } from 'react';

const SanitizedHtml = lazy(() =>
  import('./sanitized-html').then((module) => ({ default: module.SanitizedHtml })),
);

/** Whether `text` carries markup (an HTML tag); otherwise it is shown as plain text. */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z][\w-]*(\s[^>]*)?\/?>/i.test(text);
}

/** The text of some markup for a placeholder: tags (and script/style bodies) dropped, spaces collapsed. */
export function stripTags(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface RichTextProps {
  text: string;
  className?: string;
}

function PlainText({ text, className }: RichTextProps) {
  return (
    <div className={className}>
      <p style={{ whiteSpace: 'pre-line' }}>{text}</p>
    </div>
  );
}

/** HTML (sanitised) or plain text with its line breaks, whichever `text` is. */
export function RichText({ text, className }: RichTextProps) {
  if (!looksLikeHtml(text)) return <PlainText text={text} className={className} />;
  return (
    <Suspense fallback={<PlainText text={stripTags(text)} className={className} />}>
      <SanitizedHtml html={text} className={className} />
    </Suspense>
  );
}
