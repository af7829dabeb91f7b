import type { FastifyServerOptions } from 'fastify';

/** Paths redacted from every log line: credentials, session codes and personal data. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.code',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.document',
  '*.cpf',
  '*.cnpj',
  '*.corporateDocument',
  '*.email',
  '*.phone',
  '*.number',
  '*.securityCode',
  '*.cardNumber',
];

/** Strips secrets from a URL before it is logged: session codes in paths, tokens in query strings. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/api\/(?:session|platform\/sessions)\/)[^/?#]+/, '$1[REDACTED]')
    .replace(/([?&](?:[a-z_]*token|code|[a-z_]*key|[a-z_]*secret)=)[^&#]*/gi, '$1[REDACTED]');
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        id: req.id,
      }),
    },
  };
}
