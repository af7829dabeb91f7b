/** The chatbot platform's bearer key (`PLATFORM_API_KEY`), compared in constant time; 401 otherwise. */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A preValidation hook for `/api/platform/*` routes (runs before the body is validated). */
export function requirePlatformKey(config: Pick<Config, 'platformApiKey'>) {
  return async (request: FastifyRequest) => {
    const given = /^Bearer\s+(.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameSecret(given, config.platformApiKey)) throw new AppError('unauthorized', 'platformKeyInvalid');
  };
}
