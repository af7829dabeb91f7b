/**
 * Product photos (docs/decisions/0032-product-photos.md). The server stores each upload in `PHOTO_WIDTHS` widths,
 * as WebP and JPEG, under immutable content-hashed names: `/media/photos/<hash>-<width>.<webp|jpg>`. A product's
 * image URL is its 800 px JPEG; `photoSources` turns that URL into the `srcset`s the storefront's cards, gallery
 * and first-view HTML use, so a phone picks a small file. Any other image URL (generated placeholders, Tray's
 * images) has no sources and is shown as it is. Zod-free: the storefront's first route imports it.
 */
export const PHOTO_WIDTHS = [200, 400, 600, 800, 1200] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
/** The width of a photo's stored URL (`product_images.url`), the one every other screen and message uses. */
export const PHOTO_MAIN_WIDTH = 800;
/** Largest upload accepted, in bytes (a phone camera's JPEG is 2–8 MB). */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** Most photos one product keeps. */
export const PHOTO_MAX_PER_PRODUCT = 20;

const PHOTO_URL = /^(\/media\/photos\/[0-9a-f]{32})-\d{3,4}\.jpg$/;

/** `sizes` of a catalogue card: two columns on a phone, about 240 px wide from 768 px. */
export const CARD_IMAGE_SIZES = '(min-width: 768px) 240px, 50vw';
/** `sizes` of the product page's gallery: the phone's width, at most 600 px. */
export const GALLERY_IMAGE_SIZES = '(min-width: 640px) 600px, 100vw';

export type PhotoSources = { webp: string; jpeg: string };

/** The WebP and JPEG `srcset`s of an uploaded photo's URL, or null for any other URL. */
export function photoSources(url: string): PhotoSources | null {
  const base = PHOTO_URL.exec(url)?.[1];
  if (!base) return null;
  const set = (ext: string) => PHOTO_WIDTHS.map((w) => `${base}-${w}.${ext} ${w}w`).join(', ');
  return { webp: set('webp'), jpeg: set('jpg') };
}
