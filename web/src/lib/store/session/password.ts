import type { SessionSlice } from '../session.ts';
import { request } from '../request.ts';
import type { SessionKit } from './kit.ts';

type Password = Pick<SessionSlice, 'forgotPassword' | 'resetPassword' | 'changePassword' | 'clearPasswordSaved'>;

/** The forgotten password, its reset, and a change from the security screen. */
export function passwordActions({ api, get, set, failed }: SessionKit): Password {
  return {
    forgotPassword: (email) => request(get, () => api.POST('/auth/forgot-password', { body: { email } }), { toast: false }),

    async resetPassword(token, password) {
      const outcome = await request(get, () => api.POST('/auth/reset-password', { body: { token, password } }), { toast: false });
      if (!outcome.error) set({ passwordSaved: true });
      return outcome;
    },

    async changePassword(password, passwordNew) {
      const { data, error } = await request(get, () => api.PATCH('/user/password', { body: { password, passwordNew } }), { toast: false });
      if (error) return failed(error);
      set({ passwordSaved: true });
      return { data };
    },

    clearPasswordSaved: () => set({ passwordSaved: false }),
  };
}
