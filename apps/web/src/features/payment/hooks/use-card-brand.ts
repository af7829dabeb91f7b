/**
 * The brand of the number being typed. The brand library is initialised 200 ms after the page mounts (spec §4
 * "Card brand SDK initialised after 200 ms"); until then, and for unknown prefixes, the brand is null.
 */
import { useEffect, useState } from 'react';
import { loadBrandDetector, type BrandDetector, type CardBrand } from '../lib/card-brand';

export const BRAND_INIT_DELAY_MS = 200;

export function useCardBrand(number: string): CardBrand | null {
  const [detect, setDetect] = useState<BrandDetector | null>(null);

  useEffect(() => {
    let active = true;
    const timer = setTimeout(() => {
      loadBrandDetector().then(
        (detector) => {
          if (active) setDetect(() => detector);
        },
        () => undefined, // no brand logo; the form works without it
      );
    }, BRAND_INIT_DELAY_MS);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, []);

  return detect ? detect(number) : null;
}
