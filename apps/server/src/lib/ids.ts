import { randomBytes } from 'node:crypto';
import { monotonicFactory } from 'ulidx';

const ulid = monotonicFactory();

/** Prefixed, time-sortable id such as `ord_01JD…`. */
export function newId(prefix: string): string {
  return `${prefix}_${ulid().toLowerCase()}`;
}

/** An unguessable token: 32 random bytes (256 bits), base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}
