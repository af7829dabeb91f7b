/**
 * Logo upload (docs/decisions/0021-shop-settings.md): the bytes must really be a PNG, JPEG or WebP image of the
 * declared type (sharp reads it; anything else is refused), then the logo is normalised — metadata dropped,
 * fitted inside 480×120 (four times the 120×30 box of spec §9, for sharp screens) and re-encoded as PNG — so
 * what is stored and served is an image we wrote, never the upload itself.
 */
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { Queryable } from '../../db/client.ts';
import { findLogo, insertLogo } from './logo-repository.ts';

const FORMAT_OF_TYPE: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
};
const MAX_INPUT_PIXELS = 4096 * 4096;
export const LOGO_FILE = /^(lgo_[0-9a-z]{26})\.png$/;

async function normalise(input: Buffer, contentType: string) {
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (meta.format !== FORMAT_OF_TYPE[contentType]) return null;
    const { data, info } = await image
      .rotate()
      .resize({ width: 480, height: 120, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

export type NormalisedLogo = { bytes: Buffer; width: number; height: number };

/** The upload as the PNG we store; 400 `logoInvalid` when the file is not an image of that type. */
export async function normaliseLogo(contentType: string, base64: string): Promise<NormalisedLogo> {
  const image = await normalise(Buffer.from(base64, 'base64'), contentType);
  if (!image) throw new AppError('validation', 'logoInvalid');
  return image;
}

/** Stores the shop's new logo and answers its URL. */
export async function storeLogo(db: Queryable, shopId: string, image: NormalisedLogo) {
  const id = newId('lgo');
  await insertLogo(db, { id, shop_id: shopId, ...image });
  return { id, urlLogo: `/media/shop-logos/${id}.png` };
}

/** The PNG bytes of logo `file` (`<id>.png`), or null. */
export async function logoBytes(db: Queryable, file: string): Promise<Buffer | null> {
  const match = LOGO_FILE.exec(file);
  if (!match) return null;
  const row = await findLogo(db, match[1]!);
  return row ? Buffer.from(row.bytes) : null;
}
