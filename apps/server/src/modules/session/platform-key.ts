/** The chatbot platform's bearer key (`PLATFORM_API_KEY`), compared in constant time; 401 otherwise. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Equal secrets, compared over their digests: the time taken tells nothing, not even the length. */
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** True when the request carries `Authorization: Bearer <PLATFORM_API_KEY>`. */
export function hasPlatformKey(request: FastifyRequest, config: Pick<Config, 'platformApiKey'>): boolean {
  const given = /^Bearer\s+(.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  return sameSecret(given, config.platformApiKey);
}

/** A preValidation hook for `/api/platform/*` routes (runs before the body is validated). */
export function requirePlatformKey(config: Pick<Config, 'platformApiKey'>) {
  return async (request: FastifyRequest) => {
    if (!hasPlatformKey(request, config)) throw new AppError('unauthorized', 'platformKeyInvalid');
  };
}
