/**
 * The first server error of a section (logistics, stores, sellers; spec §8): line breaks kept (a carriage
 * return becomes <br>), shown as sanitised HTML. DOMPurify loads only when a note is shown.
 */
import { lazy, Suspense } from 'react';

const SanitizedHtml = lazy(() =>
  import('../../../components/sanitized-html').then((module) => ({ default: module.SanitizedHtml })),
);

/** Server text → markup with its line breaks as <br> (the markup is sanitised before it is shown). */
export function lineBreaksToHtml(text: string): string {
  return text.replace(/\r\n|\r|\n/g, '<br>');
}

export function ServerNote({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="checkout-note checkout-note--error" role="alert">
      <Suspense fallback={<p>{message}</p>}>
        <SanitizedHtml html={lineBreaksToHtml(message)} />
      </Suspense>
    </div>
  );
}
