/**
 * An image that, when it is an uploaded product photo, comes as a `<picture>`: WebP sizes for browsers that read
 * WebP, JPEG sizes otherwise, the browser picking the width `sizes` needs (docs/decisions/0032-product-photos.md).
 * Any other URL is a plain `<img>`. The server's first view writes the same markup (flows/first-view).
 */
import type { ImgHTMLAttributes } from 'react';
import { photoSources } from '@vitrine/contracts/photo-urls';

type PhotoProps = ImgHTMLAttributes<HTMLImageElement> & { src: string; sizes: string };

export function Photo({ sizes, ...img }: PhotoProps) {
  const sources = photoSources(img.src);
  if (!sources) return <img {...img} />;
  return (
    <picture>
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      <img {...img} srcSet={sources.jpeg} sizes={sizes} />
    </picture>
  );
}
