import type { ApiError, PagewrightClient, Schemas } from '@pagewright/sdk';
import type { Store } from '../index.ts';
import type { SessionSlice } from '../session.ts';
import type { UiSlice } from '../ui.ts';

/** The session's fields, and the shell's that a request uses (the overlay and the toast). */
export type SessionState = Pick<SessionSlice, 'token' | 'user' | 'status' | 'twoFa' | 'tfaSetup' | 'passwordSaved' | 'errors'> &
  Pick<UiSlice, 'beginFetch' | 'endFetch' | 'showError'>;

/** What the parts of the session slice work with: the API, the store, and the steps they share. */
export interface SessionKit {
  api: PagewrightClient;
  get(): SessionState;
  set(partial: Partial<Store> | ((state: SessionState) => Partial<SessionState>)): void;
  /** The other slices as a signed-out user finds them (signing out resets them). */
  signedOut: Partial<Store>;
  signedIn(session: Schemas['Session']): void;
  /** A failed auth attempt: counted, so the form shakes (spec 000 §8), and answered as the outcome. */
  failed(error: ApiError): { error: ApiError };
}

export function sessionKit(api: PagewrightClient, set: SessionKit['set'], get: SessionKit['get'], signedOut: Partial<Store>): SessionKit {
  return {
    api,
    get,
    set,
    signedOut,
    signedIn: (session) => set({ token: session.token, user: session, status: 'in', twoFa: null }),
    failed: (error) => {
      set((s) => ({ errors: s.errors + 1 }));
      return { error };
    },
  };
}
