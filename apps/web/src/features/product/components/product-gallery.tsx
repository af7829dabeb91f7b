/**
 * Product image gallery (spec §2, §9): the main image slides every 2000 ms (450 ms slide, loops), pausing
 * while the pointer is over it or focus is inside it, and not moving at all under prefers-reduced-motion.
 * Arrow keys and swipes move it; thumbnails appear only with 2 or more images. The chosen variant's image
 * (`activeUrl`) is shown when it changes. The frame is square, so nothing shifts while images load.
 */
import { useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { GALLERY_IMAGE_SIZES } from '@vitrine/contracts/photo-urls';
import { Photo } from '../../../components/photo';
import { SLIDE_MS, useCarousel } from '../hooks/use-carousel';
import './product-gallery.css';

export interface ProductGalleryProps {
  images: string[];
  /** Image of the chosen variant: added first when missing, and shown whenever it changes. */
  activeUrl?: string | null;
  name: string;
}

const SWIPE_PX = 40;

export function ProductGallery({ images, activeUrl = null, name }: ProductGalleryProps) {
  const slides = activeUrl && !images.includes(activeUrl) ? [activeUrl, ...images] : images;
  const count = slides.length;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const swipeStart = useRef<number | null>(null);
  const target = activeUrl ? slides.indexOf(activeUrl) : null;
  const carousel = useCarousel(count, hovered || focused, target);

  if (count === 0) {
    return (
      <div className="gallery">
        <div
          className="gallery__viewport gallery__viewport--empty"
          role="img"
          aria-label="Produto sem imagem"
        >
          <svg viewBox="0 0 24 24" width="64" height="64" aria-hidden="true">
            <path
              fill="currentColor"
              d="M21 19V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14c0 1.1.9 2 2 2h14a2 2 0 0 0 2-2zM8.5 13.5l2.5 3 3.5-4.5 4.5 6H5l3.5-4.5z"
            />
          </svg>
        </div>
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') carousel.next();
    else if (event.key === 'ArrowLeft') carousel.previous();
    else return;
    event.preventDefault();
  };
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.pointerType === 'mouse' ? null : event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return;
    const dx = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (dx <= -SWIPE_PX) carousel.next();
    else if (dx >= SWIPE_PX) carousel.previous();
  };

  const many = count > 1;
  const track = many ? [...slides, slides[0]!] : slides;

  return (
    <section
      className="gallery"
      aria-roledescription="carrossel"
      aria-label={`Imagens de ${name}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div
        className="gallery__viewport"
        tabIndex={many ? 0 : undefined}
        aria-label={many ? `Imagem ${carousel.index + 1} de ${count}. Use as setas para navegar.` : undefined}
        onKeyDown={many ? onKeyDown : undefined}
        onPointerDown={many ? onPointerDown : undefined}
        onPointerUp={many ? onPointerUp : undefined}
        onPointerCancel={() => (swipeStart.current = null)}
      >
        <div
          className="gallery__track"
          style={{
            transform: `translateX(${-carousel.position * 100}%)`,
            transition: carousel.animate ? `transform ${SLIDE_MS}ms ease-in-out` : 'none',
          }}
        >
          {track.map((url, position) => {
            const copy = position >= count;
            return (
              <div
                key={copy ? `copy-${url}` : `${position}-${url}`}
                className="gallery__slide"
                aria-hidden={copy || position !== carousel.index}
              >
                <Photo
                  src={url}
                  sizes={GALLERY_IMAGE_SIZES}
                  alt={copy ? '' : `${name} — imagem ${position + 1} de ${count}`}
                  width={600}
                  height={600}
                  draggable={false}
                  loading={position === 0 ? 'eager' : 'lazy'}
                  fetchPriority={position === 0 ? 'high' : undefined}
                  decoding="async"
                />
              </div>
            );
          })}
        </div>
        {many && (
          <>
            <button
              type="button"
              className="gallery__arrow gallery__arrow--previous"
              aria-label="Imagem anterior"
              tabIndex={-1}
              onClick={carousel.previous}
            >
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                <path fill="currentColor" d="M15.4 7.4 14 6l-6 6 6 6 1.4-1.4-4.6-4.6z" />
              </svg>
            </button>
            <button
              type="button"
              className="gallery__arrow gallery__arrow--next"
              aria-label="Próxima imagem"
              tabIndex={-1}
              onClick={carousel.next}
            >
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                <path fill="currentColor" d="M8.6 16.6 10 18l6-6-6-6-1.4 1.4 4.6 4.6z" />
              </svg>
            </button>
          </>
        )}
      </div>
      {many && (
        <ul className="gallery__thumbs">
          {slides.map((url, position) => (
            <li key={`${position}-${url}`}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={`Ver imagem ${position + 1} de ${count}`}
                aria-current={position === carousel.index ? 'true' : undefined}
                onClick={() => carousel.goTo(position)}
              >
                <Photo src={url} sizes="64px" alt="" width={64} height={64} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
