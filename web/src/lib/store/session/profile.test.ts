import { describe, expect, it } from 'vitest';
import { profileActions } from './profile.ts';
import { refusal, testKit, testUser } from './testKit.ts';

describe('the profile', () => {
  it('is read again quietly, and kept when the read fails', async () => {
    const fresh = testKit(() => ({ body: testUser({ name: 'Ada L.' }) }), { user: testUser() });
    await profileActions(fresh.kit).refreshUser();
    expect(fresh.state.user?.name).toBe('Ada L.');
    expect(fresh.overlays()).toBe(0);

    const failing = testKit(() => refusal(500, 'Down', 'INTERNAL'), { user: testUser() });
    await profileActions(failing.kit).refreshUser();
    expect(failing.state.user?.name).toBe('Ada');
    expect(failing.toasts).toEqual([]);
  });

  it('takes the user the server answers to an edit', async () => {
    const { kit, state, seen } = testKit(() => ({ body: testUser({ city: 'Helsinki' }) }), { user: testUser() });
    await profileActions(kit).updateProfile({ city: 'Helsinki' });
    expect(seen[0]).toEqual({ method: 'PATCH', path: '/api/user', body: { city: 'Helsinki' } });
    expect(state.user?.city).toBe('Helsinki');
  });

  it('disconnects a sign-in provider, and shows a refusal in the toast', async () => {
    const ok = testKit(() => ({ body: testUser({ githubAuth: false }) }), { user: testUser() });
    await profileActions(ok.kit).disconnectProvider('github');
    expect(ok.seen[0]).toMatchObject({ method: 'DELETE', path: '/api/user/auth/github' });
    expect(ok.state.user?.githubAuth).toBe(false);

    const refused = testKit(() => refusal(400, 'Set a password first', 'LAST_SIGN_IN'), { user: testUser() });
    await profileActions(refused.kit).disconnectProvider('github');
    expect(refused.toasts.map((t) => t.error)).toEqual(['Set a password first']);
  });

  it("changes the signed-in user's subscription, and nothing when no one is signed in", () => {
    const subscription = { ...testUser().subscription, planId: 2 };
    const signedIn = testKit(() => ({}), { user: testUser() });
    profileActions(signedIn.kit).setSubscription(subscription);
    expect(signedIn.state.user?.subscription.planId).toBe(2);

    const signedOut = testKit(() => ({}));
    profileActions(signedOut.kit).setSubscription(subscription);
    expect(signedOut.state.user).toBeNull();
  });
});
