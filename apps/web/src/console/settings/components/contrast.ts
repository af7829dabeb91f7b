/** Colour helpers of the settings page: the storefront's own theme variables and the WCAG contrast warning. */
import { MIN_TEXT_CONTRAST } from '@vitrine/contracts/console-settings';
import {
  contrastRatio as ratio,
  normaliseHex,
  readableTextColor,
  themeVariables,
} from '@vitrine/contracts/theme';

export { themeVariables };
export const MIN_TEXT_CONTRAST_HINT = `mínimo recomendado ${MIN_TEXT_CONTRAST}:1`;

/** Contrast between the colour and the text the storefront writes on it (dark or white). */
export function contrastRatio(colour: string): number {
  const hex = normaliseHex(colour);
  return hex ? ratio(hex, readableTextColor(hex)) : 21;
}

/** The warning shown under a colour field when text on it would be hard to read, else null. */
export function contrastWarning(colour: string): string | null {
  const value = contrastRatio(colour);
  return value < MIN_TEXT_CONTRAST
    ? `Contraste baixo (${value.toFixed(1)}:1): o texto sobre esta cor fica difícil de ler.`
    : null;
}
