import { CliError, unwrap, type ApiResult } from '../../lib/errors.js';

/** The data of an admin call. Admin routes answer 404 to everyone else (docs/decisions/0004-admin.md): say why. */
export function unwrapAdmin<T>(result: ApiResult<T>): T {
  if (result.response.status === 404) throw new CliError('this command needs an admin account (404)');
  return unwrap(result);
}
