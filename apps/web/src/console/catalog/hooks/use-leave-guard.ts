/**
 * Unsaved changes are not lost by leaving: while `dirty`, closing or reloading the tab asks the browser's
 * question, and a click on a link of the console is held until the person confirms (`leave`) or stays.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';

export function useLeaveGuard(dirty: boolean) {
  const [, navigate] = useLocation();
  const [heldTo, setHeldTo] = useState<string | null>(null);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    const hold = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank') return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      event.stopPropagation();
      setHeldTo(url.pathname + url.search);
    };
    window.addEventListener('beforeunload', warn);
    document.addEventListener('click', hold, true);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('click', hold, true);
    };
  }, [dirty]);
  return {
    heldTo,
    stay: () => setHeldTo(null),
    leave: () => {
      const to = heldTo;
      setHeldTo(null);
      if (to) navigate(to);
    },
  };
}
