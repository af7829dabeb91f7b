/**
 * The 'Descrição' cell as text a spreadsheet user edits (issue 38, decision 0033), not the stored HTML. The round
 * trip: paragraphs are separated by a blank line and a line break is a new line; '- ' starts an item of a list and
 * '1. ' one of a numbered list; '## ', '### ' and '#### ' start a heading and '> ' a quote; **negrito**, _itálico_
 * and [texto](https://endereço) mark words. Reading that text back gives the same HTML for everything written this
 * way; underline and strike-through are kept as their words. A cell that already holds the markup (a sheet exported
 * before this format) is read as HTML. Pure: the server sanitises the HTML on save.
 */

const BLOCKS = new Set(['p', 'h2', 'h3', 'h4', 'blockquote', 'ul', 'ol', 'li']);
const HTML_CELL = /<\/?(p|br|ul|ol|li|strong|b|em|i|u|s|h[2-4]|blockquote|a)\b[^>]*>/i;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e]!);
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The stored description's HTML as the cell's text ('' for none). */
export function descriptionText(html: string | null): string {
  if (!html) return '';
  const blocks: string[] = [];
  const lists: { ordered: boolean; n: number }[] = [];
  let listed: object | null = null; // the list the last block was an item of: its items go on the lines after
  let line = '';
  let prefix = '';
  let quote = false;
  let href: string | null = null;
  const flush = () => {
    const text = line.replace(/[ \t]+\n/g, '\n').trim();
    line = '';
    if (text === '') return;
    const list = prefix === '' ? null : (lists.at(-1) ?? null);
    if (list && list === listed) blocks.push(`${blocks.pop()}\n${prefix}${text}`);
    else blocks.push((quote ? '> ' : '') + prefix + text);
    listed = list;
    prefix = '';
  };
  for (const [, closing, tag, attrs, text] of html.matchAll(/<(\/?)([a-z0-9]+)([^>]*)>|([^<]+)/gi)) {
    if (text !== undefined) {
      line += decode(text).replace(/\s+/g, ' ');
      continue;
    }
    const name = tag!.toLowerCase();
    if (name === 'br') line += '\n';
    else if (name === 'strong' || name === 'b') line += '**';
    else if (name === 'em' || name === 'i') line += '_';
    else if (name === 'a' && !closing) {
      href = /href="([^"]*)"/.exec(attrs ?? '')?.[1] ?? null;
      if (href) line += '[';
    } else if (name === 'a' && href) {
      line += `](${decode(href)})`;
      href = null;
    } else if (BLOCKS.has(name)) {
      flush();
      if (closing && name !== 'p') prefix = '';
      if (name === 'blockquote') quote = !closing;
      else if (name === 'ul' || name === 'ol')
        void (closing ? lists.pop() : lists.push({ ordered: name === 'ol', n: 0 }));
      else if (!closing && name === 'li') {
        const list = lists.at(-1);
        prefix = list?.ordered ? `${++list.n}. ` : '- ';
      } else if (!closing && name !== 'p') prefix = `${'#'.repeat(Number(name[1]))} `;
    }
  }
  flush();
  return blocks.join('\n\n');
}

/** Words marked with **, _ and [texto](endereço) as HTML, the rest escaped. */
function inline(text: string): string {
  return escape(text)
    .replace(/\*\*([^*\n]+?)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^\w])_([^_\n]+?)_(?!\w)/g, '$1<em>$2</em>')
    .replace(/\[([^\]\n]+)\]\((https?:\/\/[^\s)]+)\)/g, '<a href="$2">$1</a>')
    .replace(/\n/g, '<br />');
}

const ITEM = /^(- |\d+\. )/;

/** A cell's text as the description's HTML (null: blank); a cell holding markup is kept as it is. */
export function descriptionHtml(cell: string): string | null {
  const text = cell.replace(/\r\n?/g, '\n').trim();
  if (text === '') return null;
  if (HTML_CELL.test(text)) return text;
  const html: string[] = [];
  for (const block of text.split(/\n[ \t]*\n+/)) {
    const quote = block.startsWith('> ');
    const body = quote ? block.replace(/^> ?/gm, '') : block;
    const lines = body.split('\n');
    let out: string;
    if (lines.every((l) => ITEM.test(l))) {
      const tag = /^\d/.test(lines[0]!) ? 'ol' : 'ul';
      out = `<${tag}>${lines.map((l) => `<li>${inline(l.replace(ITEM, ''))}</li>`).join('')}</${tag}>`;
    } else {
      const heading = /^(#{2,4}) (.*)$/s.exec(body);
      out = heading
        ? `<h${heading[1]!.length}>${inline(heading[2]!)}</h${heading[1]!.length}>`
        : `<p>${inline(body)}</p>`;
    }
    html.push(quote ? `<blockquote>${out}</blockquote>` : out);
  }
  return html.join('');
}
