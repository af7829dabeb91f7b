/**
 * Shop theming: the shop's colours become CSS variables on the document root.
 *
 * --primary / --secondary come from the shop style; --on-primary / --on-secondary are the text colours
 * (near-black or white, whichever contrasts more) so themed buttons stay readable whatever the shop picks.
 */
import type { ShopStyle } from '@vitrine/contracts/shop';
import { themeVariables } from '@vitrine/contracts/theme';

export {
  contrastRatio,
  normaliseHex,
  readableTextColor,
  relativeLuminance,
  themeVariables,
  type ThemeVariables,
} from '@vitrine/contracts/theme';

/** Applies a shop style to the page: CSS variables on <html> and the browser's theme-color. */
export function applyShopStyle(style: ShopStyle, doc: Document = document): void {
  const vars = themeVariables(style);
  for (const [name, value] of Object.entries(vars)) doc.documentElement.style.setProperty(name, value);
  const primary = vars['--primary'];
  if (primary) doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', primary);
}
