/**
 * One of the product editor's secondary sections (variants, stock, highlights, specifications, subscription),
 * folded on a phone so the page opens on what every product needs — name, prices, photos — and each fold says
 * what it holds (issue 38, item 11). Open on a wider screen. A fold holding a field the form refuses is opened by
 * `openInvalidFolds` before that field takes the focus; a link to the editor ending in the fold's `id`
 * ('#estoque', from the low-stock lists) opens that fold and scrolls to it.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** The phone's width (the console's one-column layout). */
const PHONE = '(max-width: 640px)';

export function EditorFold({
  id,
  title,
  note,
  children,
}: {
  id?: string;
  title: string;
  note?: string;
  children: ReactNode;
}) {
  const [linked] = useState(() => id !== undefined && location.hash === `#${id}`);
  const [folded] = useState(() => typeof matchMedia !== 'undefined' && matchMedia(PHONE).matches);
  const fold = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (linked) fold.current?.scrollIntoView({ block: 'start' });
  }, [linked]);
  return (
    <details ref={fold} id={id} className="console-card editor-fold" open={linked || !folded}>
      <summary className="editor-fold__summary">
        <span className="editor-fold__title">{title}</span>
        {note && <span className="console-muted editor-fold__note">{note}</span>}
      </summary>
      {children}
    </details>
  );
}

/** Opens every fold holding a refused field, then puts the focus on the first such field. */
export function openInvalidFolds() {
  const invalid = [...document.querySelectorAll<HTMLElement>('[aria-invalid="true"]')];
  for (const field of invalid) {
    const fold = field.closest('details');
    if (fold) fold.open = true;
  }
  invalid[0]?.focus();
}

/** What a fold holds: '1 destaque', '3 destaques', or `none` ('nenhum'). */
export const countNote = (count: number, one: string, many: string, none = 'nenhum') =>
  count === 0 ? none : `${count} ${count === 1 ? one : many}`;
