import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contrastRatio, normaliseHex, readableTextColor, relativeLuminance, themeVariables } from './theme';

describe('theme', () => {
  it('normalises valid hex colours and rejects anything else', () => {
    expect(normaliseHex(' #A1B2C3 ')).toBe('#a1b2c3');
    expect(normaliseHex('#abc')).toBeNull();
    expect(normaliseHex('red; background: url(x)')).toBeNull();
    expect(normaliseHex(null)).toBeNull();
  });

  it('computes WCAG luminance and contrast', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
  });

  it('picks white text on dark colours and dark text on light ones', () => {
    expect(readableTextColor('#1f2937')).toBe('#ffffff');
    expect(readableTextColor('#0b5ed7')).toBe('#ffffff');
    expect(readableTextColor('#ffd600')).toBe('#111418');
    expect(readableTextColor('#f5f5f5')).toBe('#111418');
  });

  it('builds the CSS variables of a style, skipping invalid colours', () => {
    expect(themeVariables({ defaultColor: '#25D366', secondaryColor: 'oops' })).toEqual({
      '--primary': '#25d366',
      '--on-primary': '#111418',
    });
  });
});

describe('theme and design tokens', () => {
  it('uses the default --on-primary / --on-secondary token colours as its white and dark text', () => {
    const css = readFileSync(fileURLToPath(new URL('../styles/tokens.css', import.meta.url)), 'utf8');
    const token = (name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(css)?.[1];
    expect(readableTextColor('#000000')).toBe(token('--on-primary'));
    expect(readableTextColor('#ffffff')).toBe(token('--on-secondary'));
  });
});
