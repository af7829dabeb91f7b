/**
 * Staff passwords: scrypt (node:crypto) with a random salt, stored as `scrypt$N$r$p$salt$hash`. The cost N comes
 * from STAFF_SCRYPT_COST (tests lower it); a stored hash keeps its own parameters, so raising the cost later
 * still verifies older hashes.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

const memoryFor = (cost: number, blockSize: number) => 256 * cost * blockSize;

/** Hashes a password with a fresh salt at `cost` (a power of two). */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const options = { N: cost, r: BLOCK_SIZE, p: 1, maxmem: memoryFor(cost, BLOCK_SIZE) };
  const key = await derive(password, salt, options);
  return ['scrypt', cost, BLOCK_SIZE, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `password` matches `stored`; false for a malformed hash. Compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: memoryFor(Number(n), Number(r)) };
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), options);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a random password: sign-in with an unknown e-mail spends the same time as a wrong password. */
let decoy: Promise<string> | undefined;
export function decoyHash(cost: number): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'), cost);
  return decoy;
}
