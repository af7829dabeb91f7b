import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorMessage, type ErrorCode } from '@vitrine/contracts/errors';
import { AppError } from '../lib/app-error.ts';
import { stockRefusalOf } from '../modules/stock/service.ts';
import { isPageRequest, pageFileOf } from './static-web.ts';

/** Fastify's own client-error codes mapped to catalogue codes. */
const FASTIFY_CODES: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalidJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalidJson' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'bodyTooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupportedMediaType' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'invalidJson' },
  FST_ERR_NOT_FOUND: { status: 404, code: 'routeNotFound' },
};

function send(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.status(status).send({ success: false, data: null, errors: [{ code, message }] });
}

function validationDetail(error: FastifyError): string {
  const issues = error.validation ?? [];
  return issues
    .slice(0, 3)
    .map((issue) => {
      const path = String(issue.instancePath ?? '')
        .replace(/^\//, '')
        .replace(/\//g, '.');
      const where = path ? `${path}: ` : '';
      return `${where}${issue.message ?? 'valor inválido'}`;
    })
    .join('; ');
}

/** One error handler: AppError → its status and catalogue message; client errors → 4xx pt-BR; the rest → 500 without details. */
export function registerErrorHandler(app: FastifyInstance, options: { spaFallback: boolean }) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'app error');
      return send(reply, error.status, error.code, error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const where = error.validationContext ? `${error.validationContext}: ` : '';
      return send(
        reply,
        400,
        'invalidInput',
        errorMessage('invalidInput', { detail: where + validationDetail(error) }),
      );
    }
    const stock = stockRefusalOf(error);
    if (stock) return send(reply, stock.status, stock.code, stock.message);
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return send(reply, known.status, known.code, errorMessage(known.code));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(
        reply,
        error.statusCode,
        'invalidInput',
        errorMessage('invalidInput', { detail: 'requisição inválida' }),
      );
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, 500, 'internal', errorMessage('internal'));
  });

  app.setNotFoundHandler((request, reply) => {
    if (options.spaFallback && isPageRequest(request.method, request.url)) {
      // `/product/{id}` reaches here only with an id the router refuses (over 100 characters): no such product,
      // so a link crawler gets a 404 while a browser still boots the web app.
      const status = request.url.startsWith('/product/') ? 404 : 200;
      return reply
        .code(status)
        .header('Cache-Control', 'no-cache')
        .type('text/html')
        .sendFile(pageFileOf(request.url));
    }
    return send(reply, 404, 'routeNotFound', errorMessage('routeNotFound'));
  });
}
