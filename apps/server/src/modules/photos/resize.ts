/**
 * An upload becomes the files the storefront serves (docs/decisions/0032-product-photos.md): sharp must read the
 * bytes as a JPEG, PNG, WebP, AVIF or GIF (the name and declared type are never trusted), then the photo is turned
 * upright (EXIF orientation), its metadata (camera, GPS) dropped, and it is written in each of `PHOTO_WIDTHS` as WebP
 * and as JPEG (transparency on white). What is stored and served is always an image we wrote, never the upload.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { PHOTO_WIDTHS, type PhotoWidth } from '@vitrine/contracts/photo-urls';
import { AppError } from '../../lib/app-error.ts';

/** Largest photo read, in pixels (a 48 MP phone camera fits; more is refused as too large). */
export const PHOTO_MAX_PIXELS = 50_000_000;
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif', 'gif']);
const LARGEST = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1];

export type PhotoFormat = 'webp' | 'jpeg';
export type PhotoFile = { width: PhotoWidth; format: PhotoFormat; bytes: Buffer };

/** The name of an upload within its shop: the same bytes sent twice get the same name. */
export function photoHash(shopId: string, bytes: Buffer): string {
  return createHash('sha256').update(shopId).update('\0').update(bytes).digest('hex').slice(0, 32);
}

async function readImage(input: Buffer) {
  if (input.length === 0) throw new AppError('validation', 'photoInvalid');
  const image = sharp(input, { limitInputPixels: false, failOn: 'error' });
  const meta = await image.metadata().catch(() => null);
  if (!meta?.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height)
    throw new AppError('validation', 'photoInvalid');
  if (meta.width * meta.height > PHOTO_MAX_PIXELS) throw photoTooLarge();
  try {
    // One decode: the largest size as raw pixels, from which every file is written.
    return await image
      .rotate()
      .resize({ width: LARGEST, withoutEnlargement: true })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError('validation', 'photoInvalid');
  }
}

export function photoTooLarge(): AppError {
  return new AppError('tooLarge', 'photoTooLarge', { max: 15, pixels: PHOTO_MAX_PIXELS / 1_000_000 });
}

/** Every file of the photo: `PHOTO_WIDTHS` × WebP and JPEG. Throws 400 `photoInvalid` for what is not an image. */
export async function renderPhoto(input: Buffer): Promise<PhotoFile[]> {
  const { data, info } = await readImage(input);
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const files = await Promise.all(
    PHOTO_WIDTHS.flatMap((width) => {
      const sized = () => sharp(data, raw).resize({ width, withoutEnlargement: true });
      return [
        sized()
          .webp({ quality: 78, alphaQuality: 90 })
          .toBuffer()
          .then((bytes): PhotoFile => ({ width, format: 'webp', bytes })),
        sized()
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 80, mozjpeg: true })
          .toBuffer()
          .then((bytes): PhotoFile => ({ width, format: 'jpeg', bytes })),
      ];
    }),
  );
  return files;
}

/** The link preview size (Open Graph's 1.91:1, decision 0054): what WhatsApp and Facebook show large. */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
/** Largest preview written: WhatsApp shows no image for a bigger one. */
export const PREVIEW_MAX_BYTES = 300 * 1024;

/**
 * A link preview JPEG of an image (a photo, a generated SVG, a logo), 1200×630: a photo whole on `background`
 * ('photo'), a logo at most 900×330 in the middle ('logo'); lower JPEG qualities until it fits `PREVIEW_MAX_BYTES`.
 * Throws 400 `photoInvalid` for what is not an image.
 */
export async function renderPreview(
  input: Buffer,
  options: { fit: 'photo' | 'logo'; background: string },
): Promise<Buffer> {
  const background = options.background;
  try {
    const [width, height] = options.fit === 'photo' ? [PREVIEW_WIDTH, PREVIEW_HEIGHT] : [900, 330];
    const placed = await sharp(input, { density: 300, limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width, height, fit: 'contain', background, withoutEnlargement: options.fit === 'logo' })
      .flatten({ background })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { info } = placed;
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
    const canvas = () =>
      sharp({ create: { width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, channels: 3, background } }).composite([
        { input: placed.data, ...raw, gravity: 'centre' },
      ]);
    let bytes: Buffer = Buffer.alloc(0);
    for (const quality of [82, 70, 55, 40, 25]) {
      bytes = await canvas().jpeg({ quality, mozjpeg: true }).toBuffer();
      if (bytes.length <= PREVIEW_MAX_BYTES) break;
    }
    return bytes;
  } catch {
    throw new AppError('validation', 'photoInvalid');
  }
}
