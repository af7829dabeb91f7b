import { useState } from 'react';

/** The fragment read by the page's first render, kept for a render React throws away before it shows it. */
let taken: { path: string; value: string } | null = null;

/**
 * The token of a console link (`/console/convite#<token>`): read once from the fragment, which is then removed
 * from the address bar and history, so the link is not left on the screen or in a shared URL. A first render that
 * suspends (a lazy part still loading on a slow phone) is discarded and the page renders again from nothing: that
 * render finds the fragment gone and takes the token the first one read for the same page.
 */
export function useLinkToken(): string | null {
  const [token] = useState(() => {
    const { hash, pathname, search } = window.location;
    if (hash.length > 1) {
      taken = { path: pathname, value: hash.slice(1) };
      window.history.replaceState(null, '', pathname + search);
    }
    const value = taken?.path === pathname ? taken.value : '';
    return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
  });
  return token;
}
