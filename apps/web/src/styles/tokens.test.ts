/**
 * Colours only from the design tokens: no colour literal (hex, rgb(), hsl(), a colour keyword) in any stylesheet
 * or script under src except styles/tokens.css and lib/theme.ts (which computes the readable text colour of a
 * shop colour; lib/theme.test.ts checks its two colours are the tokens'). index.html's critical CSS, painted before
 * any stylesheet, may only repeat token values.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('..', import.meta.url));
const ALLOWED = new Set(['styles/tokens.css', 'lib/theme.ts']);
const KEYWORDS = 'white|black|red|green|blue|gray|grey|orange|yellow|purple|pink|brown|silver|navy|teal';
const LITERAL = new RegExp(`#[0-9a-f]{3,8}\\b|\\b(?:rgba?|hsla?)\\(|:\\s*(?:${KEYWORDS})\\b`, 'gi');

/** The colour literals of a text (CSS or code), as written. */
function colourLiterals(text: string): string[] {
  return [...text.matchAll(LITERAL)].map((match) => match[0]);
}

/** Token name → value, from the :root block of tokens.css. */
function tokens(): Map<string, string> {
  const css = readFileSync(join(src, 'styles/tokens.css'), 'utf8');
  return new Map([...css.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

describe('design tokens', () => {
  it('finds the literals it looks for', () => {
    expect(colourLiterals('a { color: #FFF; border: 1px solid rgb(0 0 0 / 5%); fill: white }')).toEqual([
      '#FFF',
      'rgb(',
      ': white',
    ]);
    expect(colourLiterals('a { color: var(--text); white-space: nowrap } #main-title {}')).toEqual([]);
  });

  it('has no colour literal outside the tokens file', () => {
    const offenders = walk(src)
      .filter((file) => /\.(css|tsx?)$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => relative(src, file).replaceAll('\\', '/'))
      .filter((file) => !ALLOWED.has(file))
      .flatMap((file) => colourLiterals(readFileSync(join(src, file), 'utf8')).map((c) => `${file}: ${c}`));
    expect(offenders).toEqual([]);
  });

  it('index.html paints its frame with token values only (plus the boot bar text)', () => {
    const html = readFileSync(join(src, '../index.html'), 'utf8');
    const values = new Set([...tokens().values()].map((value) => value.toLowerCase()));
    const short = (hex: string) =>
      hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
    const colours = [...html.matchAll(/#[0-9a-f]{3,6}\b/gi)].map((m) => short(m[0].toLowerCase()));
    expect(colours.length).toBeGreaterThan(0);
    // '#5b6470' is the 'Carregando…' text of the boot bar, which exists only until the bundle runs.
    expect(colours.filter((colour) => !values.has(colour) && colour !== '#5b6470')).toEqual([]);
    expect(html).toContain(`name="theme-color" content="${tokens().get('--primary')}"`);
  });
});
