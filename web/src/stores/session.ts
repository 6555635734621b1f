import type { ApiError, Schemas } from '@pagewright/sdk';
import type { StateCreator } from 'zustand';
import { api } from '../api.ts';
import { adminInitial } from './admin.ts';
import type { Store, StoreMiddleware } from './index.ts';
import { request, type Outcome } from './request.ts';
import { sitesInitial } from './sites.ts';

export type User = Schemas['User'];
type Session = Schemas['Session'];
export type Provider = 'google' | 'github';

export interface SessionSlice {
  token: string | null;
  user: User | null;
  /** 'checking' until the stored token has been validated on first load. */
  status: 'checking' | 'in' | 'out';
  /** The pending two-factor token between the password step and the code step. */
  twoFa: string | null;
  /** A two-factor secret and its QR code, shown while waiting for the confirming code. */
  tfaSetup: { secret: string; qr: string } | null;
  /** Set after a password reset or change; the login and security screens confirm it. */
  passwordSaved: boolean;
  /** Failed auth attempts; forms shake when it grows (spec 000 §8: each failure increments it). */
  errors: number;
  validate(): Promise<void>;
  login(email: string, password: string): Promise<Outcome<'signed-in' | 'two-factor'>>;
  loginTwoFactor(otp: string): Promise<Outcome<User>>;
  /** Provider sign-in keeps the second factor: the answer may be a two-factor token too. */
  loginWithToken(token: string): Promise<Outcome<'signed-in' | 'two-factor'>>;
  signup(name: string, email: string, password: string): Promise<Outcome<User>>;
  forgotPassword(email: string): Promise<Outcome<unknown>>;
  resetPassword(token: string, password: string): Promise<Outcome<unknown>>;
  logout(options?: { remote?: boolean }): Promise<void>;
  refreshUser(): Promise<void>;
  updateProfile(patch: { name?: string; email?: string; city?: string | null; country?: string | null }): Promise<Outcome<User>>;
  changePassword(password: string, passwordNew: string): Promise<Outcome<unknown>>;
  disconnectProvider(provider: Provider): Promise<void>;
  startTwoFactorSetup(): Promise<void>;
  enableTwoFactor(otp: string): Promise<Outcome<User>>;
  disableTwoFactor(): Promise<void>;
  cancelTwoFactorSetup(): void;
  setSubscription(subscription: User['subscription']): void;
  clearPasswordSaved(): void;
}

export const createSessionSlice: StateCreator<Store, StoreMiddleware, [], SessionSlice> = (set, get) => {
  const signedIn = (session: Session) => set({ token: session.token, user: session, status: 'in', twoFa: null });
  const failed = (error: ApiError) => {
    set((s) => ({ errors: s.errors + 1 }));
    return { error };
  };

  return {
    token: null,
    user: null,
    status: 'checking',
    twoFa: null,
    tfaSetup: null,
    passwordSaved: false,
    errors: 0,

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

    async signup(name, email, password) {
      const { data, error } = await request(get, () => api.POST('/auth/signup', { body: { name, email, password } }), { toast: false });
      if (error) return failed(error);
      signedIn(data);
      return { data };
    },

    forgotPassword: (email) => request(get, () => api.POST('/auth/forgot-password', { body: { email } }), { toast: false }),

    async resetPassword(token, password) {
      const outcome = await request(get, () => api.POST('/auth/reset-password', { body: { token, password } }), { toast: false });
      if (!outcome.error) set({ passwordSaved: true });
      return outcome;
    },

    async logout({ remote = false } = {}) {
      if (remote && get().token) {
        await request(get, () => api.POST('/auth/logout'), { toast: false });
      }
      set({
        token: null,
        user: null,
        status: 'out',
        twoFa: null,
        tfaSetup: null,
        popup: null,
        error: null,
        ...sitesInitial,
        ...adminInitial,
      });
    },

    async refreshUser() {
      const { data } = await request(get, () => api.GET('/user'), { overlay: false, toast: false });
      if (data) set({ user: data });
    },

    async updateProfile(patch) {
      const outcome = await request(get, () => api.PATCH('/user', { body: patch }), { toast: false });
      if (outcome.data) set({ user: outcome.data });
      return outcome;
    },

    async changePassword(password, passwordNew) {
      const { data, error } = await request(get, () => api.PATCH('/user/password', { body: { password, passwordNew } }), { toast: false });
      if (error) return failed(error);
      set({ passwordSaved: true });
      return { data };
    },

    async disconnectProvider(provider) {
      const { data } = await request(get, () => api.DELETE('/user/auth/{provider}', { params: { path: { provider } } }));
      if (data) set({ user: data });
    },

    async startTwoFactorSetup() {
      const { data } = await request(get, () => api.GET('/user/2fa'));
      if (data) set({ tfaSetup: { secret: data.secret, qr: data.qr } });
    },

    async enableTwoFactor(otp) {
      const secret = get().tfaSetup?.secret ?? '';
      const outcome = await request(get, () => api.POST('/user/2fa', { body: { secret, otp } }), { toast: false });
      if (outcome.data) set({ user: outcome.data, tfaSetup: null });
      return outcome;
    },

    async disableTwoFactor() {
      const { data } = await request(get, () => api.DELETE('/user/2fa'));
      // Disabling clears the secret and QR (spec 000 §4).
      if (data) set({ user: data, tfaSetup: null });
    },

    cancelTwoFactorSetup: () => set({ tfaSetup: null }),

    setSubscription(subscription) {
      const user = get().user;
      if (user) set({ user: { ...user, subscription } });
    },

    clearPasswordSaved: () => set({ passwordSaved: false }),
  };
};
