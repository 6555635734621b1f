import type { ApiError } from '@pagewright/sdk';
import { useStore } from './store/index.ts';
import { request, type Outcome, type RequestOptions } from './store/request.ts';

/**
 * One SDK call with the shell's behaviour (red toast for errors). Settings screens show skeletons
 * while they load and busy buttons while they save, so the full-screen overlay is off by default.
 */
export function call<T>(run: () => Promise<{ data?: T; error?: ApiError }>, options: RequestOptions = {}): Promise<Outcome<T>> {
  return request(useStore.getState, run, { overlay: false, ...options });
}

/** The field an error names (`info.field`), when it names one. */
export function errorField(error: ApiError): string | null {
  const info = error.info;
  if (info && typeof info === 'object' && 'field' in info && typeof info.field === 'string') return info.field;
  return null;
}
