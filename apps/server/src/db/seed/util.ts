/** Small deterministic helpers so that the seeded catalogue is the same on every run. */

/** FNV-1a 32-bit hash of a string. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a seeded PRNG returning floats in [0, 1). */
export function seededRandom(seed: number | string): () => number {
  let a = typeof seed === 'string' ? hashString(seed) : seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Integer in [min, max] from a PRNG. */
export function randomInt(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick: empty list');
  return item;
}

/** Element `index` of a non-empty list, wrapping around. */
export function at<T>(items: readonly T[], index: number): T {
  const item = items[((index % items.length) + items.length) % items.length];
  if (item === undefined) throw new Error('at: empty list');
  return item;
}

/** 'Açúcar Cristal União 1kg' → 'acucar-cristal-uniao-1kg'. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** Rounds centavos to a "shelf price" ending in 9 (e.g. 1234 → 1239). */
export function shelfPrice(cents: number): number {
  const rounded = Math.max(99, Math.round(cents / 10) * 10 + 9);
  return rounded;
}

/** Dark or light text colour (6-hex, no '#') readable on the given background. */
export function contrastColor(bgHex: string): string {
  const n = parseInt(bgHex, 16);
  const r = (n >> 16) & 0xff;
  const g = (n >> 8) & 0xff;
  const b = n & 0xff;
  const luminance = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
  return luminance > 0.6 ? '1f2933' : 'ffffff';
}

/** Local placeholder image URLs served by the media module: `/media/p/<slug>-<n>.svg?bg=…&fg=…`. */
export function productImageUrls(name: string, count: number, palette: readonly string[]): string[] {
  const slug = slugify(name);
  const start = hashString(slug);
  const urls: string[] = [];
  for (let n = 1; n <= count; n++) {
    const bg = at(palette, start + n - 1);
    urls.push(`/media/p/${slug}-${n}.svg?bg=${bg}&fg=${contrastColor(bg)}`);
  }
  return urls;
}

/** Image of one colour variant: its background is the colour itself. */
export function variantImageUrl(name: string, colourSlug: string, hex: string): string {
  return `/media/p/${slugify(name)}-${colourSlug}-1.svg?bg=${hex}&fg=${contrastColor(hex)}`;
}

export function logoUrl(slug: string): string {
  return `/media/logo/${slug}.svg`;
}
