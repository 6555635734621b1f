import type { Schemas } from '@pagewright/sdk';
import type { StateCreator } from 'zustand';
import { api } from '../api.ts';
import { adminInitial } from './admin.ts';
import type { Store, StoreMiddleware } from './index.ts';
import type { Outcome } from './request.ts';
import { sessionKit } from './session/kit.ts';
import { passwordActions } from './session/password.ts';
import { profileActions } from './session/profile.ts';
import { signInActions } from './session/signIn.ts';
import { twoFactorActions } from './session/twoFactor.ts';
import { sitesInitial } from './sites.ts';

export type User = Schemas['User'];
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
  /** `acceptTerms`: the terms checkbox; the server records when (its own time). */
  signup(name: string, email: string, password: string, acceptTerms?: boolean): Promise<Outcome<User>>;
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
  const kit = sessionKit(api, set, get, { ...sitesInitial, ...adminInitial });
  return {
    token: null,
    user: null,
    status: 'checking',
    twoFa: null,
    tfaSetup: null,
    passwordSaved: false,
    errors: 0,
    ...signInActions(kit),
    ...passwordActions(kit),
    ...profileActions(kit),
    ...twoFactorActions(kit),
  };
};
