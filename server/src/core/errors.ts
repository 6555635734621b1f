/** One error model: a stable code, an HTTP status, the message to show, and extra info. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly info?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toJSON(): { error: string; status: number; code: string; info?: unknown } {
    return this.info === undefined
      ? { error: this.message, status: this.status, code: this.code }
      : { error: this.message, status: this.status, code: this.code, info: this.info };
  }
}

/** Bad input: 400 with the field that is wrong. */
export const invalid = (field: string, message: string, code = 'VALIDATION_FAILED') => new AppError(400, code, message, { field });
export const unauthorized = (message: string, code = 'UNAUTHORIZED') => new AppError(401, code, message);
export const forbidden = (message: string, code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message: string, code = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code: string, info?: unknown) => new AppError(409, code, message, info);
export const invalidJson = () => new AppError(400, 'INVALID_JSON', 'The request body is not valid JSON');
export const payloadTooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large');
export const planLimit = (message: string, info?: unknown) => new AppError(402, 'PLAN_LIMIT', message, info);
export const unavailable = (message: string, code: string) => new AppError(503, code, message);
export const badGateway = (message: string, code = 'UPSTREAM_FAILED') => new AppError(502, code, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(
    429,
    'RATE_LIMITED',
    message,
    { retryAfter: retryAfterSeconds },
    {
      'Retry-After': String(retryAfterSeconds),
    },
  );
