import { timingSafeEqual } from 'node:crypto';

/** Compares two secrets or signatures in constant time (a length mismatch answers false at once). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
