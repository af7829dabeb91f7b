/**
 * Shop colours as CSS variables: --primary / --secondary from the shop style, --on-primary / --on-secondary
 * the text colour (near-black or white, whichever contrasts more). Shared by the web app (applied at run time)
 * and the server's first view (written into the HTML), so both paint the same colours.
 */
import type { ShopStyle } from './shop.ts';

const HEX = /^#([0-9a-f]{6})$/i;
const DARK_TEXT = '#111418';
const LIGHT_TEXT = '#ffffff';

/** The colour normalised to `#rrggbb` lower case, or null when it is not a 6-digit hex colour. */
export function normaliseHex(color: string | null | undefined): string | null {
  const match = HEX.exec(color?.trim() ?? '');
  return match ? `#${match[1]!.toLowerCase()}` : null;
}

/** WCAG 2 relative luminance of a `#rrggbb` colour (0 = black, 1 = white). */
export function relativeLuminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * channels[0]! + 0.7152 * channels[1]! + 0.0722 * channels[2]!;
}

/** WCAG contrast ratio between two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Text colour (dark or white) with the higher contrast on `background`. */
export function readableTextColor(background: string): string {
  return contrastRatio(background, DARK_TEXT) >= contrastRatio(background, LIGHT_TEXT)
    ? DARK_TEXT
    : LIGHT_TEXT;
}

export interface ThemeVariables {
  '--primary'?: string;
  '--on-primary'?: string;
  '--secondary'?: string;
  '--on-secondary'?: string;
}

/** CSS variables for a shop style; invalid colours are left out (the stylesheet defaults apply). */
export function themeVariables(style: Pick<ShopStyle, 'defaultColor' | 'secondaryColor'>): ThemeVariables {
  const vars: ThemeVariables = {};
  const primary = normaliseHex(style.defaultColor);
  const secondary = normaliseHex(style.secondaryColor);
  if (primary) {
    vars['--primary'] = primary;
    vars['--on-primary'] = readableTextColor(primary);
  }
  if (secondary) {
    vars['--secondary'] = secondary;
    vars['--on-secondary'] = readableTextColor(secondary);
  }
  return vars;
}
