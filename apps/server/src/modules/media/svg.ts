/**
 * Placeholder art generated on the fly: product images (400×400) and shop logos (240×60).
 * Output is static SVG only (shapes and text); every text node is XML-escaped and non-ASCII
 * characters are written as numeric references, so the markup never carries script or raw input.
 */

export const PRODUCT_SIZE = 400;
export const LOGO_WIDTH = 240;
export const LOGO_HEIGHT = 60;

const FONT = "'Inter', 'Segoe UI', Roboto, Arial, Helvetica, sans-serif";
const STOP_WORDS = new Set([
  'de',
  'da',
  'do',
  'das',
  'dos',
  'e',
  'com',
  'sem',
  'ao',
  'a',
  'o',
  'para',
  'em',
  'no',
  'na',
]);

/** XML text/attribute escape; non-ASCII becomes `&#NNN;` so the body is plain ASCII. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']|[^\x20-\x7e]/gu, (ch) => {
    switch (ch) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      case "'":
        return '&#39;';
      default:
        return `&#${ch.codePointAt(0) ?? 63};`;
    }
  });
}

/** Dark or white text, whichever reads better on `bg` (6-hex). */
export function contrastOf(bg: string): string {
  const n = parseInt(bg, 16);
  const luminance = (0.299 * ((n >> 16) & 0xff) + 0.587 * ((n >> 8) & 0xff) + 0.114 * (n & 0xff)) / 255;
  return luminance > 0.6 ? '1f2933' : 'ffffff';
}

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** 'acucar-cristal-uniao-1kg-2' → ['acucar', 'cristal', 'uniao', '1kg'] (the image index is dropped). */
export function wordsOfSlug(slug: string): string[] {
  return slug
    .replace(/-\d+$/, '')
    .split('-')
    .filter((w) => w.length > 0);
}

/** Up to two initials from the first significant words: 'banana-prata-1' → 'BP'. */
export function initialsOf(words: readonly string[]): string {
  const significant = words.filter((w) => !STOP_WORDS.has(w) && /^[a-z]/.test(w));
  const chosen = (significant.length ? significant : words).slice(0, 2);
  const initials = chosen.map((w) => w.charAt(0).toUpperCase()).join('');
  return initials || '?';
}

function caption(words: readonly string[], max = 26): string {
  const text = words
    .map((w, i) => (i > 0 && STOP_WORDS.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}\u2026` : text;
}

function backdropShape(kind: number, fg: string): string {
  const style = `fill="#${fg}" fill-opacity="0.14"`;
  switch (kind) {
    case 0:
      return `<circle cx="200" cy="175" r="118" ${style}/>`;
    case 1:
      return `<rect x="112" y="87" width="176" height="176" rx="28" transform="rotate(45 200 175)" ${style}/>`;
    case 2:
      return `<polygon points="200,55 304,115 304,235 200,295 96,235 96,115" ${style}/>`;
    default:
      return `<ellipse cx="200" cy="175" rx="140" ry="105" ${style}/>`;
  }
}

/** Product placeholder: rounded `bg` square, a soft shape, the initials and a caption in `fg`. */
export function productSvg(slug: string, bg: string, fg: string): string {
  const words = wordsOfSlug(slug);
  const label = caption(words);
  const initials = initialsOf(words);
  const h = hash(slug);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PRODUCT_SIZE}" height="${PRODUCT_SIZE}" viewBox="0 0 400 400" role="img" aria-label="${escapeXml(label)}">`,
    `<title>${escapeXml(label)}</title>`,
    `<rect width="400" height="400" rx="36" fill="#${bg}"/>`,
    `<circle cx="${290 + (h % 40)}" cy="${70 + ((h >> 8) % 30)}" r="${28 + ((h >> 16) % 22)}" fill="#${fg}" fill-opacity="0.08"/>`,
    backdropShape(h % 4, fg),
    `<text x="200" y="175" dy="0.35em" text-anchor="middle" font-family="${escapeXml(FONT)}" font-size="112" font-weight="700" fill="#${fg}">${escapeXml(initials)}</text>`,
    `<text x="200" y="350" text-anchor="middle" font-family="${escapeXml(FONT)}" font-size="24" font-weight="500" fill="#${fg}" fill-opacity="0.9">${escapeXml(label)}</text>`,
    `</svg>`,
  ].join('');
}

function logoFrame(label: string, body: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}" viewBox="0 0 240 60" role="img" aria-label="${escapeXml(label)}">`,
    `<title>${escapeXml(label)}</title>`,
    body,
    `</svg>`,
  ].join('');
}

/** Wordmarks of the two demo shops; any other slug gets a generic wordmark of its name. */
export function logoSvg(slug: string, bg: string | undefined, fg: string | undefined): string {
  if (slug === 'hortifruti') {
    return logoFrame(
      'Hortifruti Bom Preço',
      [
        `<rect width="240" height="60" rx="12" fill="#${bg ?? 'ffffff'}"/>`,
        `<circle cx="30" cy="30" r="21" fill="#1f7a3a"/>`,
        `<path d="M21 37c0-11 8-18 19-18-1 11-8 18-19 18z" fill="#ffffff"/>`,
        `<path d="M22 36l10-9" stroke="#1f7a3a" stroke-width="2" stroke-linecap="round"/>`,
        `<text x="60" y="29" font-family="${escapeXml(FONT)}" font-size="23" font-weight="800" fill="#1f7a3a">Hortifruti</text>`,
        `<text x="60" y="49" font-family="${escapeXml(FONT)}" font-size="16" font-weight="700" fill="#f28c28">${escapeXml('Bom Preço')}</text>`,
      ].join(''),
    );
  }
  if (slug === 'moda') {
    return logoFrame(
      'Moda Vitrine',
      [
        `<rect width="240" height="60" rx="6" fill="#${bg ?? '111111'}"/>`,
        `<text x="20" y="39" font-family="Georgia, 'Times New Roman', serif" font-size="26" font-weight="700" letter-spacing="4" fill="#${fg ?? 'ffffff'}">MODA</text>`,
        `<rect x="128" y="19" width="3" height="24" fill="#e91e63"/>`,
        `<text x="140" y="37" font-family="${escapeXml(FONT)}" font-size="15" font-weight="600" letter-spacing="2.5" fill="#e91e63">VITRINE</text>`,
      ].join(''),
    );
  }
  const name = caption(slug.split('-').filter(Boolean), 22);
  const size = Math.max(14, Math.min(26, Math.floor(360 / Math.max(name.length, 1))));
  return logoFrame(
    name,
    [
      `<rect width="240" height="60" rx="10" fill="#${bg ?? '334155'}"/>`,
      `<text x="120" y="30" dy="0.35em" text-anchor="middle" font-family="${escapeXml(FONT)}" font-size="${size}" font-weight="700" fill="#${fg ?? 'ffffff'}">${escapeXml(name)}</text>`,
    ].join(''),
  );
}
