import type { SessionSlice } from '../session.ts';
import { request } from '../request.ts';
import type { SessionKit } from './kit.ts';

type SignIn = Pick<SessionSlice, 'validate' | 'login' | 'loginTwoFactor' | 'loginWithToken' | 'signup' | 'logout'>;

/** Signing in (password, second factor, provider token), signing up, and signing out. */
export function signInActions({ api, get, set, signedIn, failed, signedOut }: SessionKit): SignIn {
  return {
    async validate() {
      const token = get().token;
      if (!token) {
        set({ status: 'out' });
        return;
      }
      // Failed validation is silently ignored (spec 000 §8): the guard then shows the login.
      const { data } = await request(get, () => api.POST('/auth/validate', { body: { token } }), { overlay: false, toast: false });
      if (data) signedIn(data);
      else set({ token: null, user: null, status: 'out' });
    },

    async login(email, password) {
      const outcome = await request(get, () => api.POST('/auth/login', { body: { email, password } }), { toast: false });
      if (outcome.error) return failed(outcome.error);
      const data = outcome.data;
      if ('tfaToken' in data) {
        set({ twoFa: data.tfaToken });
        return { data: 'two-factor' };
      }
      signedIn(data);
      set({ passwordSaved: false });
      return { data: 'signed-in' };
    },

    async loginTwoFactor(otp) {
      const token = get().twoFa ?? '';
      const { data, error } = await request(get, () => api.POST('/auth/login/2fa', { body: { token, otp } }), { toast: false });
      if (error) return failed(error);
      signedIn(data);
      return { data };
    },

    async loginWithToken(token) {
      const outcome = await request(get, () => api.POST('/auth/login/token', { body: { token } }), { toast: false });
      if (outcome.error) return outcome;
      const data = outcome.data;
      if ('tfaToken' in data) {
        set({ twoFa: data.tfaToken });
        return { data: 'two-factor' };
      }
      signedIn(data);
      return { data: 'signed-in' };
    },

    async signup(name, email, password, acceptTerms) {
      const body = { name, email, password, ...(acceptTerms ? { acceptTerms: true } : {}) };
      const { data, error } = await request(get, () => api.POST('/auth/signup', { body }), { toast: false });
      if (error) return failed(error);
      signedIn(data);
      return { data };
    },

    async logout({ remote = false } = {}) {
      if (remote && get().token) {
        await request(get, () => api.POST('/auth/logout'), { toast: false });
      }
      set({ token: null, user: null, status: 'out', twoFa: null, tfaSetup: null, popup: null, error: null, ...signedOut });
    },
  };
}
