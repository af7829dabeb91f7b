import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { descriptionHtml, descriptionText } from './description-text.ts';

describe("the 'Descrição' cell as editable text (issue 38)", () => {
  const html =
    '<h3>Sobre o café</h3><p>Torra <strong>média</strong>, notas de <em>chocolate</em>.<br />Moído na hora.</p>' +
    '<ul><li>500 g</li><li>Grãos 100% arábica</li></ul><ol><li>Abra</li><li>Passe &amp; sirva</li></ol>' +
    '<blockquote><p>O melhor da serra</p></blockquote><p>Veja <a href="https://exemplo.com.br/cafe">a origem</a> &lt;já&gt;</p>';
  const text = [
    '### Sobre o café',
    'Torra **média**, notas de _chocolate_.\nMoído na hora.',
    '- 500 g\n- Grãos 100% arábica',
    '1. Abra\n2. Passe & sirva',
    '> O melhor da serra',
    'Veja [a origem](https://exemplo.com.br/cafe) <já>',
  ].join('\n\n');

  it('exports paragraphs, line breaks, lists, headings, quotes, marks and links as text, and reads them back', () => {
    expect(descriptionText(html)).toBe(text);
    expect(descriptionHtml(text)).toBe(html);
  });

  it("reads the editor's markup (b, i, links with their attributes) as the same text", () => {
    expect(
      descriptionText(
        '<p><b>Novo</b> e <i>fresco</i></p>\n<ul>\n<li>Um</li>\n<li>Dois</li>\n</ul>' +
          '<p><a href="https://a.com" target="_blank" rel="noopener">aqui</a></p>',
      ),
    ).toBe('**Novo** e _fresco_\n\n- Um\n- Dois\n\n[aqui](https://a.com)');
  });

  it('keeps words with underscores and a cell of HTML from an older export as they are', () => {
    expect(descriptionHtml('arquivo_final_2 e snake_case')).toBe('<p>arquivo_final_2 e snake_case</p>');
    expect(descriptionHtml('<p>Arroz <b>branco</b></p>')).toBe('<p>Arroz <b>branco</b></p>');
    expect(descriptionHtml('  \r\n ')).toBeNull();
    expect(descriptionText(null)).toBe('');
  });

  it('any text of paragraphs and lists the shop writes comes back the same after a save and an export', () => {
    // runs of spaces read as one, as in HTML: the words are separated by one
    const word = fc
      .array(fc.stringMatching(/^[A-Za-zÀ-ú0-9,.!?%$]{1,8}$/), { minLength: 1, maxLength: 4 })
      .map((words) => words.join(' '));
    const paragraph = fc.array(word, { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n'));
    const list = fc
      .tuple(fc.boolean(), fc.array(word, { minLength: 1, maxLength: 4 }))
      .map(([ordered, items]) => items.map((w, i) => `${ordered ? `${i + 1}.` : '-'} ${w}`).join('\n'));
    const block = fc.oneof(
      paragraph.filter((p) => !/^(- |\d+\. |#|> )/m.test(p)),
      list,
    );
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 5 }), (blocks) => {
        const written = blocks.join('\n\n');
        expect(descriptionText(descriptionHtml(written))).toBe(written);
      }),
      { numRuns: 300 },
    );
  });
});
