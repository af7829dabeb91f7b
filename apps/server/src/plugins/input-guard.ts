/**
 * Input at the edge: everything a client can send that is not well-formed text is refused here with a 4xx in
 * our envelope and a pt-BR message, before any route or database sees it (PostgreSQL refuses 0x00 in text, and a
 * replacement character silently stored is data lost):
 * - the URL (path and query) and header values, as bytes after percent-decoding: no NUL, valid UTF-8, and
 *   well-formed percent-escapes;
 * - JSON bodies: valid UTF-8 bytes, parsed JSON no deeper than MAX_JSON_DEPTH, no NUL nor lone surrogate in any
 *   string or key; any other body read as text (webhooks) without NUL;
 * - Fastify's own refusals (bad URL encoding, over-long parameter) through `frameworkErrors`, and the HTTP
 *   parser's (431 oversized headers or query, 400 malformed request, 408) through `clientErrorHandler`.
 * Unknown routes, oversized bodies and wrong content types are answered by the error handler (error-handler.ts).
 */
import { isUtf8 } from 'node:buffer';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { errorMessage, type ErrorCode } from '@vitrine/contracts/errors';
import { AppError } from '../lib/app-error.ts';

/** Deepest JSON nesting a body may have (our deepest contract is 4 levels). */
const MAX_JSON_DEPTH = 32;

const envelope = (code: ErrorCode) =>
  JSON.stringify({ success: false, data: null, errors: [{ code, message: errorMessage(code) }] });

/** The bytes a URL or header value stands for: percent-escapes decoded, characters as their UTF-8 bytes. */
function bytesOf(text: string, percent: boolean): Buffer | null {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (percent && c === 0x25) {
      const hex = text.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return null;
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else if (c <= 0xff) {
      bytes.push(c); // a raw byte on the wire arrives as one latin1 character
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** Why a URL or header value is refused, or null when it is clean. */
function textProblem(text: string, percent: boolean): ErrorCode | null {
  // eslint-disable-next-line no-control-regex -- NUL is what is looked for
  if (!/[%\u0000\u0080-\uffff]/.test(text)) return null; // plain ASCII: the common case
  const bytes = bytesOf(text, percent);
  if (!bytes) return 'invalidUrl';
  return bytes.includes(0) || !isUtf8(bytes) ? 'invalidEncoding' : null;
}

/** A NUL, or half of a surrogate pair (a `\ud800` escape: not a character, not storable as UTF-8). */
// eslint-disable-next-line no-control-regex -- NUL is what is looked for
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when a parsed value holds a NUL or a lone surrogate in any string or key; throws when too deep. */
function hasBadText(value: unknown): boolean {
  const bad = (s: string) => BAD_TEXT.test(s);
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item === 'string') {
      if (bad(item)) return true;
    } else if (item !== null && typeof item === 'object' && !ArrayBuffer.isView(item)) {
      if (depth >= MAX_JSON_DEPTH) throw new AppError('validation', 'jsonTooDeep');
      for (const [key, child] of Object.entries(item)) {
        if (bad(key)) return true;
        stack.push([child, depth + 1]);
      }
    }
  }
  return false;
}

/** Fastify server options of the guard; `headers` are the security headers of refusals written here. */
export function inputGuardOptions(
  headers: Record<string, string>,
): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  return {
    frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
      const long = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const code: ErrorCode = long ? 'paramTooLong' : (textProblem(request.url, true) ?? 'invalidUrl');
      request.log.info({ code: error.code }, 'framework refusal');
      void reply
        .headers(headers)
        .code(long ? 414 : 400)
        .type('application/json; charset=utf-8')
        .send(envelope(code));
    },
    clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const [status, reason, code]: [number, string, ErrorCode] =
        error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', 'headersTooLarge']
          : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? [408, 'Request Timeout', 'requestTimeout']
            : [400, 'Bad Request', 'badRequest'];
      const body = envelope(code);
      const lines = Object.entries({
        ...headers,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        connection: 'close',
      }).map(([name, value]) => `${name}: ${value}`);
      if (socket.writable)
        socket.write(`HTTP/1.1 ${status} ${reason}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
      socket.destroy(error);
    },
  };
}

/** Registers the URL, header and body checks on every route (before any route is declared). */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const problem =
      textProblem(request.url, true) ??
      Object.values(request.headers).reduce<ErrorCode | null>(
        (found, value) => found ?? (typeof value === 'string' ? textProblem(value, false) : null),
        null,
      );
    if (problem) throw new AppError('validation', problem);
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) return done(new AppError('validation', 'invalidEncoding'), undefined);
    parseJson(request, bytes.toString('utf8'), done);
  });
  app.addHook('preValidation', async (request) => {
    if (hasBadText(request.body)) throw new AppError('validation', 'invalidEncoding');
  });
}
