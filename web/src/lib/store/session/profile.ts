import type { SessionSlice } from '../session.ts';
import { request } from '../request.ts';
import type { SessionKit } from './kit.ts';

type Profile = Pick<SessionSlice, 'refreshUser' | 'updateProfile' | 'disconnectProvider' | 'setSubscription'>;

/** The signed-in user's profile: read again, edited, a sign-in provider disconnected, the plan changed. */
export function profileActions({ api, get, set }: SessionKit): Profile {
  return {
    async refreshUser() {
      const { data } = await request(get, () => api.GET('/user'), { overlay: false, toast: false });
      if (data) set({ user: data });
    },

    async updateProfile(patch) {
      const outcome = await request(get, () => api.PATCH('/user', { body: patch }), { toast: false });
      if (outcome.data) set({ user: outcome.data });
      return outcome;
    },

    async disconnectProvider(provider) {
      const { data } = await request(get, () => api.DELETE('/user/auth/{provider}', { params: { path: { provider } } }));
      if (data) set({ user: data });
    },

    setSubscription(subscription) {
      const user = get().user;
      if (user) set({ user: { ...user, subscription } });
    },
  };
}
