import type { ApiError } from '@pagewright/sdk';
import { messages } from '../messages.ts';
import type { Store } from './index.ts';

export type Outcome<T> = { data: T; error?: undefined } | { data?: undefined; error: ApiError };

export interface RequestOptions {
  /** Show the full-screen overlay while the call runs (default true); background checks opt out. */
  overlay?: boolean;
  /** Show a failure in the red toast (default true); screens that explain failures in place opt out. */
  toast?: boolean;
}

/**
 * Runs one SDK call with the shell's behaviour: the overlay while fetching and the toast for errors
 * (showError leaves out 401 and 426, which the client's onError handles).
 */
export async function request<T>(
  get: () => Pick<Store, 'beginFetch' | 'endFetch' | 'showError'>,
  call: () => Promise<{ data?: T; error?: ApiError }>,
  { overlay = true, toast = true }: RequestOptions = {},
): Promise<Outcome<T>> {
  if (overlay) get().beginFetch();
  try {
    const { data, error } = await call();
    if (error) {
      if (toast) get().showError(error);
      return { error };
    }
    return { data: data as T };
  } catch (thrown) {
    // fetch itself failed: offline, or the server is down
    console.error(thrown);
    const error: ApiError = { error: messages.networkError, status: 0, code: 'NETWORK_ERROR' };
    if (toast) get().showError(error);
    return { error };
  } finally {
    if (overlay) get().endFetch();
  }
}
