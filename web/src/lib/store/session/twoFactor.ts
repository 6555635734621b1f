import type { SessionSlice } from '../session.ts';
import { request } from '../request.ts';
import type { SessionKit } from './kit.ts';

type TwoFactor = Pick<SessionSlice, 'startTwoFactorSetup' | 'enableTwoFactor' | 'disableTwoFactor' | 'cancelTwoFactorSetup'>;

/** Two-factor setup: a secret and its QR code, enabled by a confirming code; disabling clears it. */
export function twoFactorActions({ api, get, set }: SessionKit): TwoFactor {
  return {
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
  };
}
