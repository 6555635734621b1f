import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What an editing call says about itself besides its body (issue 29, docs/decisions/0083): its
 * Idempotency-Key, what exactly was asked (to refuse the key with another call), and when the edit
 * was made. Set by the HTTP layer around the call and read by the site's write frame, which every
 * editing operation passes through, so no operation has to carry it.
 */
export interface EditRequest {
  key: string | null;
  /** sha256 of the method, path, query (without the preview) and body. */
  fingerprint: string;
  /**
   * How long ago the edit was made, in ms, as the client counted (X-Edit-Age): the server takes it
   * from its own clock, so the two clocks need not agree.
   */
  age: number | null;
  /** Set by the write frame when the answer is the stored one of an earlier call with the key. */
  replayed: boolean;
}

const storage = new AsyncLocalStorage<EditRequest>();

export function withEditRequest<T>(request: EditRequest, fn: () => T): T {
  return storage.run(request, fn);
}

/** The editing call being served, or null outside one (a CMS write, a script). */
export function currentEditRequest(): EditRequest | null {
  return storage.getStore() ?? null;
}
