import { useState } from 'react';

/**
 * The token of a console link (`/console/convite#<token>`): read once from the fragment, which is then removed
 * from the address bar and history, so the link is not left on the screen or in a shared URL.
 */
export function useLinkToken(): string | null {
  const [token] = useState(() => {
    const value = window.location.hash.slice(1);
    if (value) window.history.replaceState(null, '', window.location.pathname + window.location.search);
    return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
  });
  return token;
}
