/**
 * Modal dialog (spec §9: transition 300 ms, backdrop 150 ms).
 *
 * Accessibility: role="dialog" + aria-modal, labelled by its title; focus moves into the dialog on open,
 * Tab / Shift+Tab stay inside it, Escape closes it, and focus returns to the opener on close (or to what
 * `returnFocus` names).
 *
 *   <Modal open={open} onClose={() => setOpen(false)} title="Filtrar por categorias"
 *          footer={<button onClick={apply}>Filtrar</button>}>…</Modal>
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './modal.css';

/** Panel transition; the backdrop fades in 150 ms (see styles). */
export const MODAL_TRANSITION_MS = 300;

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

export interface ModalProps {
  open: boolean;
  /** Called on Escape, backdrop click and the close button. */
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Action buttons, right-aligned under the body. */
  footer?: ReactNode;
  /** 'sm' 400px · 'md' 560px (default) · 'lg' 800px; always full width on small screens. */
  size?: 'sm' | 'md' | 'lg';
  /** Clicking the backdrop closes the modal (default true). */
  closeOnBackdrop?: boolean;
  /** Hides the × button (for dialogs that must be answered through their actions). */
  hideCloseButton?: boolean;
  /** Shown at the end of the header (e.g. a labelled 'Fechar' button instead of the ×). */
  headerAction?: ReactNode;
  /**
   * Fills the screen's height with the header and footer fixed and only the body scrolling, so a long
   * body never pushes the way out (or the main action) off the first screen.
   */
  sheet?: boolean;
  /** Where focus goes when the modal closes (e.g. the field to fix); default: back to the opener. */
  returnFocus?: () => HTMLElement | null | undefined;
}

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[inert]') && element.getClientRects().length > 0,
  );
}

export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'md',
  closeOnBackdrop = true,
  hideCloseButton = false,
  headerAction,
  sheet = false,
  returnFocus,
}: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const returnFocusRef = useRef(returnFocus);
  useEffect(() => {
    returnFocusRef.current = returnFocus;
  });
  // mounted: in the DOM (stays during the closing transition) · shown: transitioned in.
  const [mounted, setMounted] = useState(open);
  const [shown, setShown] = useState(false);
  if (open && !mounted) setMounted(true);

  // Enter: two frames so the hidden state paints first. Exit: unmount after the transition.
  useEffect(() => {
    if (!mounted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        setShown(open);
        if (!open) timer = setTimeout(() => setMounted(false), MODAL_TRANSITION_MS);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [open, mounted]);

  // Focus in on open, back to the opener on close; the page behind does not scroll meanwhile.
  useEffect(() => {
    if (!open || !mounted) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    if (panel) (focusables(panel).find((el) => !el.classList.contains('modal__close')) ?? panel).focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      const target = returnFocusRef.current?.() ?? opener;
      if (target?.isConnected) target.focus();
    };
  }, [open, mounted]);

  if (!mounted) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = focusables(panelRef.current);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className={`modal${shown ? ' modal--shown' : ''}`} onKeyDown={onKeyDown}>
      <div
        className="modal__backdrop"
        aria-hidden="true"
        onClick={closeOnBackdrop && open ? onClose : undefined}
      />
      <div
        ref={panelRef}
        className={`modal__panel modal__panel--${size}${sheet ? ' modal__panel--sheet' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {headerAction}
          {!hideCloseButton && (
            <button type="button" className="modal__close" aria-label="Fechar" onClick={onClose}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z"
                />
              </svg>
            </button>
          )}
        </header>
        {children !== undefined && <div className="modal__body">{children}</div>}
        {footer !== undefined && <footer className="modal__footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
