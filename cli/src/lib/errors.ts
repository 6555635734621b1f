import type { ApiError } from '@pagewright/sdk';

/** The CLI's exit codes, as GitHub CLI uses them. */
export const ExitCode = { ok: 0, failure: 1, cancelled: 2, auth: 4 } as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A failure to report as `error: <message>`, with an optional hint line, ending in `exitCode`. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = ExitCode.failure,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** The user said no or pressed Ctrl-C at a prompt. */
export class CancelledError extends CliError {
  constructor() {
    super('cancelled', ExitCode.cancelled);
  }
}

/** A failure already shown to the user (the command printed its own result): exit without a message. */
export class SilentExit extends CliError {
  constructor(exitCode: ExitCode = ExitCode.failure) {
    super('', exitCode);
  }
}

const LOGIN_HINT = 'To sign in, run: pagewright login (or set PAGEWRIGHT_TOKEN)';

/** No token at all: nothing was sent. */
export function notLoggedIn(url: string): CliError {
  return new CliError(`not logged in to ${url}`, ExitCode.auth, LOGIN_HINT);
}

function isApiError(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null) return false;
  return typeof (value as { error?: unknown }).error === 'string' && typeof (value as { code?: unknown }).code === 'string';
}

function fieldOf(info: unknown): string | null {
  if (typeof info !== 'object' || info === null) return null;
  const field = (info as { field?: unknown }).field;
  return typeof field === 'string' ? field : null;
}

/** Turns an error answer into `<message> (<status>)`, plus the field when the server named one. */
export function apiFailure(error: unknown, response: Response): CliError {
  const body = isApiError(error) ? error : null;
  const status = body?.status ?? response.status;
  const message = body?.error ?? (typeof error === 'string' && error ? error : response.statusText || 'request failed');
  const field = fieldOf(body?.info);
  const text = `${message} (${status})${field ? ` field: ${field}` : ''}`;
  if (status === 401) return new CliError(text, ExitCode.auth, LOGIN_HINT);
  if (status === 426) return new CliError(text, ExitCode.failure, 'This CLI is older than the server accepts: update it.');
  return new CliError(text);
}

/** What every SDK call answers. */
export interface ApiResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The data of a successful SDK answer; any error answer becomes a CliError. */
export function unwrap<T>(result: ApiResult<T>): T {
  if (!result.response.ok) throw apiFailure(result.error, result.response);
  if (result.data === undefined) throw new CliError(`the server answered ${result.response.status} without data`);
  return result.data;
}

/** Like unwrap, for sign-in calls: there a 401 means a wrong password or code, a plain failure (exit 1). */
export function unwrapSignIn<T>(result: ApiResult<T>): T {
  if (result.response.status === 401) throw new CliError(apiFailure(result.error, result.response).message);
  return unwrap(result);
}

/** Throws unless the answer succeeded (calls answering 204 have no data). */
export function ensureOk(result: ApiResult<unknown>): void {
  if (!result.response.ok) throw apiFailure(result.error, result.response);
}

/** Describes fetch failures (server down, bad URL) without a stack. */
export function networkFailure(error: unknown, url: string): CliError | null {
  if (!(error instanceof TypeError)) return null;
  const cause = (error as { cause?: unknown }).cause;
  const detail = cause instanceof Error ? cause.message : error.message;
  return new CliError(
    `could not reach ${url}: ${detail}`,
    ExitCode.failure,
    'Check the address (--url or PAGEWRIGHT_URL) and that the server is running.',
  );
}
