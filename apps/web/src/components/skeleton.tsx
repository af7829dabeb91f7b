import './skeleton.css';
import type { CSSProperties } from 'react';

export interface SkeletonProps {
  /** CSS length or number of px; defaults to the full width. */
  width?: CSSProperties['width'];
  /** CSS length or number of px; defaults to one line of text. */
  height?: CSSProperties['height'];
  /** 'text' rounds lightly, 'block' for cards and images, 'circle' for avatars and icons. */
  shape?: 'text' | 'block' | 'circle';
  className?: string;
}

/** Grey placeholder with a soft shimmer (none under prefers-reduced-motion); hidden from assistive tech. */
export function Skeleton({ width = '100%', height = '1em', shape = 'text', className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={`skeleton skeleton--${shape}${className ? ` ${className}` : ''}`}
      style={{ width, height }}
    />
  );
}
