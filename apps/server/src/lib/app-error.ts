import { ERROR_KIND_STATUS, errorMessage, type ErrorCode, type ErrorKind } from '@vitrine/contracts/errors';

/** The one error type: `kind` maps to an HTTP status, `code` is stable, the message comes from the catalogue. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly kind: ErrorKind,
    readonly code: ErrorCode | (string & {}),
    readonly params: Record<string, string | number> = {},
    message?: string,
  ) {
    super(message ?? errorMessage(code, params));
    this.name = 'AppError';
    this.status = ERROR_KIND_STATUS[kind];
  }
}

export const notFound = (code: ErrorCode) => new AppError('notFound', code);
export const forbidden = (code: ErrorCode = 'agentOnly') => new AppError('forbidden', code);
export const badRequest = (detail: string) => new AppError('validation', 'invalidInput', { detail });
