import { describe, expect, it } from 'vitest';
import { looksLikeHtml, stripTags } from './rich-text';

describe('rich text', () => {
  it('tells markup from plain text', () => {
    expect(looksLikeHtml('<p>Café <strong>forte</strong></p>')).toBe(true);
    expect(looksLikeHtml('Leite <img src=x onerror=alert(1)>')).toBe(true);
    expect(looksLikeHtml('Preço < 10 e > 5\nSegunda linha')).toBe(false);
    expect(looksLikeHtml('Banana prata, 3 a 4 unidades')).toBe(false);
  });

  it('strips tags and script bodies for the placeholder', () => {
    expect(
      stripTags('<p>Bisnaguinhas macias.</p><script>alert(1)</script><img src=x onerror=alert(1)>'),
    ).toBe('Bisnaguinhas macias.');
  });
});
